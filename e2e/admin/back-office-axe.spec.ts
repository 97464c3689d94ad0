import { expect, test } from '../fixtures';
import { seriousViolations, signInNewOperator } from './operators';

test('axe finds no serious or critical violation on any back-office area, in English and in Arabic', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInNewOperator(page, 'admin');
  const areas: Array<[string, string]> = [
    ['/admin', 'Dashboard'],
    ['/admin/users', 'Users'],
    ['/admin/queues', 'Review queues'],
    ['/admin/content', 'Content'],
    ['/admin/settings', 'Products and settings'],
    ['/admin/settings?tab=fees', 'Products and settings'],
    ['/admin/settings?tab=hours', 'Products and settings'],
    ['/admin/settings?tab=payments', 'Products and settings'],
    ['/admin/audit-log', 'Audit log'],
  ];
  for (const [path, heading] of areas) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Wait for the area's data, not its loading state.
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
    expect(await seriousViolations(page), path).toEqual([]);
  }
  // Right to left: the layout and its texts in Arabic.
  await page.evaluate(() => localStorage.setItem('ob.language', 'ar'));
  await page.goto('/admin/users');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('navigation', { name: 'المكتب الخلفي' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
