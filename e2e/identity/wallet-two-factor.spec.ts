import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { injectWallet } from './wallet-stub';

/** The authenticator app's code (RFC 6238: HMAC-SHA1, 30 s steps, 6 digits) for a base32 key. */
function authenticatorCode(base32Key: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...base32Key.replace(/=+$/, '').toUpperCase()]
    .map((char) => alphabet.indexOf(char).toString(2).padStart(5, '0'))
    .join('');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

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

  await step.getByLabel('Authenticator code').fill(authenticatorCode(key));
  await step.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/:8091\/$/);
  await expect(page.getByTestId('account-menu')).toContainText(account.address);
});
