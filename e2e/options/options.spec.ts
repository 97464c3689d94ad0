import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { seriousViolations } from '../a11y/scan';
import { signInNewOperator } from '../admin/operators';
import { expect, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';
import { creditByOperator } from '../lending/borrower';
import { answerAppropriatenessAsBeginner } from '../trading/appropriateness';

/**
 * Options from the back office to settlement (issue 19). An operator adds an options product on
 * BCHUSDT — which follows the journeys' test feed and belongs to this journey
 * (scripts/e2e-server.mjs) — puts it on sale and lists an expiry three minutes away, settled on the
 * average of the last minute's close. A user with live USDT buys two 100 calls at the ask (the
 * maximum loss, break-even and payoff diagram shown first; the appropriateness questions before
 * the first live purchase), the price rises, and they sell back at a profit. They buy one more
 * call and hold it: at expiry it settles in cash at the feed's price, with a notification.
 */

const CODE = 'BCHUSDT';
const MINUTE = 60_000;

/** BCH's price on the test feed, pushed now and every two seconds (a price older than 15 s is stale). */
function bchPrice(request: APIRequestContext, first: string) {
  let held = first;
  let stopped = false;
  const push = async () => {
    const answer = await request.post('/__test/market/ticks', { data: { ticks: [{ code: CODE, price: held }] } });
    expect(answer.ok()).toBe(true);
  };
  const timer = setInterval(() => {
    if (!stopped) push().catch(() => undefined);
  }, 2_000);
  return {
    push,
    hold: async (price: string) => {
      held = price;
      await push();
    },
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}

/** "2026-11-27T10:42" for the UTC date-time input. */
const utcMinute = (at: number) => new Date(at).toISOString().slice(0, 16);

/**
 * The product through the back office's Options tab (typed in percent where the form says so),
 * enabled, and one expiry listed four whole minutes after the dialog opens (sales close a minute
 * before it; the settlement averages its last minute).
 */
async function listOptionsAsOperator(browser: Browser): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signInNewOperator(page, 'admin');
    await page.goto('/admin/settings?tab=options');
    await expect(page.getByRole('tab', { name: 'Options', selected: true })).toBeVisible();
    await page.getByTestId('new-options-product').click();
    const dialog = page.getByRole('dialog', { name: 'New options product' });
    const fields: Record<string, string> = {
      code: CODE,
      strikeStep: '5',
      strikesEachSide: '2',
      contractSize: '1',
      callCapShare: '20',
      spreadRate: '4',
      feeRate: '1',
      minPremium: '0.01',
      rate: '0',
      volatilityFloor: '50',
      volatilityCap: '200',
      volatilityWindowMinutes: '60',
      volatilityLambda: '0.94',
      seriesReserveLimit: '10000',
      maxContractsPerOrder: '100',
      settlementWindowMinutes: '1',
      salesCutoffMinutes: '1',
    };
    for (const [field, value] of Object.entries(fields))
      await dialog.getByTestId(`options-product-${field}`).fill(value);
    await dialog.getByTestId('options-product-expiryMinuteOfDay').fill('08:00');
    await dialog.getByLabel('Reason').fill('the options journey');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page
      .getByRole('dialog', { name: /^Save the changes to/ })
      .getByRole('button', { name: 'Save', exact: true })
      .click();
    const row = page.getByRole('row').filter({ hasText: CODE });
    await expect(row).toBeVisible();
    const id = ((await row.getByRole('cell').first().innerText()) ?? '').trim();
    await page.getByTestId(`enable-options-product-${id}`).click();
    const enabling = page.getByRole('dialog', { name: `Offer options product ${id} to users?` });
    await enabling.getByLabel('Reason').fill('checked');
    await enabling.getByRole('button', { name: 'Enable' }).click();
    await page.getByTestId(`list-options-expiry-${id}`).click();
    const listing = page.getByRole('dialog', { name: `List an expiry of options product ${id}` });
    await listing
      .getByTestId('options-expiry-expiresAt')
      .fill(utcMinute((Math.floor(Date.now() / MINUTE) + 4) * MINUTE));
    await listing.getByLabel('Reason').fill('a short expiry for the journey');
    await listing.getByTestId('options-expiry-submit').click();
    await expect(listing).toHaveCount(0);
    const expiries = page.getByRole('table', { name: 'Options expiries' });
    await expect(expiries.getByRole('row').filter({ hasText: CODE })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await context.close();
  }
}

/** A signed amount as written on screen ("+1.23 USDT", "−0.50 USDT") in hundredths. */
function hundredths(text: string): number {
  const match = /([+\-\u2212]?)([\d,]+)(?:\.(\d+))?/.exec(text.replace(/\s/g, ''));
  if (!match) throw new Error(`no amount in ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const value =
    Number.parseInt(whole.replace(/,/g, ''), 10) * 100 + Number.parseInt(fraction.padEnd(2, '0').slice(0, 2), 10);
  return sign === '-' || sign === '−' ? -value : value;
}

/** The open or the ended options on /options (a segmented control: its label takes the click). */
async function showOrders(page: Page, which: 'Open' | 'Ended') {
  await page.getByTestId('options-mine-filter').locator('label', { hasText: which }).click();
  await expect(page.getByTestId('options-mine-filter').getByRole('radio', { name: which })).toBeChecked();
}

/** Opens the ticket of the 100 call and buys `quantity` contracts. */
async function buyCall(page: Page, quantity: string) {
  const chain = page.getByRole('table', { name: /^Options chain, expiry / });
  await chain
    .getByRole('button', { name: /^Buy call 100 at / })
    .first()
    .click();
  const ticket = page.getByRole('dialog', { name: `Buy call · ${CODE} 100` });
  await expect(ticket).toBeVisible();
  await ticket.getByRole('textbox', { name: 'Quantity (contracts)' }).fill(quantity);
  return ticket;
}

test('options: a call bought at the ask on the test feed and sold back at a profit; another held to expiry, settled in cash with a notification', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(720_000);
  const price = bchPrice(request, '100');
  try {
    await price.push();
    const user = newIdentity('optioner');
    await registerThroughForm(page, user);
    await listOptionsAsOperator(browser);
    await creditByOperator(browser, user.userName, 'USDT', '500');

    await page.goto(`/cruuency?code=${CODE}`);
    await expect(page.getByRole('heading', { name: `Options on ${CODE}`, exact: true })).toBeVisible();

    // The ticket says what can be lost before anything moves.
    const ticket = await buyCall(page, '2');
    await expect(ticket).toContainText('Options can expire worthless');
    await expect(ticket).toContainText('Maximum loss (premium + fee)');
    await expect(ticket).toContainText('Break-even at expiry');
    await expect(ticket.getByRole('img', { name: /^Payoff at expiry of 2 × call 100/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await ticket.getByRole('button', { name: 'Buy', exact: true }).click();
    await answerAppropriatenessAsBeginner(page);
    await expect(page.getByText('Option bought').first()).toBeVisible();
    await expect(ticket).toHaveCount(0);

    const first = page.getByTestId('options-order').filter({ hasText: 'Open' }).first();
    await expect(first).toHaveAttribute('data-status', 'open');
    const firstId = (await first.getAttribute('data-order-id')) ?? '';

    // The price rises: the call is worth more than it cost, fees included.
    await price.hold('108');
    const bought = page.locator(`[data-testid="options-order"][data-order-id="${firstId}"]`);
    await expect
      .poll(async () => hundredths(await bought.getByTestId('options-order-pnl').innerText()), { timeout: 60_000 })
      .toBeGreaterThan(0);
    await bought.getByTestId('options-order-sell').click();
    const sale = page.getByRole('dialog', { name: `Sell back call 100 · ${CODE}` });
    await expect(sale).toContainText('You receive');
    await sale.getByRole('button', { name: 'Confirm sale' }).click();
    await expect(page.getByText('Option sold back').first()).toBeVisible();

    // One more call, held to expiry.
    const second = await buyCall(page, '1');
    await second.getByRole('button', { name: 'Buy', exact: true }).click();
    await expect(second).toHaveCount(0);

    await page.goto('/options');
    await showOrders(page, 'Ended');
    const sold = page.locator(`[data-testid="options-order"][data-order-id="${firstId}"]`);
    await expect(sold).toHaveAttribute('data-status', 'closed');
    expect(hundredths(await sold.getByTestId('options-order-pnl').innerText())).toBeGreaterThan(0);

    // At expiry the call settles on the feed's price over the last minute (108): (108 − 100) × 1 = 8 USDT.
    await showOrders(page, 'Open');
    const held = page.getByTestId('options-order').first();
    const heldId = (await held.getAttribute('data-order-id')) ?? '';
    await expect(held).toBeVisible();
    const settled = page.locator(`[data-testid="options-order"][data-order-id="${heldId}"]`);
    // The ended list is read when shown: look again until the order is there. A ceiling for a busy
    // machine: expiry is at most four minutes away, then 15 s for the last candle.
    await expect(async () => {
      await page.goto('/options');
      await showOrders(page, 'Ended');
      await expect(settled).toHaveAttribute('data-status', 'settled', { timeout: 5_000 });
    }).toPass({ timeout: 420_000, intervals: [5_000] });
    await expect(settled.getByTestId('options-order-payout')).toContainText('8.00');
    await expect(settled.getByTestId('options-order-settlement')).toContainText('108');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/profile/notification');
    const items = page.getByTestId('notification-item');
    await expect(items.filter({ hasText: 'Option settled' }).first()).toContainText(CODE);
  } finally {
    price.stop();
  }
});
