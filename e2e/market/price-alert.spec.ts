import { expect, type Page, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';

/**
 * Price alerts (issue 16): set in the positions dock under the chart, fired once by the server
 * when the test feed crosses the level, shown live on whatever page the user is on (a toast in
 * their language with a link to the instrument, the row's status, the dock's count and the
 * bell's badge, without a reload) and kept in the notification list for later.
 *
 * LTCUSDT follows the test feed for this journey alone: no other journey prices it.
 */
const CODE = 'LTCUSDT';

async function setPrice(page: Page, price: string) {
  const response = await page.request.post('/__test/market/ticks', { data: { ticks: [{ code: CODE, price }] } });
  expect(response.ok()).toBe(true);
}

/** Resolves once the next page load's socket has signed in for the user's events. */
function socketSignedIn(page: Page): Promise<unknown> {
  return page.waitForEvent('websocket').then((socket) =>
    socket.waitForEvent('framereceived', {
      predicate: (frame) => String(frame.payload).includes('"op":"authenticated","ok":true'),
    }),
  );
}

/** A mark on the page's window: still there later means the page was not loaded again meanwhile. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __alertJourneyMark?: boolean }).__alertJourneyMark = true;
  });
}
async function isSamePage(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __alertJourneyMark?: boolean }).__alertJourneyMark === true);
}

test('an alert fires from the feed: a live toast on the page, fired status, badge, and in the notifications', async ({
  page,
}) => {
  // Registration, a live-updating instrument page and round trips through the feed and the socket.
  test.slow();
  await registerThroughForm(page, newIdentity('alert'));
  await page.locator('label', { hasText: 'Demo account' }).click();
  await expect(page.getByText('Switched to Demo Account')).toBeVisible();
  await setPrice(page, '85');

  // The page's socket signs in for the user's events; the feed moves only once it has.
  const signedIn = socketSignedIn(page);
  // The instrument page: its dock is under the chart and the order ticket.
  await page.goto(`/cruuency?code=${CODE}`);
  const dock = page.getByTestId('positions-panel');
  await expect(dock.getByTestId('dock-floating-pnl')).toBeVisible();
  await dock.getByTestId('positions-tab-alerts').click();
  const panel = dock.getByTestId('alerts-panel');

  // The form starts on the instrument on screen, at its current price.
  await expect(panel.getByTestId('alert-code')).toHaveValue(new RegExp(CODE));
  await expect(panel.getByTestId('alert-price')).toHaveValue('85');
  await expect(panel.getByTestId('alerts-empty')).toBeVisible();

  // "Above" a level the market is already past is refused, with the reason.
  await panel.getByTestId('alert-price').fill('84.5');
  await panel.getByTestId('alert-create').click();
  await expect(panel.getByTestId('alert-problem')).toContainText('already reached');

  await panel.getByTestId('alert-price').fill('85.04');
  await panel.getByTestId('alert-create').click();
  const row = panel.locator('[data-testid^="alert-row-"]');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-status', 'active');
  await expect(row).toContainText(CODE);
  await expect(row).toContainText('85.04');
  await expect(dock.getByTestId('positions-tab-alerts')).toHaveText('Alerts (1)');
  // A new account has nothing unread yet.
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('aria-label', 'Notifications');

  // The user stays on the page: the feed crosses the level and everything follows live.
  await signedIn;
  await markPage(page);
  const url = page.url();
  await setPrice(page, '85.05');
  // The toast is announced (an ARIA alert) and names the instrument, the direction, the level
  // crossed and the price, with a link to the instrument: one assertion, as it closes after 4 s.
  const toast = page.getByRole('alert').filter({ hasText: `Price alert: ${CODE}` });
  await expect(
    toast
      .filter({ hasText: `${CODE} is now above 85.04: it traded at 85.05.` })
      .getByRole('link', { name: `Open ${CODE}` }),
  ).toHaveAttribute('href', `/cruuency?code=${CODE}`);
  await expect(row).toHaveAttribute('data-status', 'fired');
  await expect(row.getByTestId('alert-status')).toHaveText('Fired');
  await expect(row).toContainText('Fired at 85.05');
  await expect(dock.getByTestId('positions-tab-alerts')).toHaveText('Alerts (0)');
  await expect(bell).toHaveAttribute('aria-label', 'Notifications: 1 unread');
  expect(page.url()).toBe(url);
  expect(await isSamePage(page)).toBe(true);

  // A second alert, below the market, fires while the user reads the help centre: toasted there,
  // and its link leads to the instrument's page (within the app, no page load).
  await panel.getByTestId('alert-direction').getByText('Below').click();
  await panel.getByTestId('alert-price').fill('84.9');
  await panel.getByTestId('alert-create').click();
  await expect(panel.locator('[data-testid^="alert-row-"][data-status="active"]')).toHaveCount(1);
  const signedInAgain = socketSignedIn(page);
  await page.goto('/help');
  await signedInAgain;
  await expect(page.getByTestId('positions-panel')).toHaveCount(0);
  await markPage(page);
  await setPrice(page, '84.8');
  const away = page
    .getByRole('alert')
    .filter({ hasText: `Price alert: ${CODE}` })
    .filter({ hasText: `${CODE} is now below 84.9: it traded at 84.8.` });
  await away.getByRole('link', { name: `Open ${CODE}` }).click();
  await expect(page).toHaveURL(new RegExp(`/cruuency\\?code=${CODE}$`));
  await expect(page.getByTestId('instrument-page')).toBeVisible();
  await expect(away).toHaveCount(0);
  // Told once: the "price alert" notification pushed beside the alert is not toasted a second
  // time (it would still be on screen, toasts stay 4 s).
  expect(await page.locator('.mantine-Notification-root', { hasText: CODE }).count()).toBe(0);
  expect(await isSamePage(page)).toBe(true);

  // Once: the feed going on through the levels fires nothing more.
  await setPrice(page, '85.06');
  await setPrice(page, '84.7');
  await page.goto('/profile/notification');
  const items = page.getByTestId('notification-item');
  await expect(items.filter({ hasText: `${CODE} is now above 85.04` })).toHaveCount(1);
  await expect(items.filter({ hasText: `${CODE} is now below 84.9` })).toHaveCount(1);
  await expect(items.first()).toContainText('Price alert');
});
