import { expect, type Page, test } from '../fixtures';
import { newIdentity, registerThroughForm } from './helpers';

/** Moves LINKUSDT on the e2e server's test feed (this journey's own instrument). */
async function setPrice(page: Page, price: string) {
  const response = await page.request.post('/__test/market/ticks', {
    data: { ticks: [{ code: 'LINKUSDT', price }] },
  });
  expect(response.ok()).toBe(true);
}

test('the desktop profile shows open positions in a full-width table, not the phone cards', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerThroughForm(page, newIdentity('wideprofile'));
  await page.locator('label', { hasText: 'Demo account' }).click();
  await expect(page.getByText('Switched to Demo Account')).toBeVisible();
  await setPrice(page, '20');

  await page.goto('/market?tab=2&code=LINKUSDT');
  const ticket = page.getByTestId('order-ticket');
  await ticket.getByTestId('ticket-side-long').click();
  await ticket.getByTestId('ticket-lots').fill('1');
  // The test feed's price goes stale after 15 s without a tick: pushed until the ticket takes it.
  await expect(async () => {
    await setPrice(page, '20');
    await expect(ticket.getByTestId('ticket-submit')).toBeEnabled({ timeout: 2_000 });
  }).toPass();
  await ticket.getByTestId('ticket-submit').click();
  await setPrice(page, '20');
  await page.getByTestId('confirm-order-submit').click();
  await expect(page.getByTestId('positions-panel').locator('[data-testid^="position-row-"]')).toContainText('LINKUSDT');

  await page.goto('/profile');
  const panel = page.getByTestId('positions-panel');
  const table = panel.getByRole('table', { name: 'Open positions' });
  await expect(table.getByRole('row').filter({ hasText: 'LINKUSDT' })).toBeVisible();
  // Nearly the window's width, far wider than the profile's column.
  const box = await panel.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(1440 * 0.85);
  // Every column is on screen: no sideways scrolling inside the panel.
  const scroller = panel.locator('.mantine-ScrollArea-viewport').first();
  expect(await scroller.evaluate((node) => node.scrollWidth <= node.clientWidth + 1)).toBe(true);
});
