import { expect, type Page, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';

/** Waits for the page to settle, then reports how far it is wider than the screen (0: not at all). */
async function overflow(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

// In-app navigation only once signed in: a full page load would abort a user-info request.
async function visit(page: Page, label: string) {
  await page.getByTestId('tab-bar').getByRole('link', { name: label }).click();
}

test('no page is wider than a phone screen, signed out or signed in with a long user name', async ({ page }) => {
  for (const path of [
    '/',
    '/market?tab=1&code=EURUSD',
    '/cruuency?code=BTCUSDT&type=2&id=33',
    '/help',
    '/help/faq',
    '/about',
    '/pass/login',
    '/pass/register',
  ]) {
    await page.goto(path);
    const skip = page.getByRole('button', { name: 'Skip' });
    if (await skip.isVisible()) await skip.click();
    expect(await overflow(page), path).toBe(0);
  }

  await registerThroughForm(page, newIdentity('a-really-long-name'));
  for (const label of ['Profile', 'Home', 'Market']) {
    await visit(page, label);
    expect(await overflow(page), label).toBe(0);
  }

  // Arabic's longer labels (the profile's appearance choices ran past the edge once).
  await page.evaluate(() => localStorage.setItem('ob.language', 'ar'));
  await page.goto('/profile');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('appearance')).toBeVisible();
  expect(await overflow(page), 'the profile in Arabic').toBe(0);
  // A card clips what runs past it, so the page's width alone would not tell: each choice must sit
  // inside the screen.
  for (const control of ['appearance-theme', 'appearance-colours']) {
    const box = await page.getByTestId(control).evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return { left: rect.left, right: rect.right, screen: window.innerWidth };
    });
    expect(box.left, control).toBeGreaterThanOrEqual(0);
    expect(box.right, control).toBeLessThanOrEqual(box.screen);
  }
});
