import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, type Page, test } from '../fixtures';
import { GUARDED_PORT, GUARDED_URL, MAIN_PORT } from '../ports';
import { injectWallet } from './wallet-stub';

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('ob.token'));

test('a visitor signs in with a wallet from the log-in page and sees the address in the account menu', async ({
  page,
}) => {
  const account = privateKeyToAccount(generatePrivateKey());
  let release: () => void = () => undefined;
  const holdSignature = new Promise<void>((resolve) => {
    release = resolve;
  });
  const signed = await injectWallet(page, account, { holdSignature });

  await page.goto('/pass/login');
  await page.getByRole('button', { name: 'Sign in with a wallet' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Confirm the sign-in message in your wallet' }),
  ).toBeVisible();
  release();

  await expect(page).toHaveURL(new RegExp(`:${MAIN_PORT}/$`));
  await expect(page.getByTestId('account-menu')).toContainText(account.address);
  // The wallet signed the server's EIP-4361 message for this site and this address, unchanged.
  expect(signed).toHaveLength(1);
  expect(signed[0]).toMatch(
    new RegExp(
      `^127\\.0\\.0\\.1:${MAIN_PORT} wants you to sign in with your Ethereum account:\\n${account.address}\\n`,
    ),
  );
  expect(signed[0]).toContain('Chain ID: 1\n');
});

test('when the user rejects the signature, the reason is shown and nobody is signed in', async ({ page }) => {
  const account = privateKeyToAccount(generatePrivateKey());
  await injectWallet(page, account, { rejectSigning: true });

  await page.goto('/pass/login');
  await page.getByRole('button', { name: 'Sign in with a wallet' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'You rejected the request in your wallet.' })).toBeVisible();
  await expect(page).toHaveURL(/\/pass\/login$/);
  await expect(page.getByTestId('account-menu')).toHaveCount(0);
  expect(await storedToken(page)).toBeNull();
});

test('without any wallet, the visitor is told to install one after the TronLink wait', async ({ page }) => {
  await page.goto('/pass/login');
  await page.getByRole('button', { name: 'Sign in with a wallet' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Waiting for your wallet' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'No wallet found.' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
});

test.describe('wallet-only deployment with the access guard', () => {
  test.use({ baseURL: GUARDED_URL });

  test('a visitor on /empty signs in with the wallet, lands on / and is named by the last 6 characters', async ({
    page,
  }) => {
    const account = privateKeyToAccount(generatePrivateKey());
    await injectWallet(page, account);

    await page.goto('/empty');
    await page.getByRole('button', { name: 'Sign in with a wallet' }).click();
    await expect(page).toHaveURL(new RegExp(`:${GUARDED_PORT}/$`));
    const userName = page.getByTestId('account-menu').or(page.getByTestId('mobile-user-name'));
    await expect(userName).toHaveText(account.address.slice(-6));
  });

  test('switching the wallet to another account signs the user out with the reason', async ({ page }) => {
    const account = privateKeyToAccount(generatePrivateKey());
    const other = privateKeyToAccount(generatePrivateKey());
    await injectWallet(page, account);

    await page.goto('/empty');
    await page.getByRole('button', { name: 'Sign in with a wallet' }).click();
    await expect(page).toHaveURL(new RegExp(`:${GUARDED_PORT}/$`));
    await expect(page.getByTestId('account-menu')).toBeVisible();

    await page.evaluate((address) => {
      (window as unknown as { __obSwitchAccount: (next: string) => void }).__obSwitchAccount(address);
    }, other.address);
    await expect(page).toHaveURL(/\/empty$/);
    await expect(page.getByTestId('forced-logout-reason')).toContainText(
      'The connected wallet is not the one linked to this account.',
    );
    await expect(page.getByTestId('account-menu')).toHaveCount(0);
    expect(await storedToken(page)).toBeNull();
  });
});
