import { expect, test } from '../fixtures';

test('the mobile search finds BTC by name and code, opens the detail, and says when nothing matches', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Skip' }).click();
  // The mobile home lists the markets too.
  await expect(page.getByTestId('home-mobile').getByTestId('market-row-BTCUSDT')).toBeVisible();

  await page.getByTestId('open-search').click();
  const search = page.getByRole('dialog');
  await search.getByRole('combobox').fill('bitcoin');
  await expect(search.getByTestId('search-result-BTCUSDT')).toBeVisible();
  await search.getByRole('combobox').fill('zzzz-no-such-thing');
  await expect(search.getByTestId('search-nothing-found')).toBeVisible();
  await search.getByRole('combobox').fill('btc');
  await search.getByTestId('search-result-BTCUSDT').click();
  await expect(page).toHaveURL(/\/cruuency\?code=BTCUSDT/);
  await expect(page.getByTestId('instrument-page')).toBeVisible();
});
