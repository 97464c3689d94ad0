import { expect, test } from '../fixtures';
import { expectOnScreen, overflow, registerInEnglish, visitInArabic } from '../phone';

/**
 * Savings on a phone in Arabic (issue 18): right to left, and nothing runs past the screen's edge —
 * the risk disclosure and the products for a visitor; for an investor, the subscription dialog on
 * the whole screen with its summary, and a refusal beside the amount in Arabic before anything is sent.
 */
test('in Arabic on a phone, the savings page and the subscription fit the screen', async ({ page }) => {
  test.slow();
  await visitInArabic(page, '/financial');
  await expect(page.getByTestId('savings-risk')).toContainText('الخزينة');
  await expect(page.getByTestId('savings-product')).toHaveCount(2);
  await expect(page.getByTestId('savings-sign-in')).toBeVisible();
  expect(await overflow(page), '/financial for a visitor').toBe(0);
  await expectOnScreen(page.getByTestId('savings-product'), 'a product');
  await expectOnScreen(page.getByTestId('savings-product').locator('dd'), "a product's fact");

  await registerInEnglish(page, 'savephone');
  await page.goto('/financial');
  await expect(page.getByTestId('savings-orders-empty')).toBeVisible();
  const card = page.getByTestId('savings-product').filter({ hasText: 'ادخار USDT لمدة 7 أيام' });
  await card.getByTestId('savings-product-subscribe').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('savings-amount').fill('100');
  // 100 × 0.0005 × 7 = 0.35 USDT at maturity.
  await expect(dialog.getByTestId('savings-summary-interest')).toHaveText('0.35 USDT');
  await expectOnScreen(dialog.getByTestId('savings-summary').locator('dd'), 'a summary line');
  expect(await overflow(page), 'the subscription dialog').toBe(0);
  // A new account holds nothing: the refusal is said beside the amount, and nothing is sent.
  await dialog.getByTestId('savings-review').click();
  await expect(dialog.getByText('رصيدك المتاح 0.00 USDT.')).toBeVisible();
  await expect(page.getByTestId('savings-subscribe-confirm')).toHaveCount(0);
});
