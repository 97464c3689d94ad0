import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, test } from '../fixtures';
import { MAIN_PORT } from '../ports';
import { authenticatorCode } from './helpers';
import { injectWallet } from './wallet-stub';

test('with two-factor authentication on, a wallet sign-in also asks for the authenticator code', async ({ page }) => {
  const account = privateKeyToAccount(generatePrivateKey());
  await injectWallet(page, account);
  await page.goto('/pass/login');
  await page.getByRole('button', { name: 'Sign in with a wallet' }).click();
  await expect(page.getByTestId('account-menu')).toContainText(account.address);

  // Turn two-factor authentication on from the profile.
  await page.goto('/profile');
  const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
  await twoFactor.getByRole('button', { name: 'Set up' }).click();
  const key = (await twoFactor.getByTestId('totp-secret').textContent()) ?? '';
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  await twoFactor.getByLabel('Authenticator code').fill(authenticatorCode(key));
  await twoFactor.getByRole('button', { name: 'Turn on' }).click();
  await expect(twoFactor.getByText('On', { exact: true })).toBeVisible();
  // A wallet account has no password: turning it off will ask for the code alone.
  await expect(twoFactor).toContainText('To turn it off, enter a current code from your authenticator app.');
  await expect(twoFactor.getByRole('textbox', { name: 'Password', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByTestId('account-menu')).toHaveCount(0);
  await page.goto('/pass/login');

  // The signature alone no longer signs in: the code is asked for, and a wrong one is refused.
  await page.getByRole('button', { name: 'Sign in with a wallet' }).click();
  const step = page.getByRole('dialog').getByTestId('second-factor');
  await expect(step).toContainText('Enter the 6-digit code from your authenticator app');
  // Asked on the page as a step of signing in, not announced as a failure.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await expect(page.getByTestId('account-menu')).toHaveCount(0);
  const right = authenticatorCode(key);
  await step.getByLabel('Authenticator code').fill(right === '000000' ? '111111' : '000000');
  await step.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('The authenticator code is incorrect.').first()).toBeVisible();
  await expect(page.getByTestId('account-menu')).toHaveCount(0);

  // Each code is accepted once (#13): the one that turned two-factor on may still be showing,
  // so the app's next code, which the server's one-step drift window takes, signs in.
  await step.getByLabel('Authenticator code').fill(authenticatorCode(key, Date.now() + 30_000));
  await step.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`:${MAIN_PORT}/$`));
  await expect(page.getByTestId('account-menu')).toContainText(account.address);
});
