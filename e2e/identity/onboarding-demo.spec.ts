import { expect, test } from '../fixtures';
import { newIdentity, registerThroughForm } from './helpers';

test('a new user picks the demo in onboarding, sees 100,000 USDT and walks the ticket tour', async ({ page }) => {
  await registerThroughForm(page, newIdentity('welcome'));

  // Right after registration the choice is offered at once, without covering the page.
  const welcome = page.getByRole('region', { name: 'How would you like to start?' });
  await expect(welcome).toBeVisible();
  await expect(welcome.getByRole('button', { name: 'Fund the live account' })).toBeVisible();
  await welcome.getByRole('button', { name: 'Start with the 100,000 USDT demo' }).click();

  // One click: the demo book, the market with a ticket, and the tour.
  await expect(page).toHaveURL(/\/market\?/);
  const ticket = page.getByTestId('order-ticket');
  await expect(ticket.getByTestId('ticket-account-mode')).toHaveText('Demo account');
  await expect(ticket).toContainText('100,000.00');

  const tour = page.getByRole('dialog', { name: 'Pick an instrument' });
  await expect(tour).toBeVisible();
  await expect(tour).toBeFocused();
  await tour.getByRole('button', { name: 'Next' }).click();
  const size = page.getByRole('dialog', { name: 'Size and leverage' });
  await expect(size).toBeVisible();
  // Back returns a step; Next goes on through every step.
  await size.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('dialog', { name: 'Pick an instrument' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Pick an instrument' }).getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog', { name: 'Size and leverage' }).getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog', { name: 'Stop loss and take profit' }).getByRole('button', { name: 'Next' }).click();
  const side = page.getByRole('dialog', { name: 'Buy or sell' });
  await expect(side).toBeVisible();
  // Esc ends the tour.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('ticket-tour')).toHaveCount(0);
  await expect(page).not.toHaveURL(/tour=1/);

  // The choice is remembered on the server: the offer does not come back.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('welcome-prompt')).toHaveCount(0);
});
