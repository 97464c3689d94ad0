import { privateKeyToAccount } from 'viem/accounts';
import { signInNewOperator } from '../admin/operators';
import { expect, type Page, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';
import { addressConfirmationLink } from './mail';

/** Funds the signed-in user's live USDT through the sandbox faucet and waits for the credit. */
async function depositFromFaucet(page: Page, amount: string) {
  await page.goto('/deposit?asset=USDT&network=local');
  const depositAddress = (await page.getByTestId('deposit-address').textContent()) ?? '';
  expect(depositAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await page.goto('/sandbox/faucet');
  // The faucet fills in the user's own deposit address (typing over it while it arrives would mix the two).
  await expect(page.getByTestId('faucet-address')).toHaveValue(depositAddress);
  await page.getByTestId('faucet-amount').fill(amount);
  await page.getByTestId('faucet-submit').click();
  await expect(page.getByTestId('faucet-tx-hash')).toHaveText(/0x[0-9a-f]{64}/);
  await page.goto('/deposit?asset=USDT&network=local');
  await expect(page.getByTestId('deposit-row').first()).toHaveAttribute('data-status', 'credited', {
    timeout: 30_000,
  });
}

test('a withdrawal to a confirmed address-book entry, approved by two operators above the four-eyes threshold, completes on chain with its hash', async ({
  page,
  browser,
}) => {
  test.slow();
  const customer = newIdentity('withdrawer');
  await registerThroughForm(page, customer);
  await depositFromFaucet(page, '20000');

  // A new address goes into the book, unusable until the e-mailed link is confirmed by a press.
  const recipient = privateKeyToAccount(`0x${'42'.repeat(32)}`).address;
  await page.goto('/profile/withdrawal-addresses');
  await page.getByTestId('book-network').selectOption('local');
  await page.getByTestId('book-label').fill('Cold wallet');
  await page.getByTestId('book-address').fill(recipient);
  await page.getByTestId('book-add').click();
  await expect(page.getByTestId('book-entry').first()).toHaveAttribute('data-status', 'unconfirmed');
  const link = await addressConfirmationLink(customer.email);
  await page.goto(new URL(link).pathname + new URL(link).search);
  // Opening the link changes nothing (mail scanners open links); the button confirms.
  await page.goto('/profile/withdrawal-addresses');
  await expect(page.getByTestId('book-entry').first()).toHaveAttribute('data-status', 'unconfirmed');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByTestId('confirm-address').click();
  await expect(page.getByTestId('confirm-done')).toBeVisible();
  await page.goto('/profile/withdrawal-addresses');
  await expect(page.getByTestId('book-entry').first()).toHaveAttribute('data-status', 'usable');

  // 10,500 USDT: above the 10,000 four-eyes threshold. The fee shows before anything moves.
  await page.goto('/withdraw?asset=USDT');
  await page.getByTestId('withdraw-network').selectOption('local');
  await page.getByTestId('withdraw-address-option').first().getByRole('radio').check();
  await page.getByTestId('withdraw-amount').fill('10500');
  await expect(page.getByTestId('withdraw-fee')).toBeVisible();
  await page.getByTestId('withdraw-review').click();
  const dialog = page.getByTestId('withdraw-confirm-dialog');
  await expect(dialog).toContainText(recipient);
  await page.getByTestId('withdraw-confirm').click();
  await expect(page.getByTestId('withdraw-success')).toBeVisible();

  // Two operators, each in a browser of their own, approve it in the withdrawal queue.
  for (const [index, approvalText] of ['Approved 1 of 2', 'is approved and carried out'].entries()) {
    const context = await browser.newContext();
    const operator = await context.newPage();
    await signInNewOperator(operator, 'admin');
    await operator.goto('/admin/queues');
    await operator.getByTestId('queue-card-withdrawal').click();
    await operator
      .getByRole('row')
      .filter({ hasText: customer.userName })
      .getByRole('button', { name: /^Open item #/ })
      .click();
    const drawer = operator.getByRole('dialog', { name: /^Withdrawals: item #/ });
    await drawer.getByRole('button', { name: 'Approve' }).click();
    await operator
      .getByRole('dialog', { name: /^Approve item #/ })
      .getByRole('button', { name: 'Approve' })
      .click();
    if (index === 1) await expect(operator.getByText(new RegExp(approvalText))).toBeVisible();
    await context.close();
  }

  // The signer sends it once the sweep brought the deposit to the hot wallet; it completes with its hash.
  await page.goto('/profile');
  await page.getByTestId('history-withdrawals').click();
  const row = page.getByTestId('withdrawal-row').first();
  await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 90_000 });
  await expect(row).toContainText(/10,?500/);
  // The sandbox chain has no explorer: the hash is shown (shortened) without a link.
  await expect(row).toContainText(/0x[0-9a-f]{4}…[0-9a-f]{4}/);
});
