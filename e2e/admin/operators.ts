import { expect, type Page } from '@playwright/test';
import { authenticatorCode } from '../identity/helpers';
import { MAIN_MAIL_PORT } from '../ports';

export type OperatorRole = 'admin' | 'reviewer' | 'support';
export type Operator = { userName: string; password: string; totpKey: string };

/** A new operator, made by `admin:create` against the journeys' deployment (scripts/e2e-server.mjs). */
async function createOperator(role: OperatorRole): Promise<{ userName: string; password: string }> {
  const response = await fetch(`http://127.0.0.1:${MAIN_MAIL_PORT}/operator?role=${role}`);
  const answer = (await response.json()) as { userName?: string; password?: string; error?: string };
  if (!answer.userName || !answer.password) throw new Error(`no operator: ${answer.error ?? response.status}`);
  return { userName: answer.userName, password: answer.password };
}

async function logInWithPassword(page: Page, who: { userName: string; password: string }) {
  await page.goto('/pass/login');
  await page.getByLabel('User name or e-mail').fill(who.userName);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * A new operator signed in, with two-factor authentication turned on the way the back office
 * asks for it: /admin says it is needed and leads to the profile's two-factor section.
 */
export async function signInNewOperator(page: Page, role: OperatorRole): Promise<Operator> {
  const created = await createOperator(role);
  await logInWithPassword(page, created);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Turn on two-factor authentication' })).toBeVisible();
  await page.getByRole('link', { name: 'Set up two-factor authentication' }).click();
  const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(twoFactor.getByTestId('operator-two-factor-required')).toBeVisible();
  await twoFactor.getByRole('button', { name: 'Set up' }).click();
  const totpKey = (await twoFactor.getByTestId('totp-secret').textContent()) ?? '';
  await twoFactor.getByLabel('Authenticator code').fill(authenticatorCode(totpKey));
  await twoFactor.getByRole('button', { name: 'Turn on' }).click();
  await expect(twoFactor.getByText('On', { exact: true })).toBeVisible();
  return { ...created, totpKey };
}

/**
 * Signs an operator whose two-factor is on in again: password, then the authenticator's next
 * code (each code is accepted once, #13, and the one that turned it on may still be current).
 */
export async function signInWithTwoFactor(page: Page, operator: Operator, codeOffsetSteps = 1) {
  await logInWithPassword(page, operator);
  // The form asks for the code once the password is right; the same "Log in" sends both.
  const code = page.getByRole('textbox', { name: 'Authenticator code' });
  await expect(page.getByText('Two-factor authentication is on for this account.')).toBeVisible();
  await code.fill(authenticatorCode(operator.totpKey, Date.now() + codeOffsetSteps * 30_000));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('account-menu')).toBeVisible();
}
