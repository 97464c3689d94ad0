import { expect, type Locator, type Page, test } from '../fixtures';
import { newIdentity, registerThroughForm } from './helpers';

/** Fails when two elements' boxes on screen overlap (the tour must never cover what it describes). */
async function expectApart(a: Locator, b: Locator) {
  await expect
    .poll(async () => {
      const [one, two] = [await a.boundingBox(), await b.boundingBox()];
      if (!one || !two) return 'not on screen';
      const apart =
        one.y + one.height <= two.y + 0.5 ||
        two.y + two.height <= one.y + 0.5 ||
        one.x + one.width <= two.x + 0.5 ||
        two.x + two.width <= one.x + 0.5;
      return apart ? 'apart' : 'overlapping';
    })
    .toBe('apart');
}

/** Fails unless an element lies wholly inside the viewport. */
async function expectOnScreen(page: Page, element: Locator) {
  const viewport = page.viewportSize();
  await expect
    .poll(async () => {
      const box = await element.boundingBox();
      return Boolean(box && viewport && box.y >= 0 && box.x >= 0 && box.y + box.height <= viewport.height + 0.5);
    })
    .toBe(true);
}

/** The tour's step, checked to be focused, on screen and clear of its anchor. */
async function step(page: Page, name: string, anchor: Locator) {
  const dialog = page.getByRole('dialog', { name, exact: true });
  await expect(dialog).toBeVisible();
  await expect(dialog).toBeFocused();
  await expectOnScreen(page, dialog);
  await expectOnScreen(page, anchor);
  await expectApart(dialog, anchor);
  return dialog;
}

test('on a phone, a new user picks the demo in onboarding, sees 100,000 USDT and walks every step of the tour', async ({
  page,
}) => {
  test.slow();
  await page.goto('/');
  await page.getByRole('button', { name: 'Skip' }).click();
  await registerThroughForm(page, newIdentity('mwelcome'));

  const welcome = page.getByRole('region', { name: 'How would you like to start?' });
  await expect(welcome).toBeVisible();
  await welcome.getByRole('button', { name: 'Start with the 100,000 USDT demo' }).click();

  // On a phone the ticket lives on the instrument page, behind the sticky Buy/Sell bar: the demo
  // starts there, with the tour. The chunk can take long on a busy machine: a ceiling.
  await expect(page).toHaveURL(/\/cruuency\?code=BTCUSDT&tour=1$/);
  await expect(page.getByTestId('instrument-page')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('account-summary')).toContainText('100,000.00');

  const bar = page.getByTestId('trade-bar');
  const buy = bar.getByTestId('trade-bar-buy');
  const sell = bar.getByTestId('trade-bar-sell');

  // 1: the live price and chart.
  const price = await step(page, 'Live price and chart', page.locator('[data-tour="instrument-price"]'));
  await expect(price).toContainText('Step 1 of 6');
  await expectApart(price, buy);
  await expectApart(price, sell);
  await price.getByRole('button', { name: 'Next' }).click();

  // 2: the sticky bar; the tour never covers its buttons.
  const opener = await step(page, 'Open the order ticket', bar);
  await expectApart(opener, buy);
  await expectApart(opener, sell);
  await opener.getByRole('button', { name: 'Next' }).click();

  // 3: Next opened the sheet; the tour goes on inside it, where the demo account's ticket is.
  const sheet = page.getByRole('dialog', { name: 'Trade Bitcoin' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('ticket-account-mode')).toHaveText('Demo account');
  await expect(sheet.getByTestId('order-ticket')).toContainText('100,000.00');
  const size = await step(page, 'Size and leverage', sheet.locator('[data-tour="ticket-lots"]'));
  await expect(size).toContainText('Step 3 of 6');

  // Back closes the sheet and returns to the bar; the user's own tap on Sell opens the sheet
  // again and the tour follows it there.
  await size.getByRole('button', { name: 'Back' }).click();
  await step(page, 'Open the order ticket', bar);
  await expect(sheet).toHaveCount(0);
  await sell.tap();
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('ticket-submit')).toHaveText('Review sell order');
  const sizeAgain = await step(page, 'Size and leverage', sheet.locator('[data-tour="ticket-lots"]'));
  // Keyboard: inside the sheet (which keeps focus in itself) Tab walks the card's buttons,
  // Skip, Back, Next, and Enter goes on.
  await page.keyboard.press('Tab');
  await expect(sizeAgain.getByRole('button', { name: 'Skip tour' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(sizeAgain.getByRole('button', { name: 'Next' })).toBeFocused();
  await page.keyboard.press('Enter');

  const sltp = await step(page, 'Stop loss and take profit', sheet.locator('[data-tour="ticket-sltp"]'));
  await sltp.getByRole('button', { name: 'Next' }).click();
  const side = await step(page, 'Buy or sell', sheet.locator('[data-tour="ticket-side"]'));
  await side.getByRole('button', { name: 'Next' }).click();

  // 6: the sheet closes again for the positions, on the page.
  await expect(sheet).toHaveCount(0);
  const positions = await step(page, 'Your positions', page.locator('[data-tour="positions-tabs"]'));
  await expect(positions).toContainText('Step 6 of 6');
  await expectApart(positions, buy);
  await positions.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('ticket-tour')).toHaveCount(0);
  await expect(page).not.toHaveURL(/tour=1/);

  // The choice is remembered: the offer does not come back.
  await page.getByTestId('tab-bar').getByRole('link', { name: 'Profile' }).click();
  await expect(page.locator('#main').getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(page.getByTestId('welcome-prompt')).toHaveCount(0);
});

test('on a phone in Arabic, the tour speaks Arabic, sits inside the screen and Esc ends it', async ({ page }) => {
  test.slow();
  await page.goto('/');
  await page.getByRole('button', { name: 'Skip' }).click();
  await registerThroughForm(page, newIdentity('mwelcomear'));
  await page
    .getByRole('region', { name: 'How would you like to start?' })
    .getByRole('button', {
      name: 'Start with the 100,000 USDT demo',
    })
    .click();
  await expect(page.getByTestId('instrument-page')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('dialog', { name: 'Live price and chart', exact: true })).toBeVisible();

  await page.evaluate(() => localStorage.setItem('ob.language', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const first = page.getByTestId('ticket-tour');
  await expect(first).toHaveAttribute('data-step', 'instrument-price');
  await expect(first).toContainText('الخطوة 1 من 6');
  await expectOnScreen(page, first);
  await first.getByRole('button', { name: 'التالي' }).click();
  await expect(first).toHaveAttribute('data-step', 'trade-bar');
  await expectApart(first, page.getByTestId('trade-bar-buy'));
  await expectApart(first, page.getByTestId('trade-bar-sell'));
  await first.getByRole('button', { name: 'التالي' }).click();

  // In the sheet, Esc ends the tour only: the sheet stays, focus on the part the card described.
  const sheet = page.getByRole('dialog', { name: 'تداول Bitcoin / Tether' });
  await expect(sheet).toBeVisible();
  const card = sheet.getByTestId('ticket-tour');
  await expect(card).toHaveAttribute('data-step', 'ticket-lots');
  await expect(card).toContainText('الحجم والرافعة');
  await expect(card).toBeFocused();
  await expectOnScreen(page, card);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('ticket-tour')).toHaveCount(0);
  await expect(page).not.toHaveURL(/tour=1/);
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('ticket-lots')).toBeFocused();
});
