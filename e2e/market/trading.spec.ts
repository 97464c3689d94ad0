import { seriousViolations as scanFor } from '../a11y/scan';
import { expect, type Page, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';

/** Serious violations inside the trading parts of the page (the ticket, the positions, an open dialog). */
function seriousViolations(page: Page) {
  return scanFor(page, {
    include: ['[data-testid="order-ticket"]', '[data-testid="positions-panel"]', '[role="dialog"]'],
  });
}

test('a signed-out visitor sees the ticket and its figures, but must log in to trade', async ({ page }) => {
  await page.goto('/market?tab=2&code=BTCUSDT');
  const ticket = page.getByTestId('order-ticket');
  await expect(ticket).toBeVisible();
  await expect(ticket.getByTestId('ticket-preview')).toContainText('Required margin');
  await expect(ticket.getByTestId('ticket-submit')).toBeDisabled();
  await expect(ticket.getByTestId('ticket-blocked')).toContainText('Log in to trade');
  await expect(ticket.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(page.getByTestId('positions-panel')).toHaveCount(0);
});

test('a demo user opens a position after confirming, sees it live, and closes it', async ({ page }) => {
  // A long journey with three accessibility scans over a live-updating page.
  test.slow();
  await registerThroughForm(page, newIdentity('trade'));
  await page.locator('label', { hasText: 'Demo account' }).click();
  await expect(page.getByText('Switched to Demo Account')).toBeVisible();

  await page.goto('/market?tab=2&code=BTCUSDT');
  const ticket = page.getByTestId('order-ticket');
  await expect(ticket.getByTestId('ticket-account-mode')).toHaveText('Demo account');
  await expect(page.getByTestId('account-summary')).toContainText('100,000');

  // Buy and Sell are one radio group; the button names the side.
  await ticket.getByTestId('ticket-side-short').click();
  await expect(ticket.getByTestId('ticket-submit')).toHaveText('Review sell order');
  await ticket.getByTestId('ticket-side-long').click();
  await expect(ticket.getByTestId('ticket-submit')).toHaveText('Review buy order');

  // Checked as typed, with the server's own messages, tied to the field.
  const stopLoss = ticket.getByTestId('ticket-stop-loss');
  await stopLoss.fill('99999999');
  await expect(ticket.getByText('The stop loss is on the wrong side of the price')).toBeVisible();
  await expect(stopLoss).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await stopLoss.getAttribute('aria-describedby')) ?? '';
  const errorId = describedBy.split(' ').find((id) => id.endsWith('-error')) ?? 'none';
  await expect(page.locator(`[id="${errorId}"]`)).toContainText('The stop loss is on the wrong side of the price');
  await ticket.getByTestId('ticket-stop-loss').fill('');
  await ticket.getByTestId('ticket-lots').fill('0.000001');
  await expect(ticket.getByText('The purchase amount is not valid.')).toBeVisible();
  await ticket.getByTestId('ticket-lots').fill('0.01');
  await ticket.getByTestId('ticket-leverage').fill('2');
  await expect(ticket.getByTestId('ticket-preview')).toContainText('USDT');

  expect(await seriousViolations(page)).toEqual([]);

  // Nothing is sent before Confirm.
  await ticket.getByTestId('ticket-submit').click();
  const confirm = page.getByTestId('confirm-order');
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('Risk warning');
  await expect(confirm).toContainText('1:2');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.locator('[data-testid^="position-row-"]')).toHaveCount(0);
  await ticket.getByTestId('ticket-submit').click();
  await page.getByTestId('confirm-order-submit').click();
  await expect(page.getByText('Position opened').first()).toBeVisible();
  await expect(confirm).toHaveCount(0);

  const panel = page.getByTestId('positions-panel');
  const row = panel.locator('[data-testid^="position-row-"]').first();
  await expect(row).toBeVisible();
  const orderNo = ((await row.getAttribute('data-testid')) ?? '').replace('position-row-', '');
  await expect(panel.getByTestId(`position-pnl-${orderNo}`)).toContainText('USDT');
  await expect(page.getByTestId('margin-level')).toHaveText(/%/);
  expect(await seriousViolations(page)).toEqual([]);

  // Amend: a take profit below the price of a buy is refused as typed.
  await panel.getByTestId(`amend-position-${orderNo}`).click();
  await page.getByTestId('amend-take-profit').fill('1');
  await expect(page.getByText('The take profit is on the wrong side of the price')).toBeVisible();
  await expect(page.getByTestId('amend-submit')).toBeDisabled();
  await page.keyboard.press('Escape');

  await panel.getByTestId(`close-position-${orderNo}`).click();
  await expect(page.getByTestId('close-position-modal')).toBeVisible();
  await page.getByTestId('close-position-confirm').click();
  await expect(page.getByText('Position closed').first()).toBeVisible();
  await expect(panel.getByTestId(`position-row-${orderNo}`)).toHaveCount(0);
  await panel.getByTestId('positions-tab-history').click();
  await expect(panel.getByTestId(`position-row-${orderNo}`)).toBeVisible();
  await expect(panel.getByTestId(`position-row-${orderNo}`)).toContainText('Closed by you');

  // The profile lists the same orders.
  await page.goto('/profile');
  await expect(page.getByTestId('positions-panel')).toBeVisible();
  await page.getByTestId('positions-tab-history').click();
  await expect(page.getByTestId(`position-row-${orderNo}`)).toBeVisible();
});
