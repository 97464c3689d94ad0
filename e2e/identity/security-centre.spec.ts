import { readFile } from 'node:fs/promises';
import { seriousViolations } from '../a11y/scan';
import { expect, type Page, test } from '../fixtures';
import { authenticatorCode, newIdentity, registerThroughForm } from './helpers';

/** The security centre (#16): sessions in use, "sign out everywhere", two-factor recovery codes. */

async function logIn(page: Page, who: { userName: string; password: string }) {
  await page.goto('/pass/login');
  await page.getByLabel('User name or e-mail').fill(who.userName);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function openSecurityCentre(page: Page) {
  await page.goto('/profile');
  // The verification card above the links loads on its own (its chunk, texts and record): the
  // link is clicked once it has, not while the page is still moving it down.
  await expect(page.getByTestId('kyc-status')).toBeVisible();
  await page.getByRole('link', { name: 'Security centre' }).click();
  await expect(page).toHaveURL(/\/profile\/security$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Security centre' })).toBeVisible();
}

test('a user sees both sessions, signs out everywhere else, and the other browser is signed out', async ({
  page,
  browser,
}) => {
  // Two browsers on one account: long on a busy machine.
  test.slow();
  const who = newIdentity('secure');
  await registerThroughForm(page, who);

  // The same account in a second browser.
  const elsewhere = await browser.newContext();
  const otherPage = await elsewhere.newPage();
  await logIn(otherPage, who);
  await expect(otherPage).toHaveURL(/\/$/);
  await expect(otherPage.getByTestId('account-menu')).toContainText(who.userName);

  await openSecurityCentre(page);
  const sessions = page.getByTestId('security-session');
  await expect(sessions).toHaveCount(2);
  const thisOne = sessions.filter({ hasText: 'This device' });
  await expect(thisOne).toHaveCount(1);
  await expect(thisOne).toContainText('Chrome');
  await expect(thisOne).toContainText('Address: 127.0.0.x');
  // Labelled, readable and reachable: no serious accessibility violation on the page.
  expect(await seriousViolations(page, { include: ['main'] })).toEqual([]);

  await page.getByTestId('sign-out-everywhere').click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere else' });
  await expect(dialog).toContainText('Every other session (1) will be signed out at once.');
  await dialog.getByRole('button', { name: 'Sign out the others' }).click();
  await expect(page.getByText('Every other session has been signed out.')).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(sessions).toContainText('This device');

  // The other browser's next action finds its session ended.
  await otherPage.goto('/profile');
  await expect(otherPage).toHaveURL(/\/pass\/login$/);
  await expect(otherPage.getByTestId('account-menu')).toHaveCount(0);
  await elsewhere.close();

  // The sign-in history lists the registration and the other browser's sign-in.
  const history = page.getByTestId('sign-in-history');
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history).toContainText('Registration');
  await expect(history).toContainText('Password');
});

test('a user with two-factor on makes recovery codes and signs in with one, once', async ({ page }) => {
  // Three sign-ins and a two-factor set-up: long on a busy machine.
  test.slow();
  const who = newIdentity('recover');
  await registerThroughForm(page, who);
  const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
  await twoFactor.getByRole('button', { name: 'Set up' }).click();
  const key = (await twoFactor.getByTestId('totp-secret').textContent()) ?? '';
  await twoFactor.getByLabel('Authenticator code').fill(authenticatorCode(key));
  await twoFactor.getByRole('button', { name: 'Turn on' }).click();
  await expect(twoFactor.getByText('On', { exact: true })).toBeVisible();

  await openSecurityCentre(page);
  const recovery = page.getByRole('region', { name: 'Two-factor recovery codes' });
  await expect(recovery.getByTestId('recovery-codes-remaining')).toHaveText('You have no recovery codes yet.');
  // A wrong password makes none.
  await recovery.getByLabel('Confirm with your password').fill('Not-My-Password-1');
  await recovery.getByRole('button', { name: 'Generate recovery codes' }).click();
  await expect(recovery.getByLabel('Confirm with your password')).toHaveAccessibleDescription(
    'The password is incorrect.',
  );
  await recovery.getByLabel('Confirm with your password').fill(who.password);
  await recovery.getByRole('button', { name: 'Generate recovery codes' }).click();
  const shown = recovery.getByTestId('recovery-code');
  await expect(shown).toHaveCount(10);
  const codes = await shown.allTextContents();
  for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
  await expect(recovery.getByTestId('recovery-codes-remaining')).toHaveText('Codes left: 10 of 10');

  // Downloadable as text, every code in it.
  const download = page.waitForEvent('download');
  await recovery.getByRole('button', { name: 'Download as text' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('openbourse-recovery-codes.txt');
  const text = await readFile(await file.path(), 'utf8');
  for (const code of codes) expect(text).toContain(code);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 45_000 });

  // The password, then a recovery code in place of the authenticator's.
  await logIn(page, who);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(String(codes[0]).toLowerCase());
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('account-menu')).toContainText(who.userName);

  await openSecurityCentre(page);
  await expect(
    page.getByRole('region', { name: 'Two-factor recovery codes' }).getByTestId('recovery-codes-remaining'),
  ).toHaveText('Codes left: 9 of 10');
  await expect(page.getByTestId('sign-in-history')).toContainText('Password + recovery code');

  // The same code does not work twice.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 45_000 });
  await logIn(page, who);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(String(codes[0]));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('The recovery code is incorrect or has already been used.')).toBeVisible();
  await expect(page).toHaveURL(/\/pass\/login$/);
});
