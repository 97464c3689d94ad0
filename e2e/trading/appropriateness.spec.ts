import { expect, type Page, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';

/** Moves an instrument on the e2e server's test feed (a feed production cannot enable). */
async function setPrice(page: Page, price: string, code: string) {
  const response = await page.request.post('/__test/market/ticks', { data: { ticks: [{ code, price }] } });
  expect(response.ok()).toBe(true);
}

test('a live order first asks the appropriateness questions; with the warning acknowledged, the order goes on to its confirmation', async ({
  page,
}) => {
  test.slow();
  await registerThroughForm(page, newIdentity('approp'));
  // Live money first, from the sandbox faucet: the ticket refuses an order the account cannot
  // pay for before any question is asked.
  await page.goto('/deposit?asset=USDT&network=local');
  await expect(page.getByTestId('deposit-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/);
  const depositAddress = (await page.getByTestId('deposit-address').textContent()) ?? '';
  await page.goto('/sandbox/faucet');
  // The faucet fills in the user's own deposit address (typing over it while it arrives would mix the two).
  await expect(page.getByTestId('faucet-address')).toHaveValue(depositAddress);
  await page.getByTestId('faucet-amount').fill('500');
  await page.getByTestId('faucet-submit').click();
  await expect(page.getByTestId('faucet-tx-hash')).toHaveText(/0x[0-9a-f]{64}/);
  await page.goto('/deposit?asset=USDT&network=local');
  await expect(page.getByTestId('deposit-row').first()).toHaveAttribute('data-status', 'credited', { timeout: 45_000 });

  await setPrice(page, '12', 'LINKUSDT');
  await page.goto('/market?tab=2&code=LINKUSDT');
  const ticket = page.getByTestId('order-ticket');
  await expect(ticket.getByTestId('ticket-account-mode')).toHaveText('Live account');
  await ticket.getByTestId('ticket-side-long').click();
  await ticket.getByTestId('ticket-lots').fill('1');
  await ticket.getByTestId('ticket-submit').click();

  // The questions come first, with the risk warning; the order does not go.
  const questions = page.getByRole('dialog', { name: 'Before your first live trade' });
  await expect(questions).toBeVisible();
  await expect(questions).toContainText('Risk warning');
  await expect(page.getByTestId('confirm-order')).toHaveCount(0);

  await questions.getByRole('radio', { name: 'Never' }).first().check();
  await page.getByTestId('appropriateness-tradingFrequency').getByRole('radio', { name: 'Never' }).check();
  await questions.getByRole('radio', { name: 'I lose 10 % of it' }).check();
  await questions.getByRole('radio', { name: 'My positions are closed automatically' }).check();
  await questions.getByRole('radio', { name: 'Savings' }).check();

  // Little experience: a clear warning that needs an acknowledgement, but no ban.
  const warning = page.getByTestId('appropriateness-warning');
  await expect(warning).toContainText('This product may not be appropriate for you');
  await expect(page.getByTestId('appropriateness-submit')).toBeDisabled();
  await warning.getByRole('checkbox', { name: 'I have read the warning and understand the risks' }).check();
  await page.getByTestId('appropriateness-submit').click();
  await expect(questions).toHaveCount(0);

  // The order proceeds to its confirmation; a second review goes there at once.
  await expect(page.getByTestId('confirm-order')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('confirm-order')).toHaveCount(0);
  await ticket.getByTestId('ticket-submit').click();
  await expect(page.getByTestId('confirm-order')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Before your first live trade' })).toHaveCount(0);

  // The answers are stored on the server, with the acknowledgement.
  const state = await page.evaluate(async () => {
    const response = await fetch('/swx/customer/user/appropriateness', {
      headers: { authorization: localStorage.getItem('ob.token') ?? '', virtually: 'NO' },
    });
    return (await response.json()) as { data: { answered: boolean; outcome: string; acknowledged: boolean } };
  });
  expect(state.data).toMatchObject({ answered: true, outcome: 'warning', acknowledged: true });
});
