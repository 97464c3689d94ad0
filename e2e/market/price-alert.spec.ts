import { expect, type Page, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';

/**
 * Price alerts (issue 16): set in the positions dock under the chart, fired once by the server
 * when the test feed crosses the level, shown live (a "Price alert" toast and the row's status)
 * and kept in the notification list for later.
 *
 * AVAXUSDT is also moved by the stop-loss journey (take-profit.spec.ts, around 30 and down to
 * 27.5); this one stays between 30 and 30.05, which that journey's checks read as "30".
 */
async function setPrice(page: Page, price: string, code = 'AVAXUSDT') {
  const response = await page.request.post('/__test/market/ticks', { data: { ticks: [{ code, price }] } });
  expect(response.ok()).toBe(true);
}

test('an "above" alert set in the dock fires from the feed: toast, fired status, and in the notifications', async ({
  page,
}) => {
  // Registration, a live-updating instrument page and a round trip through the feed and the socket.
  test.slow();
  await registerThroughForm(page, newIdentity('alert'));
  await page.locator('label', { hasText: 'Demo account' }).click();
  await expect(page.getByText('Switched to Demo Account')).toBeVisible();
  await setPrice(page, '30');

  // The page's socket signs in for the user's events; the feed moves only once it has.
  const signedIn = page.waitForEvent('websocket').then((socket) =>
    socket.waitForEvent('framereceived', {
      predicate: (frame) => String(frame.payload).includes('"op":"authenticated","ok":true'),
    }),
  );
  // The instrument page: its dock is under the chart and the order ticket.
  await page.goto('/cruuency?code=AVAXUSDT');
  const dock = page.getByTestId('positions-panel');
  await expect(dock.getByTestId('dock-floating-pnl')).toBeVisible();
  await dock.getByTestId('positions-tab-alerts').click();
  const panel = dock.getByTestId('alerts-panel');

  // The form starts on the instrument on screen, at its current price.
  await expect(panel.getByTestId('alert-code')).toHaveValue(/AVAXUSDT/);
  await expect(panel.getByTestId('alert-price')).toHaveValue('30');
  await expect(panel.getByTestId('alerts-empty')).toBeVisible();

  // "Above" a level the market is already past is refused, with the reason.
  await panel.getByTestId('alert-price').fill('29.5');
  await panel.getByTestId('alert-create').click();
  await expect(panel.getByTestId('alert-problem')).toContainText('already reached');

  await panel.getByTestId('alert-price').fill('30.04');
  await panel.getByTestId('alert-create').click();
  const row = panel.locator('[data-testid^="alert-row-"]');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-status', 'active');
  await expect(row).toContainText('AVAXUSDT');
  await expect(row).toContainText('30.04');
  await expect(dock.getByTestId('positions-tab-alerts')).toHaveText('Alerts (1)');

  await signedIn;
  await setPrice(page, '30.05');
  const toast = page.locator('.mantine-Notification-root', { hasText: 'AVAXUSDT is now above 30.04' });
  await expect(toast).toContainText('Price alert');
  await expect(row).toHaveAttribute('data-status', 'fired');
  await expect(row.getByTestId('alert-status')).toHaveText('Fired');
  await expect(row).toContainText('Fired at 30.05');
  await expect(dock.getByTestId('positions-tab-alerts')).toHaveText('Alerts (0)');

  // Once: the feed going on through the level fires nothing more.
  await setPrice(page, '30.06');
  await page.goto('/profile/notification');
  const items = page.getByTestId('notification-item');
  await expect(items.filter({ hasText: 'AVAXUSDT is now above 30.04' })).toHaveCount(1);
  await expect(items.first()).toContainText('Price alert');
});
