import { expect, test } from '../fixtures';
import { codeFor, newIdentity, registerThroughForm } from './helpers';

test('a visitor registers with the e-mailed code, sees the profile, logs out and logs back in', async ({ page }) => {
  const who = newIdentity('journey');
  await registerThroughForm(page, who);
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(page.getByText(who.email)).toBeVisible();
  await expect(page.getByTestId('account-menu')).toContainText(who.userName);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

  await page.getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('User name or e-mail').fill(who.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('account-menu')).toContainText(who.userName);
});

test('a wrong password is refused in the user language and signs nobody in', async ({ page }) => {
  await page.goto('/pass/login');
  await page.getByLabel('User name or e-mail').fill('nobody-at-all');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Whatever-2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('The password is incorrect.')).toBeVisible();
  await expect(page).toHaveURL(/\/pass\/login$/);
});

test('a user resets a forgotten password with an e-mailed code', async ({ page }) => {
  const who = newIdentity('reset');
  const registrationCode = await registerThroughForm(page, who);
  await page.getByRole('button', { name: 'Log out' }).click();
  // The session ends once the server has answered; then the page goes home.
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/pass/reset');
  await page.getByLabel('E-mail').fill(who.email);
  // The registration code was sent a moment ago to the same address; the reset code is a new mail.
  await page.getByTestId('send-code').click();
  await expect(page.getByRole('status').filter({ hasText: who.email })).toBeVisible();
  const code = await codeFor(who.email, { differentFrom: registrationCode });
  await page.getByLabel('Verification code').fill(code);
  await page.getByLabel('New password').fill('Brand-New-Ledger-7');
  await page.getByLabel('Repeat the password').fill('Brand-New-Ledger-7');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/pass\/login$/);

  await page.getByLabel('User name or e-mail').fill(who.userName);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Brand-New-Ledger-7');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('account-menu')).toBeVisible();
});

test('a revoked token sends the user to the login page with the reason', async ({ page, request }) => {
  const who = newIdentity('revoked');
  await registerThroughForm(page, who);
  // Another device changes the password: every other session, this browser's included, ends.
  const login = await request.post('/swx/customer/login/login', {
    data: { userName: who.userName, password: who.password },
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const changed = await request.post('/swx/customer/user/repassword', {
    headers: { authorization: token },
    data: { oldPassword: who.password, password: 'Another-Ledger-9', confirmPassword: 'Another-Ledger-9' },
  });
  expect(((await changed.json()) as { code: number }).code).toBe(20005);

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/pass\/login$/);
  await expect(
    page
      .getByRole('link', { name: 'Log in' })
      .or(page.getByRole('button', { name: 'Log in' }))
      .first(),
  ).toBeVisible();
});

test('the profile is only for signed-in users', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/pass\/login$/);
});
