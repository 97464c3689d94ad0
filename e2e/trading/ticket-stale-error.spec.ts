import { expect, type Page, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';

/** Moves an instrument on the e2e server's test feed (a feed production cannot enable). */
async function setPrice(page: Page, price: string, code = 'LINKUSDT') {
  const response = await page.request.post('/__test/market/ticks', { data: { ticks: [{ code, price }] } });
  expect(response.ok()).toBe(true);
}

const OPEN = '**/swx/customer/contracts/open';
const WRONG_SIDE = 'The stop loss is on the wrong side of the price';

test("a server refusal stays in the ticket that caused it, goes when the input changes, and never hangs over the next order's success", async ({
  page,
}) => {
  test.slow();
  await registerThroughForm(page, newIdentity('refused'));
  await page.locator('label', { hasText: 'Demo account' }).click();
  await expect(page.getByText('Switched to Demo Account')).toBeVisible();
  await setPrice(page, '13');

  await page.goto('/market?tab=2&code=LINKUSDT');
  const ticket = page.getByTestId('order-ticket');
  // The first visit to the market pages loads the ticket's chunk; a busy machine takes a while.
  await expect(ticket).toBeVisible({ timeout: 60_000 });
  await expect(ticket.getByTestId('ticket-account-mode')).toHaveText('Demo account');
  await ticket.getByTestId('ticket-lots').fill('1');
  await ticket.getByTestId('ticket-stop-loss').fill('12.5');
  await expect(ticket.getByTestId('ticket-preview')).toContainText('Required margin');
  await setPrice(page, '13'); // fresh (a silent test feed goes stale after 15 s)
  await ticket.getByTestId('ticket-submit').click();
  const confirm = page.getByTestId('confirm-order');
  await expect(confirm).toBeVisible();

  // The price falls through the stop loss while the order travels: the server refuses what the
  // ticket could not know when it was sent.
  let arrived: () => void = () => undefined;
  const orderArrived = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(OPEN, async (route) => {
    arrived();
    await released;
    await route.continue();
  });
  await setPrice(page, '13');
  await confirm.getByTestId('confirm-order-submit').click();
  await orderArrived;
  await setPrice(page, '12.4');
  await expect(ticket.getByTestId('ticket-price-now')).toContainText('12.40');
  release();

  // The refusal is the ticket's: inside it, announced, not a page-wide toast.
  const refusal = ticket.getByTestId('ticket-refusal');
  await expect(refusal).toHaveAttribute('role', 'alert');
  await expect(refusal).toContainText(WRONG_SIDE);
  await expect(page.locator('.mantine-Notification-root', { hasText: WRONG_SIDE })).toHaveCount(0);
  await expect(confirm).toHaveCount(0);
  await page.unroute(OPEN);

  // Any change of input clears it.
  await ticket.getByTestId('ticket-stop-loss').fill('11');
  await expect(refusal).toHaveCount(0);

  // The next, valid order reads as a success and nothing else.
  await setPrice(page, '12.4');
  await ticket.getByTestId('ticket-submit').click();
  await expect(confirm).toBeVisible();
  await setPrice(page, '12.4');
  await confirm.getByTestId('confirm-order-submit').click();
  await expect(page.getByText('Position opened').first()).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText(WRONG_SIDE)).toHaveCount(0);
  await expect(page.getByTestId('positions-panel').locator('[data-testid^="position-row-"]').first()).toContainText(
    'LINKUSDT',
  );
});
