import { expect, type Locator, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';

/** The text of the error Mantine ties to an input (aria-describedby → the "-error" element). */
async function errorBeside(input: Locator): Promise<Locator> {
  const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
  const errorId = describedBy.split(' ').find((id) => id.endsWith('-error')) ?? 'none';
  return input.page().locator(`[id="${errorId}"]`);
}

test('an order the account cannot pay for is refused before review, beside the lots, and never sent', async ({
  page,
}) => {
  test.slow();
  await registerThroughForm(page, newIdentity('afford'));
  // Every order the page sends; none may leave for an order the rules already refuse.
  const opens: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/contracts/open')) opens.push(request.url());
  });

  // A new user trades from the live account, which has nothing in it yet. BTCUSDT follows the
  // sandbox feed (a tick every 500 ms), so its price never goes stale and only the money refuses.
  await page.goto('/market?tab=2&code=BTCUSDT');
  const ticket = page.getByTestId('order-ticket');
  // The first visit to the market pages loads the ticket's chunk; a busy machine takes a while.
  await expect(ticket).toBeVisible({ timeout: 60_000 });
  await expect(ticket.getByTestId('ticket-account-mode')).toHaveText('Live account');
  await expect(ticket.getByTestId('ticket-available')).toContainText('0.00 USDT');
  const lots = ticket.getByTestId('ticket-lots');
  await lots.fill('100');

  // The reason sits beside the field at fault, tied to it for screen readers.
  await expect(lots).toHaveAttribute('aria-invalid', 'true');
  await expect(await errorBeside(lots)).toContainText('Insufficient account balance.');
  await expect(await errorBeside(lots)).toContainText('the free margin is 0.00 USDT');
  // Review is disabled for that reason alone (the market is open and the price fresh), and says why.
  const submit = ticket.getByTestId('ticket-submit');
  await expect(submit).toBeDisabled();
  await expect(ticket.getByTestId('ticket-blocked')).toHaveCount(0);
  const reasonId = (await submit.getAttribute('aria-describedby')) ?? 'none';
  await expect(page.locator(`[id="${reasonId}"]`)).toContainText('Lots');
  await submit.click({ force: true });
  await expect(page.getByTestId('confirm-order')).toHaveCount(0);

  // In USDT amount mode the same order is refused the same way, beside the amount. The amount is
  // typed as English writes it, grouped by thousands: 4,500,000 USDT is about 50 lots at the
  // sandbox's BTCUSDT (near 90,000), valid lots (0.0001 to 100) far beyond an empty account.
  // (9,000,000 would sit on the 100-lot edge: just below 90,000 it buys more than 100 lots, which
  // the server refuses for the lots, not the money, so its answer would follow the price.)
  await ticket.getByTestId('ticket-mode-usdt').click();
  const amount = ticket.getByTestId('ticket-amount');
  await amount.fill('4,500,000');
  await expect(ticket.getByTestId('ticket-amount-lots')).toContainText(/Traded as [45]\d(\.\d+)? lots/);
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  const amountError = await errorBeside(amount);
  await expect(amountError).toContainText('Insufficient account balance.');
  await expect(amountError).toContainText('the free margin is 0.00 USDT');
  await expect(amountError).not.toContainText('smallest order');
  await expect(page.locator(`[id="${reasonId}"]`)).toContainText('Position value (USDT)');
  // Worth more than the largest order (about 1,000 lots), it is refused for its lots, as the
  // server refuses them before it looks at the money; worth less than the smallest, as too small.
  await amount.fill('90,000,000');
  await expect(amountError).toContainText('This amount buys more than the largest order.');
  await expect(amountError).not.toContainText('Insufficient account balance.');
  await amount.fill('1');
  await expect(amountError).toContainText('This amount buys less than the smallest order.');
  await expect(submit).toBeDisabled();
  expect(opens).toEqual([]);
});

test('leverage typed above the cap is clamped to the cap, never reset to 1, and the ticket says so', async ({
  page,
}) => {
  test.slow();
  await page.goto('/market?tab=2&code=BTCUSDT');
  const ticket = page.getByTestId('order-ticket');
  await expect(ticket).toBeVisible({ timeout: 60_000 });
  const leverage = ticket.getByTestId('ticket-leverage');
  // Crypto is capped at 1:2 (SPEC §0.7); the label names the cap.
  await expect(ticket.getByText('Leverage (up to 1:2)')).toBeVisible();
  await leverage.fill('50');
  await expect(leverage).toHaveValue('2');
  await expect(ticket.getByTestId('ticket-leverage-clamped')).toHaveText(
    'The most for this instrument is 1:2, so the leverage is set to 1:2.',
  );
  // The figures are worked out at the cap: margin is half the notional.
  await expect(ticket.getByTestId('ticket-preview')).toContainText('Required margin');
  await leverage.fill('1');
  await expect(leverage).toHaveValue('1');
  await expect(ticket.getByTestId('ticket-leverage-clamped')).toHaveCount(0);
});
