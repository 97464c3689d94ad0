import type { Browser, Page } from '@playwright/test';
import { signInNewOperator } from '../admin/operators';
import { expect, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';
import { addIdentityCardPhotos, drawWithMouse, fillPersonalStep } from '../kyc/form';
import { balanceOf, drawSignature } from './borrower';

/**
 * An unsecured loan from end to end (issue 17): the borrower verifies their identity (a reviewer
 * approves it in the back office), applies, signs the terms with a drawn signature and their
 * verified name, waits in the back office's loan queue, is paid out when a reviewer approves it,
 * is told so, and repays the whole loan from the balance.
 */

/** The KYC stepper, sent: personal details (Grace Hopper), an identity card's photos, a signature. */
async function submitVerification(page: Page) {
  await page.goto('/profile/verification');
  await fillPersonalStep(page);
  await addIdentityCardPhotos(page, 20);
  await page.getByTestId('kyc-next').click();
  await drawWithMouse(page);
  await page.getByTestId('kyc-next').click();
  await page.getByTestId('kyc-submit').click();
  const dialog = page.getByRole('dialog', { name: 'Submit your verification?' });
  await dialog.getByTestId('kyc-confirm-truthful').check();
  await dialog.getByTestId('kyc-confirm-submit').click();
  await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', 'pending');
}

/** A reviewer of their own browser, signed in with two-factor on. */
async function reviewer(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInNewOperator(page, 'reviewer');
  return { context, page };
}

/** The reviewer approves the user's item in a queue (one item of that user there). */
async function approveItem(page: Page, queue: 'kyc' | 'loan', title: string, userName: string) {
  await page.goto('/admin/queues');
  await page.getByTestId(`queue-card-${queue}`).click();
  await page
    .getByRole('row')
    .filter({ hasText: userName })
    .getByRole('button', { name: /^Open item #/ })
    .click();
  const drawer = page.getByRole('dialog', { name: new RegExp(`^${title}: item #`) });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function confirmApproval(page: Page) {
  await page
    .getByRole('dialog', { name: /^Approve item #/ })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(page.getByText(/is approved and carried out/)).toBeVisible();
}

test('an unsecured loan: identity verified, terms signed, approved in the loan queue, paid out and repaid', async ({
  page,
  browser,
}) => {
  // Two reviews in the back office and a loan's whole life: a long journey.
  test.setTimeout(300_000);
  const borrower = newIdentity('unsecured');
  await registerThroughForm(page, borrower);

  // Unsecured loans need a verified identity: /loan says so first.
  await page.goto('/loan');
  await page.locator('[data-testid="loan-product"][data-kind="unsecured"]').getByTestId('loan-product-apply').click();
  await expect(page.getByTestId('loan-verify-first')).toBeVisible();
  await submitVerification(page);
  const operator = await reviewer(browser);
  const kycDrawer = await approveItem(operator.page, 'kyc', 'Identity checks \\(KYC\\)', borrower.userName);
  await kycDrawer.getByRole('button', { name: 'Approve' }).click();
  await confirmApproval(operator.page);

  // The application: 1,000 USDT over the first term (7 days).
  await page.goto('/loan');
  await page.locator('[data-testid="loan-product"][data-kind="unsecured"]').getByTestId('loan-product-apply').click();
  const form = page.getByTestId('loan-apply-form');
  await form.getByTestId('loan-term').getByRole('radio').first().check();
  await form.getByTestId('loan-amount').fill('1000');
  await form.getByTestId('loan-apply-submit').click();
  await page.getByTestId('loan-apply-confirm').getByTestId('loan-apply-confirm-submit').click();
  await expect(page).toHaveURL(/\/loan\/\d+$/);
  const loan = page.getByTestId('loan');
  await expect(loan).toHaveAttribute('data-status', 'awaiting_signature');

  // 3 interest-free days, then 4 days × 1,000 × 0.05% = 2.00 USDT.
  const terms = page.getByTestId('loan-terms');
  await expect(terms.getByTestId('loan-terms-amount')).toHaveText('1,000.00 USDT');
  await expect(terms.getByTestId('loan-terms-interest')).toHaveText('2.00 USDT');
  await expect(terms.getByTestId('loan-terms-total')).toHaveText('1,002.00 USDT');

  // A verified borrower signs with their verified name: another name is refused.
  const sign = page.getByTestId('loan-sign-form');
  await drawSignature(page);
  await sign.getByTestId('loan-typed-name').fill('Someone Else');
  await sign.getByTestId('loan-agree').check();
  await sign.getByTestId('loan-sign-submit').click();
  await expect(page.getByText('Type your name exactly as it was verified.')).toBeVisible();
  await sign.getByTestId('loan-typed-name').fill('Grace Hopper');
  await sign.getByTestId('loan-sign-submit').click();
  await expect(loan).toHaveAttribute('data-status', 'pending_review');
  expect(await balanceOf(page, 'USDT')).toEqual({ available: '0.00', held: '0.00' });

  // The reviewer sees the loan's facts (no personal data beyond the user's name) and approves it.
  const loanDrawer = await approveItem(operator.page, 'loan', 'Loans', borrower.userName);
  await expect(loanDrawer.getByTestId('queue-item-detail-loanKind')).toHaveText('Unsecured');
  await expect(loanDrawer.getByTestId('queue-item-detail-interest')).toContainText('2');
  await expect(loanDrawer).not.toContainText('Grace');
  await loanDrawer.getByRole('button', { name: 'Approve' }).click();
  await confirmApproval(operator.page);
  await operator.context.close();

  // Paid out: the loan is being repaid, the money is in the balance, and the borrower is told.
  await page.goto('/loan');
  const mine = page.locator('[data-testid="my-loan"]').first();
  await expect(mine).toHaveAttribute('data-status', 'repaying');
  expect(await balanceOf(page, 'USDT')).toEqual({ available: '1,000.00', held: '0.00' });
  await page.goto('/profile/notification');
  await expect(page.getByTestId('notification-item').filter({ hasText: 'Loan approved' })).toBeVisible();
  await expect(page.getByTestId('notification-item').filter({ hasText: 'Loan paid out' })).toBeVisible();

  // Repaid in full on the day it was paid out (inside the interest-free days: 1,000.00 owed).
  await page.goto('/loan');
  await page.locator('[data-testid="my-loan"]').first().getByRole('link').first().click();
  await expect(loan).toHaveAttribute('data-status', 'repaying');
  await expect(page.getByTestId('loan-outstanding')).toHaveText('1,000.00 USDT');
  const repay = page.getByTestId('loan-repay');
  await expect(repay.getByTestId('loan-repay-amount')).toHaveValue(/^1,?000(\.0+)?$/);
  await repay.getByTestId('loan-repay-submit').click();
  await page.getByTestId('loan-repay-confirm').getByTestId('loan-repay-confirm-submit').click();
  await expect(loan).toHaveAttribute('data-status', 'repaid');
  await expect(page.getByTestId('loan-history').locator('[data-kind="repaid"]')).toBeVisible();
  expect(await balanceOf(page, 'USDT')).toEqual({ available: '0.00', held: '0.00' });
  await page.goto('/profile/notification');
  await expect(page.getByTestId('notification-item').filter({ hasText: 'Repayment accepted' })).toBeVisible();
});
