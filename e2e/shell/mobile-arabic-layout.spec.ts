import { expect, test } from '../fixtures';

test.use({ locale: 'ar' });

/**
 * Arabic on a phone (issue 16, item 10): the tab bar's labels stay on the screen (the longest,
 * "الملف الشخصي", wraps to two lines instead of running past the edge), and a Latin instrument
 * name in the Arabic list is written left to right, so its ellipsis cuts its end, not its start.
 */
test('in Arabic the tab bar fits the phone and instrument names keep their beginning', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ob.language', 'ar'));
  await page.goto('/market?tab=2');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  const width = await page.evaluate(() => document.documentElement.clientWidth);
  const labels = page.getByTestId('tab-bar').locator('.ob-tabbar-label');
  await expect(labels.first()).toBeVisible();
  for (const box of await labels.evaluateAll((elements) =>
    elements.map((element) => {
      const rect = element.getBoundingClientRect();
      return { left: rect.left, right: rect.right, clipped: element.scrollWidth > element.clientWidth + 1 };
    }),
  )) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(width);
    expect(box.clipped).toBe(false);
  }

  const name = page.getByTestId('market-row-BTCUSDT').getByTestId('market-row-name');
  await expect(name).toContainText('Bitcoin');
  expect(await name.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
});
