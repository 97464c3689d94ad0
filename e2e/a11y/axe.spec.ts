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
