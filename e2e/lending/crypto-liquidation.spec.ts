import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';
import { balanceOf, creditByOperator, drawSignature } from './borrower';

/**
 * A crypto-backed loan against ETH whose price falls (issue 17): ETH follows the journeys' test
 * feed (scripts/e2e-server.mjs), and this is the one journey that moves it. The loan is paid out at
 * once, the price falls through the margin-call LTV (a warning, notified; the borrower adds
 * collateral) to the liquidation LTV
 * (collateral sold back to the initial LTV through the ledger, notified, recorded with the price
 * and its source), the rest is repaid and the collateral left released; the agreement's text is
 * read back from the PDF.
 */

/**
 * Keeps ETH's price fresh on the test feed (a price older than 15 s moves no loan and prices no
 * application): the current price is pushed now and every two seconds until stopped.
 */
function ethPrice(request: APIRequestContext) {
  let price = '900';
  let stopped = false;
  const push = async () => {
    const answer = await request.post('/__test/market/ticks', { data: { ticks: [{ code: 'ETHUSDT', price }] } });
    expect(answer.ok()).toBe(true);
  };
  const timer = setInterval(() => {
    if (!stopped) push().catch(() => undefined);
  }, 2_000);
  return {
    set: async (next: string) => {
      price = next;
      await push();
    },
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}

/** Reloads the loan until its history shows an event of `kind` (the engine acts on the next tick). */
async function untilEvent(page: Page, kind: string) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('loan-history').locator(`[data-kind="${kind}"]`)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
}

/** The PDF's text as a reader extracts it, white space removed. */
async function pdfText(path: string): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(await readFile(path)), verbosity: 0 }).promise;
  let text = '';
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    for (const item of content.items) if ('str' in item) text += item.str;
  }
  await document.destroy();
  return text.replace(/\s+/g, '');
}

test('a crypto-backed loan through a falling price: margin call, collateral added, liquidation back to the initial LTV, the rest repaid', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const price = ethPrice(request);
  try {
    // 1.2 ETH at 800 USDT (960): an operator's credit below the adjustment four-eyes threshold (1,000).
    await price.set('800');
    const borrower = newIdentity('liquidate');
    await registerThroughForm(page, borrower);
    await creditByOperator(browser, borrower.userName, 'ETH', '1.2');

    // At 3,000 USDT, 1 ETH carries up to 1,500 USDT at the initial LTV of 50%: borrow 1,000.
    await price.set('3000');
    await page.goto('/loan');
    await page
      .locator('[data-testid="loan-product"][data-kind="crypto_backed"]')
      .getByTestId('loan-product-apply')
      .click();
    const form = page.getByTestId('loan-apply-form');
    await form.getByTestId('loan-term').getByRole('radio').first().check();
    await form.getByTestId('loan-collateral-asset').getByRole('radio', { name: 'ETH' }).check();
    await expect(form.getByTestId('loan-collateral-price')).toContainText('3,000');
    await form.getByTestId('loan-collateral-amount').fill('1');
    await form.getByTestId('loan-amount').fill('1000');
    await form.getByTestId('loan-apply-submit').click();
    await page.getByTestId('loan-apply-confirm').getByTestId('loan-apply-confirm-submit').click();
    await expect(page).toHaveURL(/\/loan\/\d+$/);
    const loan = page.getByTestId('loan');
    await expect(loan).toHaveAttribute('data-status', 'awaiting_signature');
    const loanId = /\/loan\/(\d+)$/.exec(page.url())?.[1] ?? '';

    await drawSignature(page);
    const sign = page.getByTestId('loan-sign-form');
    await sign.getByTestId('loan-typed-name').fill('Ada Liquidity');
    await sign.getByTestId('loan-agree').check();
    await sign.getByTestId('loan-sign-submit').click();
    await expect(loan).toHaveAttribute('data-status', 'repaying');
    // LTV 1,000 / 3,000 = 33.3%: healthy.
    await expect(page.getByTestId('ltv-gauge')).toHaveAttribute('data-zone', 'healthy');

    // At 1,400: LTV 1,000 / 1,400 = 71.4%, past the margin call (70%): a warning, not a sale.
    await price.set('1400');
    await untilEvent(page, 'margin_call');
    await expect(page.getByTestId('ltv-gauge')).toHaveAttribute('data-zone', 'marginCall');
    await expect(page.getByTestId('loan-collateral-held')).toHaveText('1.000000 ETH');

    // The borrower adds the 0.2 ETH left: 1,000 / (1.2 × 1,400) = 59.6%, healthy again.
    const addition = page.getByTestId('loan-add-collateral');
    await addition.getByTestId('loan-add-collateral-amount').fill('0.3');
    await addition.getByTestId('loan-add-collateral-submit').click();
    // More than the 0.2 ETH available: refused beside the field before anything is sent.
    await expect(addition.getByText('Your available balance is 0.200000 ETH.')).toBeVisible();
    await addition.getByTestId('loan-add-collateral-amount').fill('0.2');
    await addition.getByTestId('loan-add-collateral-submit').click();
    await page.getByTestId('loan-add-collateral-confirm').getByTestId('loan-add-collateral-confirm-submit').click();
    await expect(addition.getByTestId('loan-add-collateral-success')).toBeVisible();
    await expect(page.getByTestId('loan-collateral-held')).toHaveText('1.200000 ETH');
    await expect(page.getByTestId('ltv-gauge')).toHaveAttribute('data-zone', 'healthy');
    await expect(page.getByTestId('loan-history').locator('[data-kind="collateral_added"]')).toBeVisible();

    // At 1,000: LTV 1,000 / 1,200 = 83.3%, past the liquidation LTV (80%). Sold: (1,000 − 0.5 ×
    // 1.2 × 1,000) / (1,000 × 0.5) = 0.8 ETH, whose 800 USDT settle the debt to 200, back at 50%.
    await price.set('1000');
    await untilEvent(page, 'liquidation');
    await expect(loan).toHaveAttribute('data-status', 'repaying');
    await expect(page.getByTestId('loan-collateral-held')).toHaveText('0.400000 ETH');
    const sale = page.getByTestId('loan-history').locator('[data-kind="liquidation"]');
    await expect(sale).toContainText('0.800000 ETH');
    await expect(sale).toContainText('1,000');
    await expect(page.getByTestId('ltv-gauge')).toHaveAttribute('data-zone', 'healthy');

    await page.goto('/profile/notification');
    await expect(page.getByTestId('notification-item').filter({ hasText: 'Loan margin call' })).toBeVisible();
    await expect(page.getByTestId('notification-item').filter({ hasText: 'Loan collateral liquidated' })).toBeVisible();

    // The agreement: its text names the loan's terms hash and the typed name.
    await page.goto(`/loan/${loanId}`);
    const hash = (await page.getByTestId('loan-terms-hash').innerText()).trim();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const downloading = page.waitForEvent('download');
    await page.getByTestId('loan-agreement-download').click();
    const text = await pdfText((await (await downloading).path()) ?? '');
    expect(text).toContain(hash);
    expect(text).toContain('AdaLiquidity');
    expect(text).toContain('1,000');

    // The rest repaid from the 1,000 USDT lent: the loan closes and the ETH not sold comes back.
    const repay = page.getByTestId('loan-repay');
    await expect(repay.getByTestId('loan-repay-amount')).toHaveValue('200');
    await repay.getByTestId('loan-repay-submit').click();
    await page.getByTestId('loan-repay-confirm').getByTestId('loan-repay-confirm-submit').click();
    await expect(loan).toHaveAttribute('data-status', 'repaid');
    expect(await balanceOf(page, 'ETH')).toEqual({ available: '0.400000', held: '0.000000' });
    expect(await balanceOf(page, 'USDT')).toEqual({ available: '800.00', held: '0.00' });
  } finally {
    price.stop();
  }
});
