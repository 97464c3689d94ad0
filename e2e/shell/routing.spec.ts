import { expect, test } from '../fixtures';
import { seededPageTitle } from '../seed-texts';

test('an unknown route lands on the home page', async ({ page }) => {
  await page.goto('/no/such/page?x=1');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('home-desktop')).toBeVisible();
});

test('the about page hides the footer; help pages show FAQ and notices', async ({ page }) => {
  await page.goto('/about?title=About');
  await expect(page.getByRole('heading', { level: 1, name: seededPageTitle('en', 'about') })).toBeVisible();
  await expect(page.locator('footer')).toHaveCount(0);

  await page.goto('/help');
  await page.getByRole('link', { name: /frequently asked questions/i }).click();
  await expect(page).toHaveURL(/\/help\/faq$/);
  const firstQuestion = page.getByRole('button').filter({ hasText: /\?/ }).first();
  await firstQuestion.click();
  await expect(page.locator('.mantine-Accordion-panel').first()).toBeVisible();

  await page.goto('/help/notice');
  await expect(page.locator('article')).toHaveCount(3);
  await expect(page.locator('footer')).toBeVisible();
});

test('navigating to the current route is not an error and each navigation starts at the top', async ({ page }) => {
  await page.goto('/help/faq');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page
    .getByRole('navigation', { name: /main navigation/i })
    .getByRole('link', { name: 'Home' })
    .click();
  await expect(page).toHaveURL(/\/$/);
  // Settles at the top once the lazily loaded page has replaced the fallback.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page
    .getByRole('navigation', { name: /main navigation/i })
    .getByRole('link', { name: 'Home' })
    .click();
  await expect(page.getByTestId('home-desktop')).toBeVisible();
});

test('the sandbox deployment says so on every page', async ({ page }) => {
  await page.goto('/help');
  await expect(page.getByTestId('sandbox-ribbon')).toBeVisible();
});
