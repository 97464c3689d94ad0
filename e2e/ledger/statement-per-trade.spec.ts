import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';

/** Moves ICPUSDT on the e2e server's test feed (this journey's own instrument). */
async function setPrice(page: Page, price: string) {
  const response = await page.request.post('/__test/market/ticks', { data: { ticks: [{ code: 'ICPUSDT', price }] } });
  expect(response.ok()).toBe(true);
}

test('the statement shows one line per closed trade with its P&L and fee; the toggle shows the ledger lines', async ({
  page,
}) => {
  test.slow();
  await registerThroughForm(page, newIdentity('pertrade'));
  await page.locator('label', { hasText: 'Demo account' }).click();
  await expect(page.getByText('Switched to Demo Account')).toBeVisible();
  await setPrice(page, '5');

  await page.goto('/market?tab=2&code=ICPUSDT');
  const ticket = page.getByTestId('order-ticket');
  await ticket.getByTestId('ticket-side-long').click();
  await ticket.getByTestId('ticket-lots').fill('10');
  // A test-feed price goes stale after 15 s without a tick, and the ticket then refuses: on a busy
  // machine filling it can take that long, so the price is pushed until the ticket takes it.
  await expect(async () => {
    await setPrice(page, '5');
    await expect(ticket.getByTestId('ticket-submit')).toBeEnabled({ timeout: 2_000 });
  }).toPass();
  await ticket.getByTestId('ticket-submit').click();
  const confirm = page.getByTestId('confirm-order');
  await expect(confirm).toContainText('ICPUSDT');
  // The test feed ticks only when told; keep it fresh for the confirmation.
  await setPrice(page, '5');
  await confirm.getByTestId('confirm-order-submit').click();

  const panel = page.getByTestId('positions-panel');
  const row = panel.locator('[data-testid^="position-row-"]').first();
  await expect(row).toContainText('ICPUSDT');
  const orderNo = (await row.getAttribute('data-testid'))?.replace('position-row-', '') ?? '';

  // (5.5 − 5) × 10 = +5 realised; the fee was 0.1% of the 50 USDT opened.
  await setPrice(page, '5.5');
  await expect(panel.getByTestId(`position-pnl-${orderNo}`)).toContainText('5.00');
  await panel.getByTestId(`close-position-${orderNo}`).click();
  await setPrice(page, '5.5');
  await page.getByTestId('close-position-confirm').click();
  await expect(page.getByText('Position closed').first()).toBeVisible();

  await page.goto('/profile/balance');
  const trades = page.getByTestId('trade-line');
  await expect(trades).toHaveCount(1);
  await expect(trades).toContainText('ICPUSDT');
  await expect(trades.getByTestId('trade-pnl')).toContainText('+5.00');
  await expect(trades.getByTestId('trade-fee')).toContainText('0.05');
  await expect(trades.getByTestId('trade-net')).toContainText('+4.95');

  // Its CSV: one line, the exact values.
  const [tradesFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(tradesFile.suggestedFilename()).toBe('openbourse-trades-demo.csv');
  const lines = readFileSync(await tradesFile.path(), 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe(
    'orderNo,code,side,lots,openedAt,openPrice,closedAt,closePrice,closeReason,realisedPnl,fee,net',
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/^[^,]+,ICPUSDT,long,10,/);
  expect(lines[1]).toMatch(/,manual,5\.0+,0\.050*,4\.950*$/);

  // The ledger's lines behind the toggle: the fee, the P&L and the margin moves of that trade.
  await page.locator('label', { hasText: 'Ledger entries' }).click();
  const ledger = page.getByTestId('statement-table');
  await expect(ledger.getByRole('row').filter({ hasText: 'Trading profit or loss' })).toContainText('+5.00');
  await expect(ledger.getByRole('row').filter({ hasText: 'Trading fee' })).toContainText('0.05');

  // The choice is remembered.
  await page.reload();
  await expect(page.getByTestId('statement-table')).toBeVisible();
  await page.locator('label', { hasText: 'Per trade' }).click();
  await expect(page.getByTestId('trade-line')).toHaveCount(1);
});
