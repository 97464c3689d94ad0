import { expect, test } from '../fixtures';

// The main e2e server is configured with a real local OpenID provider standing in for Google
// (scripts/e2e-server.mjs); it signs in google-journey@example.test with a verified e-mail.
test('a visitor continues with Google and comes back signed in', async ({ page }) => {
  await page.goto('/pass/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  await expect(page.getByTestId('account-menu')).toContainText('google-journey');
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'My account' }).click();
  await expect(page.getByText('google-journey@example.test')).toBeVisible();
});

test('a callback without a matching state is refused and signs nobody in', async ({ page }) => {
  await page.goto('/api/loginCallback/google?code=forged&state=forged');
  await expect(page.getByTestId('google-failure')).toHaveText('Google sign-in failed. Please try again.');
  // The callback is a full page: no navigation bars.
  await expect(page.getByRole('navigation')).toHaveCount(0);
});
