import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures';
import { seededPageTitle } from '../seed-texts';

async function seriousViolations(page: import('@playwright/test').Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('home has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('footer-policy').getByRole('link').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the help centre has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a content page has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/');
  await page
    .getByTestId('footer-policy')
    .getByRole('link', { name: seededPageTitle('en', 'risk-disclosure') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: seededPageTitle('en', 'risk-disclosure') })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

// Issue 16: the same pages in the dark theme (the system's preference, the default), where
// every text must keep its contrast too.
test.describe('in the dark theme', () => {
  test.use({ colorScheme: 'dark' });

  test('home has no serious or critical accessibility violation', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByTestId('footer-policy').getByRole('link').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the help centre has no serious or critical accessibility violation', async ({ page }) => {
    await page.goto('/help');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a content page has no serious or critical accessibility violation', async ({ page }) => {
    await page.goto('/');
    await page
      .getByTestId('footer-policy')
      .getByRole('link', { name: seededPageTitle('en', 'risk-disclosure') })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: seededPageTitle('en', 'risk-disclosure') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the market page, its chart and the ticket have no serious or critical accessibility violation', async ({
    page,
  }) => {
    await page.goto('/market?tab=2&code=BTCUSDT');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    // The list and the ticket load lazily: ceilings for a busy machine, not durations.
    await expect(page.getByTestId('order-ticket')).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('[data-testid^="market-row-"] [data-trend]').first()).toBeVisible({ timeout: 60_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a reader who picked light keeps it on a dark system, from the first paint', async ({ page }) => {
    await page.goto('/help');
    await page.evaluate(() => localStorage.setItem('ob.colorScheme', 'light'));
    // The boot script in index.html sets the theme before any module runs.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/help');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  });
});
