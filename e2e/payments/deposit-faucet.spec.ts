import { expect, type Page, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';

/** Moves an instrument on the e2e server's test feed (a feed production cannot enable). */
async function setPrice(page: Page, price: string, code: string) {
  const response = await page.request.post('/__test/market/ticks', { data: { ticks: [{ code, price }] } });
  expect(response.ok()).toBe(true);
}

test('a deposit from the sandbox faucet: the own address copied, confirmations climbing, the balance credited with a notification, then a live position', async ({
  page,
  context,
}) => {
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await registerThroughForm(page, newIdentity('depositor'));

  // The deposit screen shows this user's own address on the sandbox chain, with its rules.
  await page.goto('/deposit?asset=USDT&network=local');
  const address = page.getByTestId('deposit-address');
  await expect(address).toHaveText(/^0x[0-9a-fA-F]{40}$/);
  const depositAddress = (await address.textContent()) ?? '';
  await expect(page.getByTestId('deposit-minimum')).toContainText('120');
  await expect(page.getByTestId('deposit-required-confirmations')).toContainText('2');
  await expect(page.getByTestId('deposit-qr')).toBeVisible();
  await page.getByTestId('copy-address').click();
  await expect(page.getByTestId('copy-address-status')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(depositAddress);

  // The faucet (sandbox only, labelled) mints test USDT to that address.
  await page.getByTestId('deposit-sandbox').getByRole('link').click();
  await expect(page).toHaveURL(/\/sandbox\/faucet/);
  await expect(page.getByTestId('faucet-label')).toBeVisible();
  // The faucet fills in the user's own deposit address (typing over it while it arrives would mix the two).
  await expect(page.getByTestId('faucet-address')).toHaveValue(depositAddress);
  await page.getByTestId('faucet-amount').fill('500');
  await page.getByTestId('faucet-submit').click();
  await expect(page.getByTestId('faucet-tx-hash')).toHaveText(/0x[0-9a-f]{64}/);

  // The watcher sees it; the screen follows the confirmations until it is credited.
  await page.goto('/deposit?asset=USDT&network=local');
  const row = page.getByTestId('deposit-row').first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByTestId('deposit-confirmations')).toBeVisible();
  await expect(row).toHaveAttribute('data-status', 'credited', { timeout: 30_000 });
  await expect(row).toContainText('500');

  // A notification says so, with the unread badge.
  await expect(page.getByTestId('notification-badge').first()).toBeVisible();
  await page.goto('/profile/notification');
  await expect(page.getByText(/500/).first()).toBeVisible();

  // The live balance holds it, and it trades: a live long on the test feed's DOTUSDT.
  await page.goto('/profile/balance');
  await expect(page.getByText('500.00').first()).toBeVisible();
  await setPrice(page, '5', 'DOTUSDT');
  await page.goto('/market?tab=2&code=DOTUSDT');
  const ticket = page.getByTestId('order-ticket');
  await expect(ticket).toBeVisible();
  await ticket.getByTestId('ticket-side-long').click();
  await ticket.getByTestId('ticket-lots').fill('10');
  await ticket.getByTestId('ticket-submit').click();
  // The first live trade asks the appropriateness questions first (issue 16).
  const questions = page.getByRole('dialog', { name: 'Before your first live trade' });
  await questions.getByRole('radio', { name: 'One to three years' }).check();
  await questions.getByRole('radio', { name: 'About monthly' }).check();
  await questions.getByRole('radio', { name: 'I lose all of it' }).check();
  await questions.getByRole('radio', { name: 'My positions are closed automatically' }).check();
  await questions.getByRole('radio', { name: 'Savings' }).check();
  await page.getByTestId('appropriateness-submit').click();
  await setPrice(page, '5', 'DOTUSDT');
  await page.getByTestId('confirm-order').getByTestId('confirm-order-submit').click();
  const panel = page.getByTestId('positions-panel');
  await expect(panel.locator('[data-testid^="position-row-"]').first()).toContainText('DOTUSDT');
});
