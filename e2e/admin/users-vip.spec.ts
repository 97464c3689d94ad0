import { seriousViolations } from '../a11y/scan';
import { expect, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';
import { signInNewOperator } from './operators';

test('an admin finds a user by name, changes their VIP level after confirming, and the change is in the audit log', async ({
  page,
  browser,
}) => {
  const customer = newIdentity('vipcustomer');
  const customerPage = await browser.newPage();
  await registerThroughForm(customerPage, customer);
  await customerPage.close();

  // The page's Content-Security-Policy holds: nothing it refuses (a dialog's scroll-lock style,
  // a schema library's eval probe) is even attempted.
  const refusedByPolicy: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/.test(message.text())) refusedByPolicy.push(message.text());
  });
  await signInNewOperator(page, 'admin');
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Users' }).click();
  await page.getByLabel('Search users').fill(customer.userName);
  await page.getByLabel('Search users').press('Enter');
  await page.getByRole('link', { name: customer.userName }).click();
  await expect(page.getByRole('heading', { level: 1, name: customer.userName })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('combobox', { name: 'New VIP level' }).click();
  await page.getByRole('option', { name: 'VIP2' }).click();
  await page.getByRole('button', { name: 'Change level' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the VIP level?' });
  await expect(dialog).toContainText(`Change the VIP level of ${customer.userName} from Normal to VIP2.`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`${customer.userName} is now VIP2.`)).toBeVisible();
  await expect(page.getByText('Current level: VIP2')).toBeVisible();
  expect(refusedByPolicy).toEqual([]);

  await page.goto('/admin/audit-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'identity.user.level' }).first()).toBeVisible();
});
