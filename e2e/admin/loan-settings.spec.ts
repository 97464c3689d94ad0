import { seriousViolations } from '../a11y/scan';
import { expect, test } from '../fixtures';
import { signInNewOperator } from './operators';

test("an admin raises the sandbox crypto-backed product's daily rate after confirming, and the audit log shows it", async ({
  page,
}) => {
  await signInNewOperator(page, 'admin');
  await page.goto('/admin/settings?tab=loans');
  await expect(page.getByRole('heading', { level: 1, name: 'Products and settings' })).toBeVisible();
  // The sandbox seeds one unsecured and one crypto-backed USDT product (SPEC §9).
  const row = page.getByRole('row').filter({ hasText: 'Crypto-backed' });
  await expect(row).toContainText('BTC, ETH');
  await expect(page.getByRole('row').filter({ hasText: 'Unsecured' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByRole('button', { name: /^Edit loan product/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Edit loan product/ });
  await expect(dialog.getByLabel('Daily rate')).toHaveValue('0.03');
  await dialog.getByLabel('Daily rate').fill('0,04');
  await expect(dialog.getByText('A percentage from 0 to below 10')).toBeVisible();
  await dialog.getByLabel('Daily rate').fill('0.04');
  await dialog.getByLabel('Reason').fill('rate review');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  const confirmation = page.getByRole('dialog', { name: /^Save the changes to loan product/ });
  await expect(confirmation).toContainText('0.03%');
  await expect(confirmation).toContainText('0.04%');
  await confirmation.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/changes saved/)).toBeVisible();
  await expect(row).toContainText('0.04%');

  await page.goto('/admin/audit-log?action=lending.settings.update');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'lending.settings.update' }).first()).toBeVisible();
});
