import { expect, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';

test('the mobile home shows USDT and USDC cards to a signed-in user only, in the chosen book', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByTestId('home-mobile')).toBeVisible();
  // A visitor gets no cards and no placeholder numbers.
  await expect(page.getByTestId('home-balances')).toHaveCount(0);

  await registerThroughForm(page, newIdentity('mhome'));
  // In-app navigation throughout: a full page load would abort a user-info request in flight,
  // and a failed user-info request signs out (SPEC §4).
  const tabBar = page.getByTestId('tab-bar');
  await tabBar.getByRole('link', { name: 'Home' }).click();
  const usdt = page.getByTestId('home-balance-USDT');
  await expect(usdt).toContainText('Available0.00');
  await expect(usdt).toContainText("Today's P&L0.00");
  await expect(page.getByTestId('home-balance-USDC')).toContainText('Available0.00');

  await tabBar.getByRole('link', { name: 'Profile' }).click();
  await page.locator('label', { hasText: 'Demo account' }).click();
  await expect(page.getByText('Switched to Demo Account')).toBeVisible();
  await tabBar.getByRole('link', { name: 'Home' }).click();
  await expect(usdt).toContainText('Available100,000.00');
  // The asset's name opens the balance page; the card's other action is its Deposit button.
  await expect(usdt.getByTestId('home-deposit-USDT')).toHaveAttribute('href', '/deposit?asset=USDT');
  await usdt.getByRole('link', { name: 'USDT', exact: true }).click();
  await expect(page).toHaveURL(/\/profile\/balance$/);
  await expect(page.getByTestId('account-mode')).toHaveText('Demo account');
});
