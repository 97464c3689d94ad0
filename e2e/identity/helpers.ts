import { createHmac } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { MAIN_MAIL_PORT } from '../ports';

/** The 6-digit code the local SMTP server (scripts/e2e-server.mjs) received for an address. */
export async function codeFor(
  address: string,
  options: { differentFrom?: string; mailPort?: number } = {},
): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const response = await fetch(
        `http://127.0.0.1:${options.mailPort ?? MAIN_MAIL_PORT}/code?to=${encodeURIComponent(address)}`,
      );
      code = ((await response.json()) as { code: string | null }).code ?? '';
      // Waiting for a newer mail: the previous code may still be the latest one.
      return code !== options.differentFrom ? code : '';
    })
    .toMatch(/^\d{6}$/);
  return code;
}

let counter = 0;
export function newIdentity(prefix: string) {
  counter += 1;
  const userName = `${prefix}${Date.now().toString(36)}${counter}`;
  return { userName, email: `${userName}@example.test`, password: 'Sturdy-Ledger-2026' };
}

/** Registers through the form, reading the code from the mail server. */
export async function registerThroughForm(page: Page, who: ReturnType<typeof newIdentity>) {
  await page.goto('/pass/register');
  await page.getByLabel('User name').fill(who.userName);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByTestId('send-code').click();
  await expect(page.getByRole('status').filter({ hasText: who.email })).toBeVisible();
  const code = await codeFor(who.email);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password);
  await page.getByLabel('Repeat the password').fill(who.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  return code;
}

/** The authenticator app's code (RFC 6238: HMAC-SHA1, 30 s steps, 6 digits) for a base32 key. */
export function authenticatorCode(base32Key: string, at = Date.now()): string {
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
