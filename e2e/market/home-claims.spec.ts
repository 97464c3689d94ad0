import { expect, test } from '../fixtures';

// Issue 16, fix 8: the home page promised fixed-term savings and charity auctions that did not
// exist yet, and showed "Registered users 1" on a new deployment. Savings exist since issue 18.
test('the home page claims only what a user can reach, and a young platform says so', async ({ page }) => {
  await page.goto('/');
  const home = page.getByTestId('home-desktop');
  await expect(home).toBeVisible();
  const users = page.getByTestId('stat-registeredUsers');
  // The journeys' deployment has far fewer than a thousand users: measured, then worded.
  await expect(users).toContainText('New platform');
  await expect(users).toContainText('fewer than 1,000 so far');
  await expect(page.getByTestId('stat-volume24h')).toContainText('New platform');
  // The listed instruments are still the measured number.
  await expect(page.getByTestId('stat-listedCryptocurrencies')).toHaveText('30');

  const text = (await home.textContent()) ?? '';
  expect(text).not.toMatch(/join charity auctions/i);
  await expect(home.getByText(/charity auctions are coming later/)).toBeVisible();
  // Fixed-term savings exist (issue 18): their card leads to /financial.
  const savings = home.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Fixed-term savings' }) });
  await expect(savings.getByRole('link')).toHaveAttribute('href', '/financial');
  // A product that does not exist yet carries "Coming soon" instead of a way in.
  const nfts = home.getByRole('article').filter({ hasText: 'Charity NFTs' });
  await expect(nfts).toContainText('Coming soon');
  await expect(nfts.getByRole('link')).toHaveCount(0);
});
