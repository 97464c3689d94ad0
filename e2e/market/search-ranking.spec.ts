import { expect, test } from '../fixtures';

// Issue 16, fix 5: "eth" listed 20 instruments, every "… / Tether" containing "eth", and the
// desktop had no search at all.

test('on desktop, / opens the search; "eth" ranks ETHUSDT first and Enter opens it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('home-desktop')).toBeVisible();
  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByRole('combobox', { name: 'Search terms' });
  await expect(field).toBeFocused();
  await field.fill('eth');
  const options = dialog.getByRole('option');
  await expect(options.first()).toHaveAttribute('data-testid', 'search-result-ETHUSDT');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  // Names that merely contain "eth" (Bitcoin / Tether) are not among the results.
  await expect(dialog.getByTestId('search-result-BTCUSDT')).toHaveCount(0);
  await expect(dialog.getByTestId('search-result-ETCUSDT')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cruuency\?code=ETHUSDT&type=2&id=\d+/);
  await expect(page.getByTestId('instrument-page')).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test('Ctrl+K opens the search too, the arrow keys walk the results, and / typed in a field stays a character', async ({
  page,
}) => {
  await page.goto('/pass/login');
  const email = page.getByLabel('E-mail');
  await email.click();
  await page.keyboard.type('a/b');
  await expect(email).toHaveValue('a/b');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const field = dialog.getByRole('combobox', { name: 'Search terms' });
  await expect(field).toBeFocused();
  // ETHUSDT (the base asset) and ETCUSDT (a name word "Ethereum…"): two results to walk.
  await field.fill('eth');
  const first = dialog.getByTestId('search-result-ETHUSDT');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(field).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
  await page.keyboard.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'false');
  const second = dialog.getByTestId('search-result-ETCUSDT');
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(field).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id')) ?? '');
  await page.keyboard.press('ArrowUp');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The top bar's button opens it as well.
  await page.getByTestId('open-search').click();
  await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible();
});
