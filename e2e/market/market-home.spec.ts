import { expect, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';

test('the home market list moves live, names its sandbox source, and a row opens the detail with a chart', async ({
  page,
}) => {
  // Nothing on these pages may be refused by the Content-Security-Policy (the chart library's
  // logo once injected a <style> element that was).
  const refusedByCsp: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy'))
      refusedByCsp.push(message.text());
  });
  await page.goto('/');
  const stats = page.getByTestId('stats-strip');
  // Measured figures: the catalogue lists 30 cryptocurrencies.
  await expect(stats.getByTestId('stat-listedCryptocurrencies')).toHaveText('30');

  const row = page.getByTestId('market-row-BTCUSDT');
  await expect(row).toBeVisible();
  // One source badge for the list (issue 16), none beside each price.
  await expect(row.getByTestId('source-badge')).toHaveCount(0);
  await expect(page.getByTestId('market-board').getByTestId('source-badge')).toContainText('Sandbox data');
  await expect(row.getByTestId('sparkline')).toBeVisible();
  const price = row.getByTestId('market-price-BTCUSDT');
  await expect(price).toHaveText(/\d/);
  // The sandbox moves every half second in the e2e server; the price on screen follows the socket.
  const first = await price.textContent();
  await expect.poll(async () => price.textContent(), { timeout: 15_000 }).not.toBe(first);

  await row.click();
  await expect(page).toHaveURL(/\/cruuency\?code=BTCUSDT&type=2&id=\d+/);
  await expect(page.getByTestId('instrument-page')).toBeVisible();
  await expect(page.getByTestId('instrument-page').getByTestId('source-badge').first()).toContainText('Sandbox data');
  // A fresh sandbox instrument has a day of simulated history: the chart draws it.
  await expect(page.getByTestId('chart-panel').locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('chart-empty')).toHaveCount(0);
  await expect(page.getByTestId('instrument-facts')).toContainText('1:2');
  // The chart library's attribution, as its licence asks, as a link the reader can see.
  const attribution = page.getByTestId('chart-attribution').first();
  await expect(attribution).toBeVisible();
  await expect(attribution).toHaveAttribute('href', 'https://www.tradingview.com/');
  expect(refusedByCsp).toEqual([]);
});

test("a quiet instrument's chart says it has no data yet, then appears with its first price", async ({ page }) => {
  // ETCUSDT follows the test feed and no other journey prices it: it has had no price in this
  // deployment (LINKUSDT, its twin in sizes, is moved by several journeys).
  await page.goto('/market?tab=2&code=ETCUSDT');
  const chart = page.getByTestId('chart-panel');
  await expect(chart.getByTestId('chart-empty')).toBeVisible();
  const response = await page.request.post('/__test/market/ticks', {
    data: { ticks: [{ code: 'ETCUSDT', price: '14.5' }] },
  });
  expect(response.ok()).toBe(true);
  await expect(chart.locator('canvas').first()).toBeVisible({ timeout: 15_000 });
  await expect(chart.getByTestId('chart-empty')).toHaveCount(0);
});

test('an unknown instrument says so instead of showing a page of blanks', async ({ page }) => {
  await page.goto('/cruuency?code=NOPE&type=2&id=999');
  await expect(page.getByTestId('instrument-unknown')).toBeVisible();
});

test('a signed-in watchlist keeps its instruments across a reload', async ({ page }) => {
  await registerThroughForm(page, newIdentity('watch'));
  await page.goto('/market');
  await expect(page.getByTestId('market-page')).toBeVisible();
  const star = page.getByTestId('watch-ETHUSDT');
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByTestId('watch-ETHUSDT')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('market-tab-watchlist').click();
  // The watchlist tab's panel: the previous tab's list may linger hidden while it switches.
  const watchlist = page.getByRole('tabpanel', { name: 'Watchlist' });
  await expect(watchlist.getByTestId('market-row-ETHUSDT')).toBeVisible();
  await expect(watchlist.getByTestId('market-row-BTCUSDT')).toHaveCount(0);
  // Removing it empties the watchlist, on the server too.
  await watchlist.getByTestId('watch-ETHUSDT').click();
  await expect(watchlist.getByTestId('market-row-ETHUSDT')).toHaveCount(0);
  await page.reload();
  await page.getByTestId('market-tab-watchlist').click();
  await expect(page.getByTestId('market-empty')).toBeVisible();
});

test('every market type tab beside the chart is in sight, without scrolling the tab row', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/market?tab=2&code=BTCUSDT');
  const row = page.getByRole('tablist');
  await expect(page.getByTestId('market-tab-5')).toBeVisible();
  const rowBox = await row.boundingBox();
  for (const tab of ['watchlist', '1', '2', '3', '4', '5', 'movers']) {
    const box = await page.getByTestId(`market-tab-${tab}`).boundingBox();
    expect(box && rowBox && box.x >= rowBox.x && box.x + box.width <= rowBox.x + rowBox.width + 0.5).toBe(true);
  }
  await page.getByTestId('market-tab-5').click();
  await expect(page.getByText('Gold', { exact: true })).toBeVisible();
});
