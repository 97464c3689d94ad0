import { seriousViolations } from '../a11y/scan';
import { expect, test } from '../fixtures';
import { signInNewOperator } from './operators';

// Every back-office area is scanned in English, light and dark, by a11y/axe.spec.ts; this one
// scans the right-to-left layout.
test('axe finds no serious or critical violation on the back office in Arabic, right to left', async ({ page }) => {
  test.setTimeout(120_000);
  await signInNewOperator(page, 'admin');
  await page.evaluate(() => localStorage.setItem('ob.language', 'ar'));
  await page.goto('/admin/users');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('navigation', { name: 'المكتب الخلفي' })).toBeVisible();
  // Wait for the area's data, not its loading state.
  await expect(page.getByRole('status').filter({ hasText: 'جارٍ التحميل' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
