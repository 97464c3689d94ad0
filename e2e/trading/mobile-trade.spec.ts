import { expect, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';

test('on a phone, a demo user opens a position from the instrument page in a full-screen confirmation and finds it in the profile', async ({
  page,
}) => {
  test.slow();
  await page.goto('/');
  await page.getByRole('button', { name: 'Skip' }).click();
  await registerThroughForm(page, newIdentity('mtrade'));
  // In-app navigation throughout: a full page load would abort a user-info request in flight.
  const tabBar = page.getByTestId('tab-bar');
  await tabBar.getByRole('link', { name: 'Profile' }).click();
  await page.locator('label', { hasText: 'Demo account' }).click();
  await expect(page.getByText('Switched to Demo Account')).toBeVisible();

  await tabBar.getByRole('link', { name: 'Home' }).click();
  await page.getByTestId('open-search').click();
  // BNB follows the live sandbox feed (ETH's price is the loan journey's, pushed by the test feed).
  await page.getByRole('dialog').getByRole('combobox').fill('bnb');
  await page.getByRole('dialog').getByTestId('search-result-BNBUSDT').click();
  await expect(page.getByTestId('instrument-page')).toBeVisible();

  // On a phone the ticket opens from the sticky Buy/Sell bar as a bottom sheet.
  await page.getByTestId('trade-bar-buy').tap();
  const ticket = page.getByTestId('order-ticket');
  await expect(ticket.getByTestId('ticket-account-mode')).toHaveText('Demo account');
  // A tap lands on the segment's label (the text inside it sits under Mantine's indicator).
  await ticket.locator('label', { hasText: 'Buy' }).tap();
  await expect(ticket.getByTestId('ticket-submit')).toHaveText('Review buy order');
  await ticket.getByTestId('ticket-lots').fill('0.01');
  await expect(ticket.getByTestId('ticket-preview')).toContainText('USDT');
  await ticket.getByTestId('ticket-submit').click();

  // The confirmation takes the whole screen on a phone, with the risk warning.
  const confirm = page.getByTestId('confirm-order');
  await expect(confirm).toContainText('Risk warning');
  // Full width once it has settled, and nothing on the page wider than the screen (a long user
  // name in the top bar once pushed it 6 px past the edge).
  const viewport = page.viewportSize();
  await expect
    .poll(async () => (await page.getByRole('dialog', { name: /^Confirm/ }).boundingBox())?.width)
    .toBe(viewport?.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport?.width);
  await page.getByTestId('confirm-order-submit').click();
  await expect(page.getByText('Position opened').first()).toBeVisible();

  await tabBar.getByRole('link', { name: 'Profile' }).click();
  const panel = page.getByTestId('positions-panel');
  await expect(panel.locator('[data-testid^="position-row-"]').first()).toContainText('BNBUSDT');
});
