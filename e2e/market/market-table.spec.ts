import { expect, type Locator, test } from '../fixtures';

/** The 24 h changes in the table's order, as numbers (an instrument without one is null). */
async function changes(table: Locator): Promise<(number | null)[]> {
  return table.locator('[data-testid^="market-change-"]').evaluateAll((cells) =>
    cells.map((cell) => {
      const text = (cell.textContent ?? '').replace('\u2212', '-').replace('%', '').replace(/,/g, '');
      const value = Number.parseFloat(text);
      return Number.isNaN(value) ? null : value;
    }),
  );
}

function isOrdered(values: (number | null)[], direction: 'asc' | 'desc'): boolean {
  const numbers = values.filter((value): value is number => value !== null);
  // Instruments without a change come last, whichever the direction.
  const firstNull = values.indexOf(null);
  if (firstNull >= 0 && values.slice(firstNull).some((value) => value !== null)) return false;
  return numbers.every((value, index) =>
    index === 0
      ? true
      : direction === 'desc'
        ? value <= (numbers[index - 1] as number)
        : value >= (numbers[index - 1] as number),
  );
}

test('the market table sorts by 24 h change both ways from its header, by mouse and keyboard', async ({ page }) => {
  // Three loads of /market and two sorts of a live table: long on a loaded machine.
  test.slow();
  await page.goto('/market?tab=2&code=BTCUSDT');
  const table = page.getByTestId('market-table');
  await expect(table.getByTestId('market-row-BTCUSDT')).toBeVisible({ timeout: 45_000 });
  for (const name of ['Name', 'Last', '24h change', '24h high', '24h low', '24h volume']) {
    await expect(table.getByRole('columnheader', { name })).toBeVisible();
  }
  const header = table.getByRole('columnheader', { name: '24h change' });
  await expect(header).toHaveAttribute('aria-sort', 'none');

  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sort=zdf&dir=desc/);
  // The sandbox moves the prices meanwhile: each reading is one moment of the table.
  await expect.poll(async () => isOrdered(await changes(table), 'desc')).toBe(true);

  await header.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(async () => isOrdered(await changes(table), 'asc')).toBe(true);
  const ascending = await changes(table);
  expect(ascending.filter((value) => value !== null).length).toBeGreaterThan(1);

  // Another column takes the sort over; the order survives a reload (it is in the address).
  await table.getByRole('columnheader', { name: 'Last' }).getByRole('button').click();
  await expect(table.getByRole('columnheader', { name: 'Last' })).toHaveAttribute('aria-sort', 'descending');
  await expect(header).toHaveAttribute('aria-sort', 'none');
  await page.reload();
  await expect(page.getByTestId('market-table').getByRole('columnheader', { name: 'Last' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
});

test('/market?tab=0 opens the watchlist, and each tab index opens the tab in that place', async ({ page }) => {
  test.slow();
  await page.goto('/market?tab=0');
  await expect(page.getByTestId('market-tab-watchlist')).toHaveAttribute('aria-selected', 'true', {
    timeout: 45_000,
  });
  const watchlist = page.getByRole('tabpanel', { name: 'Watchlist' });
  // Signed out, the list lives on this device and starts empty.
  await expect(watchlist.getByTestId('watchlist-local')).toBeVisible();
  await expect(watchlist.getByTestId('market-empty')).toBeVisible();

  await page.goto('/market?tab=1');
  await expect(page.getByTestId('market-tab-1')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Forex' }).getByTestId('market-row-EURUSD')).toBeVisible();

  // Choosing a tab writes its index: the watchlist is 0.
  await page.getByTestId('market-tab-watchlist').click();
  await expect(page).toHaveURL(/tab=0/);
  await page.getByTestId('market-tab-movers').click();
  await expect(page).toHaveURL(/tab=6/);
  const movers = page.getByRole('tabpanel', { name: 'Top movers' });
  await expect(movers.getByTestId('market-table')).toBeVisible();
});

test('a star in the table adds the instrument to the watchlist', async ({ page }) => {
  await page.goto('/market?tab=2&code=BTCUSDT');
  const star = page.getByTestId('market-table').getByTestId('watch-SOLUSDT');
  await expect(star).toHaveAttribute('aria-pressed', 'false', { timeout: 45_000 });
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('market-tab-watchlist').click();
  await expect(page.getByRole('tabpanel', { name: 'Watchlist' }).getByTestId('market-row-SOLUSDT')).toBeVisible();
});

test("the list's one source badge names the feed and, opened, the last price's time", async ({ page }) => {
  await page.goto('/market?tab=2&code=BTCUSDT');
  const list = page.getByRole('tabpanel', { name: 'Crypto' });
  await expect(list.getByTestId('market-row-BTCUSDT')).toBeVisible({ timeout: 45_000 });
  // One badge for the panel, none beside each price.
  const badge = list.getByTestId('source-badge');
  await expect(badge).toHaveCount(1);
  await expect(badge).toContainText('Sandbox data');
  await expect(badge).toHaveAttribute('data-state', 'live');
  await badge.click();
  const details = page.getByTestId('source-badge-details');
  await expect(details).toBeVisible();
  await expect(details).toContainText('Last price received');
  await expect(details.getByTestId('source-badge-last-tick')).toHaveText(/\d{1,2}:\d{2}:\d{2}/);
});
