import { expect, type Page, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';

// Issue 16: one rise/fall convention everywhere, by language until the reader picks one.
// DOTUSDT follows the test feed; this journey is the only one moving it.
const CODE = 'DOTUSDT';
const LIST_LOAD = 60_000;

async function setPrice(page: Page, price: string) {
  const response = await page.request.post('/__test/market/ticks', { data: { ticks: [{ code: CODE, price }] } });
  expect(response.ok()).toBe(true);
}

/** A theme colour as the browser computes it (rgb(…)), read from Mantine's own palette. */
async function themeColour(page: Page, variable: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${name})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, variable);
}

async function switchLanguage(page: Page, language: string) {
  await page.getByTestId('language-picker').first().click();
  await page.locator(`[data-language="${language}"]`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language === 'hk' ? 'zh-HK' : language}`));
}

test('rises and losses take the reader’s colours: by language, then by the setting, kept after a reload', async ({
  page,
}) => {
  // Sign-up, an order and four page loads on a busy two-core machine: a ceiling, not a duration.
  test.setTimeout(300_000);
  // A known rise: whatever came first today, 9 is above it.
  await setPrice(page, '8');
  await setPrice(page, '9');
  await registerThroughForm(page, newIdentity('colours'));
  await page.locator('label', { hasText: 'Demo account' }).click();
  await expect(page.getByText('Switched to Demo Account')).toBeVisible();

  await page.goto(`/market?tab=2&code=${CODE}`);
  const green = await themeColour(page, '--mantine-color-teal-9');
  const red = await themeColour(page, '--mantine-color-red-9');
  expect(green).toBe('rgb(8, 127, 91)');
  expect(red).toBe('rgb(201, 42, 42)');

  // In English a rise is green.
  const change = page.getByTestId(`market-row-${CODE}`).locator('[data-trend]').first();
  // The list's first load can take long on a busy machine: a ceiling, not a duration.
  await expect(change).toHaveAttribute('data-trend', 'up', { timeout: LIST_LOAD });
  await expect(change).toHaveCSS('color', green);

  // Buy is the rise's colour; ten lots bought at 9 and marked at 8.5 lose 5 USDT, in red.
  const ticket = page.getByTestId('order-ticket');
  await ticket.getByTestId('ticket-lots').fill('10');
  // The feed goes stale after 15 s of silence (and the ticket then refuses): tick again.
  await setPrice(page, '9');
  const submit = ticket.getByTestId('ticket-submit');
  await expect(submit).toBeEnabled();
  await ticket.getByTestId('ticket-side-short').click();
  await expect(submit).toHaveText('Review sell order');
  await expect(submit).toHaveCSS('background-color', red);
  await ticket.getByTestId('ticket-side-long').click();
  await expect(submit).toHaveText('Review buy order');
  await expect(submit).toHaveCSS('background-color', green);
  await submit.click();
  const confirm = page.getByTestId('confirm-order');
  await expect(confirm).toContainText(CODE);
  await setPrice(page, '9');
  await confirm.getByTestId('confirm-order-submit').click();
  const panel = page.getByTestId('positions-panel');
  const row = panel.locator('[data-testid^="position-row-"]').first();
  await expect(row).toContainText(CODE);
  const orderNo = (await row.getAttribute('data-testid'))?.replace('position-row-', '') ?? '';
  await setPrice(page, '8.5');
  const pnl = panel.getByTestId(`position-pnl-${orderNo}`);
  await expect(pnl).toContainText('-5.00');
  await expect(pnl).toHaveAttribute('data-trend', 'down');
  await expect(pnl).toHaveCSS('color', red);
  // 8.5 is still above the day's first price: the instrument is up, the position down.
  await expect(change).toHaveCSS('color', green);

  // In Japanese rises are red, and so the loss is green.
  await switchLanguage(page, 'ja');
  await setPrice(page, '8.5');
  await expect(change).toHaveCSS('color', red);
  await expect(pnl).toHaveCSS('color', green);

  // Back in English, the reader picks red-up in the settings: it wins, and survives a reload.
  await switchLanguage(page, 'en');
  await expect(change).toHaveCSS('color', green);
  await page.goto('/profile');
  const appearance = page.getByTestId('appearance');
  await appearance.getByText('Red up, green down').click();
  await expect(appearance.getByRole('radio', { name: 'Red up, green down' })).toBeChecked();
  await page.goto(`/market?tab=2&code=${CODE}`);
  await setPrice(page, '8.5');
  await expect(change).toHaveAttribute('data-trend', 'up', { timeout: LIST_LOAD });
  await expect(change).toHaveCSS('color', red);
  await expect(panel.getByTestId(`position-pnl-${orderNo}`)).toHaveCSS('color', green);
  await page.reload();
  await expect(change).toHaveAttribute('data-trend', 'up', { timeout: LIST_LOAD });
  await expect(change).toHaveCSS('color', red);
});
