import { expect, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';

test('a deep link opens the page asked for, never the onboarding board', async ({ page }) => {
  await page.goto('/market/BTCUSDT');
  await expect(page.getByTestId('instrument-page')).toBeVisible();
  await expect(page.getByTestId('onboarding-board')).toHaveCount(0);
  await expect(page).toHaveURL(/code=BTCUSDT/);

  // The tab bar covers nothing: the page's end scrolls clear of it. The page grows as its lazy
  // parts arrive, so this is asked again (scrolled to the end each time) until it settles.
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const tabBarTop = (await page.getByTestId('tab-bar').boundingBox())?.y ?? 0;
      const mainBottom = await page.evaluate(() => {
        const main = document.getElementById('main');
        const last = main?.lastElementChild;
        return last ? last.getBoundingClientRect().bottom : Number.POSITIVE_INFINITY;
      });
      return mainBottom - tabBarTop;
    })
    .toBeLessThanOrEqual(0);
});

test('Skip returns to the page asked for, its query included', async ({ page }) => {
  await page.goto('/?ref=chat');
  await expect(page.getByTestId('onboarding-board')).toBeVisible();
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByTestId('onboarding-board')).toHaveCount(0);
  await expect(page).toHaveURL(/\/\?ref=chat$/);
  await expect(page.getByTestId('home-mobile')).toBeVisible();
});

test('sign-in from a protected deep link lands back on that page', async ({ page, browser }) => {
  const who = newIdentity('deeplink');
  // Registered in another context, so this page starts signed out.
  const other = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await registerThroughForm(other, who);
  await other.close();

  await page.goto('/profile/balance');
  await expect(page).toHaveURL(/\/pass\/login$/);
  await page.getByLabel('User name or e-mail').fill(who.userName);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/profile\/balance$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Balance' })).toBeVisible();
});
