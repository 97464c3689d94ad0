import type { Page } from '@playwright/test';
import { seriousViolations } from '../a11y/scan';
import { expect, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';
import { balanceOf, creditByOperator } from '../lending/borrower';
import { MAIN_URL } from '../ports';

/**
 * Fixed-term savings (issue 18) from end to end, on the sandbox's 7-day USDT product (0.05% a day,
 * 1% early-redemption penalty): a subscription shows the exact interest at maturity before money
 * moves, the order shows the interest reserved, and as the test clock moves days forward the
 * earnings accrue; an early redemption shows its penalty and the interest forfeited first.
 *
 * The test deployment's savings clock (TEST_CLOCK, scripts/e2e-server.mjs) only moves forward and
 * is shared by both journeys: they run one after the other, each order starting when it is made.
 */
test.describe.configure({ mode: 'serial' });

const PRODUCT = 'Sandbox · 7-day USDT savings';
const DAY_MS = 86_400_000;

/** Moves the deployment's savings clock `days` forward; the accrual runs at once. */
async function advanceDays(days: number) {
  const response = await fetch(`${MAIN_URL}/__test/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms: days * DAY_MS }),
  });
  expect(response.status, await response.text()).toBe(200);
}

/** Subscribes `amount` USDT to the 7-day product through the dialog, checking the summary first. */
async function subscribe(page: Page, amount: string, summary: { interest: string; total: string; penalty: string }) {
  await page.goto('/financial');
  const card = page.getByTestId('savings-product').filter({ hasText: PRODUCT });
  await expect(card.getByTestId('savings-product-penalty')).toHaveText('1% of the principal');
  await card.getByTestId('savings-product-subscribe').click();
  const dialog = page.getByRole('dialog', { name: `Subscribe to ${PRODUCT}` });
  await dialog.getByLabel('Amount (USDT)').fill(amount);
  await expect(dialog.getByTestId('savings-summary-interest')).toHaveText(summary.interest);
  await expect(dialog.getByTestId('savings-summary-total')).toHaveText(summary.total);
  await expect(dialog.getByTestId('savings-summary-penalty')).toHaveText(summary.penalty);
  await expect(dialog.getByTestId('savings-summary-maturity')).not.toBeEmpty();
  await dialog.getByTestId('savings-review').click();
  // The confirmation repeats the summary; nothing has moved until it is confirmed.
  const confirm = page.getByRole('dialog', { name: 'Confirm your subscription' });
  await expect(confirm.getByTestId('savings-summary-interest')).toHaveText(summary.interest);
  await confirm.getByTestId('savings-subscribe-confirm-submit').click();
  await expect(page.getByTestId('savings-subscribe-success')).toContainText(`Subscribed: ${amount}.00 USDT`);
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).first().click();
}

/** The investor's order of the 7-day product, as /financial shows it. */
function orderOf(page: Page) {
  return page.getByTestId('savings-order').filter({ hasText: PRODUCT });
}

test('a savings subscription reserves its interest at once, and its earnings accrue as days pass', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const investor = newIdentity('saver');
  await registerThroughForm(page, investor);
  await creditByOperator(browser, investor.userName, 'USDT', '1000');

  await page.goto('/financial');
  await expect(page.getByTestId('savings-risk')).toContainText('reserved from it the moment you subscribe');
  expect(await seriousViolations(page)).toEqual([]);

  // 800 × 0.0005 × 7 = 2.8 USDT at maturity, 802.80 returned; an early exit keeps 800 × 1% = 8.
  await subscribe(page, '800', { interest: '2.80 USDT', total: '802.80 USDT', penalty: '8.00 USDT' });
  const order = orderOf(page);
  await expect(order).toHaveAttribute('data-status', 'earning');
  await expect(order.getByTestId('savings-order-reserved')).toHaveText('2.80 USDT');
  await expect(order.getByTestId('savings-order-earnings')).toHaveText('0.00 USDT');
  await expect(order.getByTestId('savings-order-days')).toHaveText('0 of 7 days');
  // One order of a product at a time: the card says so instead of offering another.
  await expect(
    page.getByTestId('savings-product').filter({ hasText: PRODUCT }).getByTestId('savings-product-blocked'),
  ).toHaveAttribute('data-reason', 'held');
  expect((await balanceOf(page, 'USDT')).available).toBe('200.00');

  // Two days later: 2.8 × 2 ÷ 7 = 0.8 USDT earned.
  await advanceDays(2);
  await page.goto('/financial');
  await expect(orderOf(page).getByTestId('savings-order-days')).toHaveText('2 of 7 days');
  await expect(orderOf(page).getByTestId('savings-order-earnings')).toHaveText('0.80 USDT');
  expect(await seriousViolations(page)).toEqual([]);
});

test('an early redemption shows its penalty and the interest forfeited before anything moves', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const investor = newIdentity('redeemer');
  await registerThroughForm(page, investor);
  await creditByOperator(browser, investor.userName, 'USDT', '600');
  // 500 × 0.0005 × 7 = 1.75 USDT at maturity; an early exit keeps 500 × 1% = 5.
  await subscribe(page, '500', { interest: '1.75 USDT', total: '501.75 USDT', penalty: '5.00 USDT' });

  // A day later: 1.75 × 1 ÷ 7 = 0.25 USDT earned, which an early exit forfeits.
  await advanceDays(1);
  await page.goto('/financial');
  const order = orderOf(page);
  await expect(order.getByTestId('savings-order-earnings')).toHaveText('0.25 USDT');
  await order.getByTestId('savings-order-redeem').click();
  const confirm = page.getByRole('dialog', { name: `Redeem ${PRODUCT} early?` });
  await expect(confirm.getByTestId('savings-redeem-penalty')).toHaveText('5.00 USDT');
  await expect(confirm.getByTestId('savings-redeem-forfeited')).toHaveText('0.25 USDT');
  // 500 − 5 = 495 back now.
  await expect(confirm.getByTestId('savings-redeem-returns')).toHaveText('495.00 USDT');
  await confirm.getByTestId('savings-redeem-confirm-submit').click();

  await expect(order.getByTestId('savings-redeem-success')).toHaveText(
    'Redeemed: 495.00 USDT is back in your available balance.',
  );
  await expect(order).toHaveAttribute('data-status', 'redeemed_early');
  await expect(order.getByTestId('savings-order-penalty')).toHaveText('5.00 USDT');
  await expect(order.getByTestId('savings-order-returned')).toHaveText('495.00 USDT');
  // 600 − 500 + 495 = 595.
  expect((await balanceOf(page, 'USDT')).available).toBe('595.00');
});
