import { expect, type Page, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';

// This journey's own instrument on the e2e server's test feed (no other journey moves it).
const CODE = 'LINKUSDT';

/** Moves the instrument on the test feed (a feed production cannot enable). */
async function setPrice(page: Page, price: string) {
  const response = await page.request.post('/__test/market/ticks', { data: { ticks: [{ code: CODE, price }] } });
  expect(response.ok()).toBe(true);
}

/** The take profit a position row shows ("TP 23.500" → 23.5; LINKUSDT prices show 3 decimals, and the next cell's digits follow at once in the row's text). */
async function takeProfitOf(page: Page, orderNo: string): Promise<number> {
  const text = (await page.getByTestId(`position-row-${orderNo}`).textContent()) ?? '';
  const match = /TP\s*([\d,]+\.\d{3})/.exec(text);
  return match?.[1] ? Number(match[1].replaceAll(',', '')) : Number.NaN;
}

test('the chart: an indicator from its menu, and a take profit dragged on the chart amends the position', async ({
  page,
}) => {
  // Registering, opening a position and two drags over a live chart on a loaded machine.
  test.slow();
  await registerThroughForm(page, newIdentity('chartdrag'));
  await page.locator('label', { hasText: 'Demo account' }).click();
  await expect(page.getByText('Switched to Demo Account')).toBeVisible();
  await setPrice(page, '20');

  await page.goto(`/market?tab=2&code=${CODE}`);
  const chart = page.getByTestId('chart-panel');
  // Without history, the chart appears with the feed's first prices (its code and texts load lazily:
  // a generous ceiling for a loaded machine, not a duration).
  await expect(chart.getByRole('img')).toBeVisible({ timeout: 60_000 });

  // The legend names the bar's open, high, low and close; RSI comes from the indicator menu.
  const legend = chart.getByTestId('chart-legend');
  await expect(legend.getByTestId('chart-legend-close')).toContainText('20');
  await chart.getByTestId('chart-indicators-button').click();
  await page.getByRole('checkbox', { name: 'Relative strength index (14)' }).check();
  await expect(legend.getByTestId('chart-legend-rsi')).toContainText('RSI 14');
  await page.keyboard.press('Escape');

  // A long with a take profit at 22.
  const ticket = page.getByTestId('order-ticket');
  await ticket.getByTestId('ticket-side-long').click();
  await ticket.getByTestId('ticket-lots').fill('1');
  await ticket.getByTestId('ticket-take-profit').fill('22');
  await expect(ticket.getByTestId('ticket-preview')).toContainText('20');
  await ticket.getByTestId('ticket-submit').click();
  // Fresh again: the test feed goes stale after 15 s without a tick (see trading/take-profit.spec.ts).
  await setPrice(page, '20');
  await page.getByTestId('confirm-order-submit').click();
  const row = page.getByTestId('positions-panel').locator('[data-testid^="position-row-"]').first();
  await expect(row).toContainText(CODE);
  const orderNo = ((await row.getAttribute('data-testid')) ?? '').replace('position-row-', '');
  expect(await takeProfitOf(page, orderNo)).toBe(22);

  // The chart draws the position's take profit with a handle on its line.
  const handle = chart.getByTestId(`chart-line-takeProfit-${orderNo}`);
  await expect(handle).toBeVisible();
  const handlePrice = async () => Number(await handle.getAttribute('data-price'));
  expect(await handlePrice()).toBe(22);

  /** Drags the handle `dy` pixels (negative: up) with the mouse, in small steps as a hand would. */
  const drag = async (dy: number) => {
    // The positions table is further down the page: bring the chart's line into the viewport first.
    await handle.scrollIntoViewIfNeeded();
    const box = await handle.boundingBox();
    if (!box) throw new Error('the take-profit handle has no box');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y + dy, { steps: 8 });
    await page.mouse.up();
  };

  // Dragged up and cancelled: nothing is sent and the line goes back to 22.
  await drag(-40);
  const dialog = page.getByTestId('chart-move-dialog');
  await expect(dialog).toBeVisible();
  await page.getByRole('button', { name: 'Keep the old level' }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(handlePrice).toBe(22);
  expect(await takeProfitOf(page, orderNo)).toBe(22);

  // Dragged up and confirmed: the dialog shows the old and new level and the profit there.
  await drag(-60);
  await expect(dialog).toBeVisible();
  const proposed = await handlePrice();
  expect(proposed).toBeGreaterThan(22);
  await expect(dialog.getByTestId('chart-move-levels')).toContainText('→');
  await expect(dialog.getByTestId('chart-move-result')).toContainText('USDT');
  await dialog.getByTestId('chart-move-confirm').click();
  await expect(page.getByText(`Stops updated for ${CODE}.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The server has the new take profit: the positions table shows it after reading it again.
  await expect.poll(() => takeProfitOf(page, orderNo)).toBe(proposed);
  await expect.poll(handlePrice).toBe(proposed);

  // The indicator choice is remembered.
  await page.reload();
  await expect(page.getByTestId('chart-legend-rsi')).toContainText('RSI 14');
});
