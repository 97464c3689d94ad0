import { expect, test } from '../fixtures';
import { expectOnScreen, overflow, registerInEnglish, visitInArabic } from '../phone';

/**
 * Loans on a phone in Arabic (issue 17): right to left, and nothing runs past the screen's edge —
 * the products with their terms and limits, the borrower's page with the verification, the
 * application with its calculator and its refusals, and an unsecured product's verification first.
 */
test('in Arabic on a phone, the loan pages and the application fit the screen', async ({ page }) => {
  test.slow();
  // A visitor: the products and the way to sign in.
  await visitInArabic(page, '/loan');
  await expect(page.getByTestId('loan-product')).toHaveCount(2);
  await expect(page.getByTestId('loan-sign-in')).toBeVisible();
  expect(await overflow(page), '/loan for a visitor').toBe(0);
  await expectOnScreen(page.getByTestId('loan-product'), 'a product');
  await expectOnScreen(page.getByTestId('loan-product').locator('dd'), "a product's fact");

  // A borrower: the products with their own limit, their loans and their verification.
  await registerInEnglish(page, 'loanphone');
  await page.goto('/loan');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('loan-product-limit')).toHaveCount(2);
  await expect(page.getByTestId('my-loans-empty')).toBeVisible();
  await expect(page.getByTestId('kyc-status')).toBeVisible();
  expect(await overflow(page), '/loan for a borrower').toBe(0);
  await expectOnScreen(page.getByTestId('loan-product-apply'), 'an apply button');
  await expectOnScreen(page.getByTestId('kyc-status'), 'the verification');

  // The crypto-backed application: the calculator with the price, then the refusals beside the fields.
  await page
    .locator('[data-testid="loan-product"][data-kind="crypto_backed"]')
    .getByTestId('loan-product-apply')
    .click();
  const form = page.getByTestId('loan-apply-form');
  await form.getByTestId('loan-term').getByRole('radio').nth(1).check();
  await expect(form.getByTestId('loan-collateral-price')).toBeVisible();
  await form.getByTestId('loan-collateral-amount').fill('0.05');
  await form.getByTestId('loan-amount').fill('1000');
  await expect(form.getByTestId('loan-max-for-collateral')).toBeVisible();
  await expect(form.getByTestId('loan-collateral-needed')).toBeVisible();
  await expect(form.getByTestId('loan-cost-interest')).not.toHaveText('—');
  expect(await overflow(page), 'the application with its calculator').toBe(0);
  await expectOnScreen(form.locator('input'), "the application's field");
  await expectOnScreen(form.getByTestId('loan-cost').locator('dd'), 'a cost');
  // No ETH in the account: the collateral field says what is available, in Arabic.
  await form.getByTestId('loan-apply-submit').click();
  await expect(form.getByTestId('loan-collateral-amount')).toHaveAttribute('aria-invalid', 'true');
  expect(await overflow(page), 'the application with its refusals').toBe(0);

  // The unsecured product asks an unverified borrower for the verification first.
  await page.goto('/loan');
  await page.locator('[data-testid="loan-product"][data-kind="unsecured"]').getByTestId('loan-product-apply').click();
  await expect(page.getByTestId('loan-verify-first')).toBeVisible();
  await expect(page.getByTestId('kyc-step-personal')).toBeVisible();
  expect(await overflow(page), 'the verification before an unsecured loan').toBe(0);
});
