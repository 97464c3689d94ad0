import { expect, test } from '../fixtures';
import { seededPageTitle } from '../seed-texts';

test('a visitor opens a policy from the footer and reads it in English, then in German', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('home-desktop')).toBeVisible();

  const termsEnglish = seededPageTitle('en', 'terms');
  const policyGroup = page.getByTestId('footer-policy');
  await policyGroup.getByRole('link', { name: termsEnglish }).click();

  await expect(page).toHaveURL(/\/detail\?id=\d+&title=/);
  await expect(page.getByRole('heading', { level: 1, name: termsEnglish })).toBeVisible();
  await expect(page.locator('article')).toContainText(/OpenBourse/);

  await page.getByTestId('language-picker').click();
  await page.getByRole('dialog').locator('[data-language="de"]').click();

  const termsGerman = seededPageTitle('de', 'terms');
  await expect(page.getByRole('heading', { level: 1, name: termsGerman })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // The footer follows the language too.
  await expect(page.getByTestId('footer-policy').getByRole('link', { name: termsGerman })).toBeVisible();
  // The choice is remembered on the next visit.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: termsGerman })).toBeVisible();
});

test('the policy page answers a not-found state for an unknown id, without breaking the shell', async ({ page }) => {
  await page.goto('/detail?id=987654&title=Nope');
  await expect(page.getByTestId('content-not-found')).toBeVisible();
  await expect(page.getByTestId('footer-policy')).toBeVisible();
});
