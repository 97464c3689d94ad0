import { expect, type Page, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';

/** Moves an instrument on the e2e server's test feed (a feed production cannot enable). */
async function setPrice(page: Page, price: string, code = 'SOLUSDT') {
  const response = await page.request.post('/__test/market/ticks', { data: { ticks: [{ code, price }] } });
  expect(response.ok()).toBe(true);
}

test('a demo long with stop loss and take profit: confirm, live P&L, take profit hit, history and statement', async ({
  page,
}) => {
  await registerThroughForm(page, newIdentity('trader'));
  await page.locator('label', { hasText: 'Demo account' }).click();
  await expect(page.getByText('Switched to Demo Account')).toBeVisible();
  await setPrice(page, '150');

  await page.goto('/market?tab=2&code=SOLUSDT');
  const ticket = page.getByTestId('order-ticket');
  await expect(ticket).toBeVisible();
  await ticket.getByTestId('ticket-side-long').click();
  await ticket.getByTestId('ticket-lots').fill('1');
  await ticket.getByTestId('ticket-stop-loss').fill('140');
  await ticket.getByTestId('ticket-take-profit').fill('160');
  // A stop loss above the price of a buy is refused as you type.
  await ticket.getByTestId('ticket-stop-loss').fill('155');
  await expect(ticket).toContainText('The stop loss is on the wrong side of the price');
  await ticket.getByTestId('ticket-stop-loss').fill('140');
  await expect(ticket.getByTestId('ticket-preview')).toContainText('150');

  // Nothing is sent before the confirmation.
  await ticket.getByTestId('ticket-submit').click();
  const confirm = page.getByTestId('confirm-order');
  await expect(confirm).toContainText('SOLUSDT');
  await expect(confirm).toContainText('160');
  // A feed that falls silent goes stale after 15 s and nobody may trade on it; this one ticks
  // when the test says so, and filling the ticket on a busy machine can take longer than that.
  await setPrice(page, '150');
  await confirm.getByTestId('confirm-order-submit').click();

  const panel = page.getByTestId('positions-panel');
  const row = panel.locator('[data-testid^="position-row-"]').first();
  await expect(row).toContainText('SOLUSDT');
  const orderNo = (await row.getAttribute('data-testid'))?.replace('position-row-', '') ?? '';

  // Live P&L follows the price: (155 − 150) × 1 = +5.
  await setPrice(page, '155');
  await expect(panel.getByTestId(`position-pnl-${orderNo}`)).toContainText('5.00');
  // Equity includes it: the demo's 100,000 less the 0.15 fee (0.1% of 150), plus the +5.
  await expect(panel.getByTestId('summary-equity')).toContainText('100,004.85');

  // Through the take profit: the engine closes it and a toast says so.
  await setPrice(page, '161');
  // The toast's own title (the ticket has a "Take profit" field too, so a looser match would pass early).
  await expect(page.getByText('Take profit reached')).toBeVisible();
  // Its text under the title is dark enough to read (Mantine's default grey is 3.3:1 on white).
  const toast = page.locator('.mantine-Notification-root', { hasText: 'Take profit reached' });
  await expect(toast.locator('.mantine-Notification-description')).toHaveCSS('color', 'rgb(73, 80, 87)');
  await expect(panel.getByTestId(`position-row-${orderNo}`)).toHaveCount(0);
  await panel.getByTestId('positions-tab-history').click();
  const closed = panel.getByTestId(`position-row-${orderNo}`);
  await expect(closed).toContainText('161');

  // The balance statement names the settlement: (161 − 150) × 1 = +11 USDT.
  await page.goto('/profile/balance');
  await page.locator('label', { hasText: 'Ledger entries' }).click();
  await expect(
    page.getByTestId('statement-table').getByRole('row').filter({ hasText: '+11.00' }).first(),
  ).toBeVisible();
});

test('a stop loss that fires while the user reads another page is toasted there', async ({ page }) => {
  await registerThroughForm(page, newIdentity('away'));
  await page.locator('label', { hasText: 'Demo account' }).click();
  await expect(page.getByText('Switched to Demo Account')).toBeVisible();
  await setPrice(page, '30', 'AVAXUSDT');

  await page.goto('/market?tab=2&code=AVAXUSDT');
  const ticket = page.getByTestId('order-ticket');
  await ticket.getByTestId('ticket-side-long').click();
  await ticket.getByTestId('ticket-lots').fill('1');
  await ticket.getByTestId('ticket-stop-loss').fill('28');
  await expect(ticket.getByTestId('ticket-preview')).toContainText('30');
  await ticket.getByTestId('ticket-submit').click();
  await setPrice(page, '30', 'AVAXUSDT'); // fresh again (see the test above)
  await page.getByTestId('confirm-order-submit').click();
  await expect(page.getByTestId('positions-panel').locator('[data-testid^="position-row-"]').first()).toBeVisible();

  // Away from the trading pages: the help centre has no ticket and no positions panel. The page
  // load opens a new socket; the price moves once it has signed in for the user's events.
  const signedIn = page.waitForEvent('websocket').then((socket) =>
    socket.waitForEvent('framereceived', {
      predicate: (frame) => String(frame.payload).includes('"op":"authenticated","ok":true'),
    }),
  );
  await page.goto('/help');
  await signedIn;
  await expect(page.getByTestId('positions-panel')).toHaveCount(0);
  await setPrice(page, '27.5', 'AVAXUSDT');
  await expect(page.getByText('Stop loss hit')).toBeVisible();
  await expect(page.getByText(/AVAXUSDT closed at 27\.5/)).toBeVisible();
});
