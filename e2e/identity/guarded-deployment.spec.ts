import { expect, test } from '../fixtures';
import { GUARDED_URL } from '../ports';

// scripts/e2e-server.mjs "guarded": ACCESS_GUARD=true and WALLET_ONLY=true.
test.use({ baseURL: GUARDED_URL });

test('with the access guard on, a visitor is sent to /empty', async ({ page }) => {
  await page.goto('/help/faq');
  await expect(page).toHaveURL(/\/empty$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('in wallet-only mode the password pages are closed and the API refuses password sign-in', async ({
  page,
  request,
}) => {
  await page.goto('/pass/login');
  await expect(page).toHaveURL(/\/empty$/);
  await expect(page.getByText('This platform signs you in with your wallet only.')).toBeVisible();
  const response = await request.post('/swx/customer/login/login', {
    data: { userName: 'someone', password: 'Sturdy-Ledger-2026' },
  });
  expect(((await response.json()) as { code: number }).code).toBe(10118);
});
