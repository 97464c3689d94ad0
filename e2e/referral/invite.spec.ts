import type { Browser, Page } from '@playwright/test';
import { seriousViolations } from '../a11y/scan';
import { signInNewOperator } from '../admin/operators';
import { expect, test } from '../fixtures';
import { codeFor, newIdentity, registerThroughForm } from '../identity/helpers';

/**
 * The invite programme (issue 20), end to end: an admin sets a reward for each step with a budget
 * reserved from treasury; an inviter copies their link; a friend registers through it (the code
 * filled in), is funded by the sandbox faucet's deposit and opens a live position; the inviter's
 * /profile/invite shows the friend going through Register, Fund and Trade with their dates, and
 * the rewards paid. XLMUSDT follows the test feed for this journey alone: no other journey prices it.
 */
const CODE = 'XLMUSDT';

async function setPrice(page: Page, price: string) {
  const response = await page.request.post('/__test/market/ticks', { data: { ticks: [{ code: CODE, price }] } });
  expect(response.ok()).toBe(true);
}

/** The back office's Invite rewards tab: 1, 2 and 3 USDT for Register, Fund and Trade, 100 USDT more budget. */
async function configureRewards(browser: Browser): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signInNewOperator(page, 'admin');
    await page.goto('/admin/settings?tab=invites');
    await expect(page.getByRole('tab', { name: 'Invite rewards', selected: true })).toBeVisible();
    const budget = page.getByTestId('invite-budget');
    await expect(budget).toBeVisible();
    const before = Number((await budget.inputValue()) || '0');
    await page.getByTestId('invite-amount-register').fill('1');
    await page.getByTestId('invite-amount-fund').fill('2');
    await page.getByTestId('invite-amount-trade').fill('3');
    await budget.fill(String(before + 100));
    await page.getByLabel('Reason').fill('launch of the invite rewards');
    await page.getByTestId('invite-rewards-save').click();
    const confirm = page.getByRole('dialog', { name: 'Change the invite rewards?' });
    await expect(confirm.getByTestId('invite-move-reserve')).toContainText('100 USDT');
    await confirm.getByRole('button', { name: 'Change and move the budget' }).click();
    await expect(page.getByTestId('invite-rewards-status')).toHaveText('Paying');
    await expect(page.getByTestId('invite-rewards-remaining')).toContainText('USDT');
  } finally {
    await context.close();
  }
}

/** The friend: registers through the link, deposits from the faucet, opens a live position. */
async function friendJoinsFundsAndTrades(browser: Browser, link: string, inviteCode: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const who = newIdentity('invitee');
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByLabel('Invite code (optional)')).toHaveValue(inviteCode);
    await page.getByLabel('User name').fill(who.userName);
    await page.getByLabel('E-mail').fill(who.email);
    await page.getByTestId('send-code').click();
    await expect(page.getByRole('status').filter({ hasText: who.email })).toBeVisible();
    await page.getByLabel('Verification code').fill(await codeFor(who.email));
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password);
    await page.getByLabel('Repeat the password').fill(who.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/profile$/);

    // Funds from the sandbox faucet, credited once the deposit is confirmed on the sandbox chain.
    await page.goto('/deposit?asset=USDT&network=local');
    const address = page.getByTestId('deposit-address');
    await expect(address).toHaveText(/^0x[0-9a-fA-F]{40}$/);
    const depositAddress = (await address.textContent()) ?? '';
    await page.goto('/sandbox/faucet');
    // The faucet fills in the user's own deposit address (typing over it while it arrives would mix the two).
    await expect(page.getByTestId('faucet-address')).toHaveValue(depositAddress);
    await page.getByTestId('faucet-amount').fill('200');
    await page.getByTestId('faucet-submit').click();
    await expect(page.getByTestId('faucet-tx-hash')).toHaveText(/0x[0-9a-f]{64}/);
    await page.goto('/deposit?asset=USDT&network=local');
    await expect(page.getByTestId('deposit-row').first()).toHaveAttribute('data-status', 'credited', {
      timeout: 60_000,
    });

    // A first live position.
    await setPrice(page, '0.25');
    await page.goto(`/market?tab=2&code=${CODE}`);
    const ticket = page.getByTestId('order-ticket');
    await expect(ticket).toBeVisible();
    await ticket.getByTestId('ticket-side-long').click();
    await ticket.getByTestId('ticket-lots').fill('200');
    await ticket.getByTestId('ticket-submit').click();
    const questions = page.getByRole('dialog', { name: 'Before your first live trade' });
    await questions.getByRole('radio', { name: 'One to three years' }).check();
    await questions.getByRole('radio', { name: 'About monthly' }).check();
    await questions.getByRole('radio', { name: 'I lose all of it' }).check();
    await questions.getByRole('radio', { name: 'My positions are closed automatically' }).check();
    await questions.getByRole('radio', { name: 'Savings' }).check();
    await page.getByTestId('appropriateness-submit').click();
    await setPrice(page, '0.25');
    await page.getByTestId('confirm-order').getByTestId('confirm-order-submit').click();
    await expect(page.getByTestId('positions-panel').locator('[data-testid^="position-row-"]').first()).toContainText(
      CODE,
    );
  } finally {
    await context.close();
  }
}

test('an inviter sees a friend who joined through their link go through Register, Fund and Trade, and the rewards', async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await configureRewards(browser);

  // The inviter finds the page from the profile and copies the link.
  await registerThroughForm(page, newIdentity('inviter'));
  await page.getByTestId('profile-invite').click();
  await expect(page).toHaveURL(/\/profile\/invite$/);
  const inviteCode = ((await page.getByTestId('invite-code').textContent()) ?? '').trim();
  expect(inviteCode).toMatch(/^[A-Z0-9]{4,12}$/);
  const link = page.getByTestId('invite-link');
  await expect(link).toContainText(`/pass/register?invite=${inviteCode}`);
  await expect(page.getByTestId('invite-qr')).toBeVisible();
  await expect(page.getByTestId('invite-programme')).toHaveAttribute('data-status', 'active');
  await expect(page.getByTestId('invitees-empty')).toBeVisible();
  await page.getByTestId('copy-link').click();
  await expect(page.getByTestId('copy-link-status')).toHaveText('Copied.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(((await link.textContent()) ?? '').trim());

  await friendJoinsFundsAndTrades(browser, copied, inviteCode);

  // The inviter's page follows the friend (it reads again while open): each step dated, each reward paid.
  await page.reload();
  const invitee = page.getByTestId('invitee');
  await expect(invitee).toHaveCount(1);
  await expect(invitee.getByTestId('invitee-name')).toContainText('***');
  for (const step of ['register', 'fund', 'trade']) {
    await expect(invitee.getByTestId(`invitee-step-${step}`)).toHaveAttribute('data-done', 'true', {
      timeout: 60_000,
    });
    await expect(invitee.getByTestId(`invitee-step-${step}`).locator('time')).toBeVisible();
  }
  await expect(invitee.getByTestId('invitee-reward-register')).toContainText('1.00 USDT', { timeout: 60_000 });
  await expect(invitee.getByTestId('invitee-reward-fund')).toContainText('2.00 USDT', { timeout: 60_000 });
  await expect(invitee.getByTestId('invitee-reward-trade')).toContainText('3.00 USDT', { timeout: 60_000 });
  await expect(page.getByTestId('invite-total-invitees')).toContainText('1');
  await expect(page.getByTestId('invite-total-traded')).toContainText('1');
  await expect(page.getByTestId('invite-total-rewards')).toContainText('6.00 USDT');

  expect(await seriousViolations(page)).toEqual([]);
});
