import { expect, type Page, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';

/** Moves an instrument on the e2e server's test feed (a feed production cannot enable). */
async function setPrice(page: Page, price: string, code = 'ATOMUSDT') {
  const response = await page.request.post('/__test/market/ticks', { data: { ticks: [{ code, price }] } });
  expect(response.ok()).toBe(true);
}

test('on a phone, the sticky Buy and Sell bar opens the ticket as a bottom sheet, which places an order', async ({
  page,
}) => {
  test.slow();
  await page.goto('/');
  await page.getByRole('button', { name: 'Skip' }).click();
  await registerThroughForm(page, newIdentity('msheet'));
  // In-app navigation throughout: a full page load would abort a user-info request in flight.
  const tabBar = page.getByTestId('tab-bar');
  await tabBar.getByRole('link', { name: 'Profile' }).click();
  await page.locator('label', { hasText: 'Demo account' }).click();
  await expect(page.getByText('Switched to Demo Account')).toBeVisible();
  await setPrice(page, '2.5');

  await tabBar.getByRole('link', { name: 'Home' }).click();
  await page.getByTestId('open-search').click();
  await page.getByRole('dialog').getByRole('combobox').fill('cosmos');
  await page.getByRole('dialog').getByTestId('search-result-ATOMUSDT').click();
  // The page's chunk can take long on a busy machine: a ceiling, not a duration.
  await expect(page.getByTestId('instrument-page')).toBeVisible({ timeout: 60_000 });

  // The bar sits above the tab bar, shows the price a market order fills at, and the page
  // ends above it: scrolled to the bottom, the last text is not under the bar.
  const bar = page.getByTestId('trade-bar');
  await expect(bar.getByTestId('trade-bar-buy')).toContainText('Buy');
  await expect(bar.getByTestId('trade-bar-buy')).toContainText('2.5');
  await expect(page.getByTestId('order-ticket')).toHaveCount(0);
  const barBox = await bar.boundingBox();
  const tabBox = await tabBar.boundingBox();
  expect(barBox && tabBox && barBox.y + barBox.height <= tabBox.y + 1).toBe(true);
  await page.getByTestId('instrument-description').scrollIntoViewIfNeeded();
  await expect
    .poll(
      async () => {
        // Scrolled to the bottom again each time: the page's lazy parts (chart, dock) may still
        // be growing it.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const text = await page.getByTestId('instrument-description').boundingBox();
        const barNow = await bar.boundingBox();
        return text && barNow ? text.y + text.height <= barNow.y : false;
      },
      { timeout: 45_000 },
    )
    .toBe(true);

  // Sell opens the sheet with Sell chosen; focus is inside it and it closes.
  await bar.getByTestId('trade-bar-sell').tap();
  const sheet = page.getByRole('dialog', { name: 'Trade Cosmos' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('ticket-submit')).toHaveText('Review sell order');
  await expect.poll(() => sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await sheet.getByRole('button', { name: 'Close' }).tap();
  await expect(sheet).toHaveCount(0);

  // Buy: the same ticket inside the sheet, then the confirmation, then the position.
  await bar.getByTestId('trade-bar-buy').tap();
  await expect(sheet).toBeVisible();
  const ticket = sheet.getByTestId('order-ticket');
  await expect(ticket.getByTestId('ticket-account-mode')).toHaveText('Demo account');
  await expect(ticket.getByTestId('ticket-submit')).toHaveText('Review buy order');
  await ticket.getByTestId('ticket-lots').fill('10');
  await expect(ticket.getByTestId('ticket-fill-long')).toContainText('2.5');
  await expect(ticket.getByTestId('ticket-preview')).toContainText('Required margin');
  await setPrice(page, '2.5'); // fresh (a silent test feed goes stale after 15 s)
  await ticket.getByTestId('ticket-submit').click();
  const confirm = page.getByTestId('confirm-order');
  await expect(confirm).toContainText('Risk warning');
  await setPrice(page, '2.5');
  await confirm.getByTestId('confirm-order-submit').click();
  await expect(page.getByText('Position opened').first()).toBeVisible();
  // Placed: the sheet closes and the page is back.
  await expect(sheet).toHaveCount(0);

  await tabBar.getByRole('link', { name: 'Profile' }).click();
  const panel = page.getByTestId('positions-panel');
  await expect(panel.locator('[data-testid^="position-row-"]').first()).toContainText('ATOMUSDT');
});
