import { seriousViolations } from '../a11y/scan';
import { expect, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';
import { signInNewOperator, signInNewOperatorThroughForms, signInWithTwoFactor } from './operators';

test('an admin turns on two-factor when the back office asks, signs in again with a code and sees every area', async ({
  page,
}) => {
  const admin = await signInNewOperatorThroughForms(page, 'admin');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByTestId('account-menu')).toHaveCount(0);

  await signInWithTwoFactor(page, admin);
  await page.goto('/admin');
  const navigation = page.getByRole('navigation', { name: 'Back office' });
  for (const area of [
    'Dashboard',
    'Users',
    'Review queues',
    'Support',
    'Treasury',
    'Content',
    'Products and settings',
    'Audit log',
  ]) {
    await expect(navigation.getByRole('link', { name: area })).toBeVisible();
  }
  await expect(page.getByTestId('admin-operator')).toContainText(admin.userName);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a support agent sees only the areas their role opens; a plain user is told the back office is not for them', async ({
  page,
}) => {
  await signInNewOperator(page, 'support');
  await page.goto('/admin');
  const navigation = page.getByRole('navigation', { name: 'Back office' });
  await expect(navigation.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Support' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Review queues' })).toHaveCount(0);
  await expect(navigation.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await expect(navigation.getByRole('link', { name: 'Treasury' })).toHaveCount(0);
  // An area the role does not open leads back to the dashboard rather than to refusals.
  await page.goto('/admin/audit-log');
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto('/profile');
  // The first-choice prompt (demo or live) may slide in above the page as it loads and take the
  // first click: log out again until the account menu is gone.
  await expect(async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByTestId('account-menu')).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  const user = newIdentity('plain');
  await registerThroughForm(page, user);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'No access to the back office' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveCount(0);
});
