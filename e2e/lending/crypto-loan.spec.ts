import { readFile } from 'node:fs/promises';
import { expect, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';
import { applyForCryptoLoan, balanceOf, creditByOperator, drawSignature } from './borrower';

/**
 * A crypto-backed loan from end to end (issue 17): BTC credited as collateral, the application with
 * its live calculator, the offer's terms signed with a drawn signature and the typed name, the
 * payout at once (USDT in the balance, the BTC held), the signed agreement as a PDF, and the whole
 * loan repaid from the balance, which releases the collateral.
 */
test('a crypto-backed loan: applied for against BTC, signed, paid out, its agreement downloaded, repaid in full and the collateral released', async ({
  page,
  browser,
}) => {
  // An operator's credit, a loan's life and several visits to the balances: a long journey.
  test.setTimeout(300_000);
  const borrower = newIdentity('borrower');
  await registerThroughForm(page, borrower);
  // 0.005 BTC (about 450 USDT on the sandbox feed) carries up to about 225 USDT at the initial LTV of 50%.
  await creditByOperator(browser, borrower.userName, 'BTC', '0.005');
  expect(await balanceOf(page, 'BTC')).toEqual({ available: '0.00500000', held: '0.00000000' });

  const loanId = await applyForCryptoLoan(page, { amount: '100', collateral: '0.005', termIndex: 0 });

  // The offer: its terms, what margin calls and liquidation mean, and until when it can be signed.
  // 100 USDT for 7 days with no interest-free days, at the product's daily rate: 0.03% as seeded,
  // or 0.04% once the loan-settings journey (which may run beside this one) has raised it.
  const interestAt: Record<string, string> = {
    '0.03% per day': '0.21', // 100 × 0.0003 × 7
    '0.04% per day': '0.28', // 100 × 0.0004 × 7
  };
  const terms = page.getByTestId('loan-terms');
  await expect(terms.getByTestId('loan-terms-amount')).toHaveText('100.00 USDT');
  const rate = (await terms.getByTestId('loan-terms-rate').innerText()).trim();
  const interest = interestAt[rate];
  expect(interest, `the daily rate ${rate}`).toBeDefined();
  await expect(terms.getByTestId('loan-terms-interest')).toHaveText(`${interest} USDT`);
  await expect(terms.getByTestId('loan-terms-total')).toHaveText(`100.${interest?.slice(2)} USDT`);
  await expect(terms.getByTestId('loan-terms-due')).toHaveText('7 days after payout');
  await expect(terms.getByTestId('loan-terms-collateral')).toHaveText('0.00500000 BTC');
  await expect(terms.getByTestId('loan-terms-risks')).toContainText('liquidation');
  await expect(page.getByTestId('loan-offer-expires')).toBeVisible();

  // Signing asks for all three: the drawing, the typed name and the agreement.
  const form = page.getByTestId('loan-sign-form');
  await form.getByTestId('loan-sign-submit').click();
  await expect(form.getByText('Draw your signature.')).toBeVisible();
  await expect(form.getByText('Type your name.')).toBeVisible();
  await drawSignature(page);
  await form.getByTestId('loan-typed-name').fill('Grace Hopper');
  await form.getByTestId('loan-agree').check();
  await form.getByTestId('loan-sign-submit').click();

  // Within the unverified limit and the initial LTV, a crypto-backed loan is paid out at once.
  const loan = page.getByTestId('loan');
  await expect(loan).toHaveAttribute('data-status', 'repaying');
  await expect(page.getByTestId('loan-status')).toHaveText('Repaying');
  await expect(page.getByTestId('loan-outstanding')).toHaveText('100.00 USDT');
  const meter = page.getByRole('meter', { name: 'Current LTV' });
  await expect(meter).toHaveAttribute('aria-valuetext', /^LTV \d+(\.\d+)?%, healthy\./);
  await expect(page.getByTestId('loan-collateral-held')).toHaveText('0.00500000 BTC');
  await expect(page.getByTestId('loan-collateral-source')).toBeVisible();
  await expect(page.getByTestId('loan-history').locator('[data-kind="disbursed"]')).toBeVisible();

  expect(await balanceOf(page, 'USDT')).toEqual({ available: '100.00', held: '0.00' });
  expect(await balanceOf(page, 'BTC')).toEqual({ available: '0.00000000', held: '0.00500000' });

  // The signed agreement: a PDF of some substance, fetched with the session (no token in a URL).
  await page.goto(`/loan/${loanId}`);
  const downloading = page.waitForEvent('download');
  await page.getByTestId('loan-agreement-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await readFile((await download.path()) ?? '');
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(2000);

  // Repay everything from the balance: the amount is prefilled with what is owed, and confirmed.
  const repay = page.getByTestId('loan-repay');
  await expect(repay.getByTestId('loan-repay-amount')).toHaveValue(/^100(\.0+)?$/);
  await repay.getByTestId('loan-repay-submit').click();
  const confirm = page.getByTestId('loan-repay-confirm');
  await expect(confirm).toContainText('BTC');
  await confirm.getByTestId('loan-repay-confirm-submit').click();
  await expect(loan).toHaveAttribute('data-status', 'repaid');
  await expect(page.getByTestId('loan-notice')).toContainText('collateral has been released');
  await expect(page.getByTestId('loan-history').locator('[data-kind="repaid"]')).toBeVisible();

  expect(await balanceOf(page, 'BTC')).toEqual({ available: '0.00500000', held: '0.00000000' });
  expect(await balanceOf(page, 'USDT')).toEqual({ available: '0.00', held: '0.00' });
  await page.goto('/loan');
  await expect(page.locator(`[data-testid="my-loan"][data-loan-id="${loanId}"]`)).toHaveAttribute(
    'data-status',
    'repaid',
  );
});
