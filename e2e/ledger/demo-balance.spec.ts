import { readFileSync } from 'node:fs';
import { seriousViolations } from '../a11y/scan';
import { expect, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';

test('a demo user sees 100,000 USDT, resets the demo account, finds the funding entry and downloads the CSV', async ({
  page,
}) => {
  await registerThroughForm(page, newIdentity('ledger'));

  // The profile switches the account to demo; the balance link opens the demo book.
  await page.locator('label', { hasText: 'Demo account' }).click();
  await expect(page.getByText('Switched to Demo Account')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Balance', exact: true }).click();
  await expect(page).toHaveURL(/\/profile\/balance$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Balance' })).toBeVisible();
  await expect(page.getByTestId('account-mode')).toHaveText('Demo account');

  const usdt = page.getByTestId('balances-table').getByRole('row', { name: /^USDT/ });
  await expect(usdt.getByRole('cell').first()).toHaveText('100,000.00');

  // The reset asks first, and says what it does.
  await page.getByRole('main').getByRole('button', { name: 'Reset demo account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset the demo account?' });
  await expect(dialog).toContainText('100,000 virtual USDT');
  await dialog.getByRole('button', { name: 'Reset demo account' }).click();
  await expect(page.getByText('Your demo account has been reset to 100,000 USDT.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(usdt.getByRole('cell').first()).toHaveText('100,000.00');

  // The statement names the funding in the user's language, signed as a credit: in the ledger's
  // view (one line per trade is the default, and this user has not traded).
  await expect(page.getByTestId('trades-empty')).toHaveText('There are no closed trades yet.');
  await page.locator('label', { hasText: 'Ledger entries' }).click();
  const statement = page.getByTestId('statement-table');
  const funding = statement.getByRole('row').filter({ hasText: 'Demo funding' });
  await expect(funding).toHaveCount(1);
  await expect(funding).toContainText('+100,000.00');

  // Filters go to the server: another type finds nothing, the funding type finds the entry.
  await page.getByLabel('Type').selectOption({ label: 'Deposit' });
  await expect(page.getByTestId('statement-empty')).toHaveText('No entries match these filters.');
  await page.getByLabel('Type').selectOption({ label: 'Demo funding' });
  await expect(funding).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  // The CSV carries the same filter and comes as the file itself.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('openbourse-statement-demo.csv');
  const path = await download.path();
  const lines = readFileSync(path, 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('time,asset,account,reason,amount,balance_after,reference_type,reference_id,note');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('"USDT","available","demo_funding","100000.000000","100000.000000"');
});

test('the balance page is for signed-in users only', async ({ page }) => {
  await page.goto('/profile/balance');
  await expect(page).toHaveURL(/\/pass\/login$/);
});
