import { expect, type Page } from '@playwright/test';

/**
 * What the loan journeys share: money in through the sandbox faucet and a real deposit on the
 * sandbox chain, the balances as the balance page shows them, and a crypto-backed application
 * made through the form.
 */

/**
 * Funds the signed-in user's live account, once per asset: the faucet sends `amount` of `asset` to
 * the user's own deposit address on the sandbox chain, and the journey waits until the deposit is
 * credited. The
 * faucet mints USDT, USDC and ETH (not BTC, which has no sandbox chain), so ETH is the collateral
 * the journeys lock.
 */
export async function fundFromFaucet(page: Page, asset: 'ETH' | 'USDT', amount: string) {
  await page.goto(`/deposit?asset=${asset}&network=local`);
  const address = page.getByTestId('deposit-address');
  await expect(address).toHaveText(/^0x[0-9a-fA-F]{40}$/);
  const depositAddress = (await address.textContent()) ?? '';
  await page.goto('/sandbox/faucet');
  await page.getByTestId('faucet-address').fill(depositAddress);
  await page.getByTestId('faucet-asset').selectOption(asset);
  await page.getByTestId('faucet-amount').fill(amount);
  await page.getByTestId('faucet-submit').click();
  await expect(page.getByTestId('faucet-tx-hash')).toHaveText(/0x[0-9a-f]{64}/);
  await page.goto(`/deposit?asset=${asset}&network=local`);
  // The chain watcher sees it and counts its confirmations (one deposit of each asset per
  // journey, so the asset names it): ceilings for a busy machine, not durations.
  const row = page.getByTestId('deposit-row').filter({ hasText: new RegExp(`\\d ${asset}\\b`) });
  await expect(row).toHaveCount(1, { timeout: 60_000 });
  await expect(row).toHaveAttribute('data-status', 'credited', { timeout: 60_000 });
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
 * Applies through the form for a crypto-backed loan of `amount` USDT over the product's `termIndex`th
 * term, locking `collateral` ETH, and confirms; answers the loan's id once its offer opens.
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
  await form.getByTestId('loan-collateral-asset').getByRole('radio', { name: 'ETH' }).check();
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
export async function drawSignature(page: Page) {
  const pad = page.getByTestId('loan-sign-form').getByTestId('kyc-signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  await page.mouse.move(box.x + 20, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1) {
    await page.mouse.move(box.x + 20 + step * 22, box.y + box.height * (step % 2 === 0 ? 0.6 : 0.35), { steps: 3 });
  }
  await page.mouse.up();
  await expect(page.getByTestId('kyc-signature-state')).toHaveText('Signature drawn.');
}
