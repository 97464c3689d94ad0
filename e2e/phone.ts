import { expect, type Locator, type Page } from './fixtures';
import { newIdentity, registerThroughForm } from './identity/helpers';

/** Phone journeys' checks: nothing runs past the screen's edge, in the language the journey reads. */

/** How far the page is wider than the phone's screen (0: not at all). */
export async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Every element of `items` lies within the screen's width (a card clips what runs past it, so the page's width alone would not tell). */
export async function expectOnScreen(items: Locator, what: string) {
  await expect(items.first()).toBeVisible();
  const boxes = await items.evaluateAll((elements) =>
    elements.map((element) => {
      const rect = element.getBoundingClientRect();
      return { left: Math.round(rect.left), right: Math.round(rect.right), screen: window.innerWidth };
    }),
  );
  for (const [index, box] of boxes.entries()) {
    expect(box.left, `${what} #${index}`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${what} #${index}`).toBeLessThanOrEqual(box.screen);
  }
}

/** The language the next page load is read in (the app's stored choice). */
async function useLanguage(page: Page, language: 'ar' | 'en') {
  await page.evaluate((chosen) => localStorage.setItem('ob.language', chosen), language);
}

/** `path` opened in Arabic, right to left (the choice is stored from another page first). */
export async function visitInArabic(page: Page, path: string) {
  await page.goto('/help');
  await useLanguage(page, 'ar');
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

/** A new account registered through the form (read in English), then Arabic again for the next page load. */
export async function registerInEnglish(page: Page, prefix: string) {
  await useLanguage(page, 'en');
  await registerThroughForm(page, newIdentity(prefix));
  await useLanguage(page, 'ar');
}
