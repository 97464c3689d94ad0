import { type Browser, expect, type Page } from '@playwright/test';
import { signInNewOperator } from '../admin/operators';
import { drawWithMouse } from '../kyc/form';

/**
 * What the loan journeys share: collateral credited to the borrower, the balances as the balance
 * page shows them, a crypto-backed application made through the form, and a drawn signature.
 */

/**
 * Credits `amount` of `asset` to the user's live account the way an operator does: an adjustment
 * from the treasury in the back office, with its reason (below the four-eyes threshold, so one
 * admin carries it out). BTC is the journeys' collateral: the sandbox faucet mints only USDT, USDC
 * and ETH, and ETH's price belongs to the liquidation journey, which moves it on the test feed.
 */
export async function creditByOperator(browser: Browser, userName: string, asset: string, amount: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInNewOperator(page, 'admin');
  await page.goto('/admin/users');
  await page.getByLabel('Search users').fill(userName);
  await page.getByLabel('Search users').press('Enter');
  await page.getByRole('link', { name: userName }).click();
  await expect(page.getByRole('heading', { level: 1, name: userName })).toBeVisible();
  await page.getByRole('button', { name: 'Adjust balance' }).click();
  await page.getByRole('combobox', { name: 'Asset' }).selectOption(asset);
  await page.getByRole('textbox', { name: 'Amount' }).fill(amount);
  await page.getByRole('textbox', { name: 'Reason' }).fill('Collateral for a loan journey');
  await page.getByRole('button', { name: 'Submit adjustment' }).click();
  await page
    .getByRole('dialog', { name: 'Adjust this balance?' })
    .getByRole('button', { name: 'Confirm adjustment' })
    .click();
  await expect(page.getByText('Balance adjusted').first()).toBeVisible();
  await context.close();
}

/** The available and held amounts of an asset as the balance page shows them ("1,000.00"). */
export async function balanceOf(page: Page, asset: string): Promise<{ available: string; held: string }> {
  await page.goto('/profile/balance');
  const row = page.getByTestId('balances-table').getByRole('row', { name: new RegExp(`^${asset}\\b`) });
  await expect(row).toBeVisible();
  const cells = row.getByRole('cell');
  return { available: (await cells.nth(0).innerText()).trim(), held: (await cells.nth(1).innerText()).trim() };
}

/**
 * Applies through the form for a crypto-backed loan of `amount` USDT over the product's
 * `termIndex`th term, locking `collateral` BTC, and confirms; answers the loan's id once its offer opens.
 */
export async function applyForCryptoLoan(
  page: Page,
  input: { amount: string; collateral: string; termIndex?: number },
): Promise<string> {
  await page.goto('/loan');
  await page
    .locator('[data-testid="loan-product"][data-kind="crypto_backed"]')
    .getByTestId('loan-product-apply')
    .click();
  await expect(page).toHaveURL(/\/loan\/apply\/\d+$/);
  const form = page.getByTestId('loan-apply-form');
  await form
    .getByTestId('loan-term')
    .getByRole('radio')
    .nth(input.termIndex ?? 0)
    .check();
  await form.getByTestId('loan-collateral-asset').getByRole('radio', { name: 'BTC' }).check();
  // The live price and its source are shown before anything is typed.
  await expect(form.getByTestId('loan-collateral-price')).toBeVisible();
  await form.getByTestId('loan-collateral-amount').fill(input.collateral);
  await form.getByTestId('loan-amount').fill(input.amount);
  await expect(form.getByTestId('loan-max-for-collateral')).toBeVisible();
  await form.getByTestId('loan-apply-submit').click();
  const confirm = page.getByTestId('loan-apply-confirm');
  await expect(confirm).toBeVisible();
  await confirm.getByTestId('loan-apply-confirm-submit').click();
  await expect(page).toHaveURL(/\/loan\/\d+$/);
  await expect(page.getByTestId('loan')).toHaveAttribute('data-status', 'awaiting_signature');
  return /\/loan\/(\d+)$/.exec(page.url())?.[1] ?? '';
}

/** A zigzag across the loan's signature pad with the mouse. */
export function drawSignature(page: Page) {
  return drawWithMouse(page, page.getByTestId('loan-sign-form'));
}
