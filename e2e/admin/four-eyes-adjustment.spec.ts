import { expect, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';
import { signInNewOperator } from './operators';

test('a large adjustment waits for a second admin, who approves it in the queue; both steps are in the audit log', async ({
  page,
  browser,
}) => {
  // Two operators are made and signed in with two-factor: about 40 s on a loaded two-core machine.
  // The queue and the audit log are scanned by axe, in both themes, in a11y/axe.spec.ts.
  test.setTimeout(150_000);
  const customer = newIdentity('adjcustomer');
  const customerPage = await browser.newPage();
  await registerThroughForm(customerPage, customer);
  await customerPage.close();

  // The first admin asks for 5,000 USDT, above the review threshold (1,000): nothing moves yet.
  await signInNewOperator(page, 'admin');
  await page.goto('/admin/users');
  await page.getByLabel('Search users').fill(customer.userName);
  await page.getByLabel('Search users').press('Enter');
  await page.getByRole('link', { name: customer.userName }).click();
  await page.getByRole('button', { name: 'Adjust balance' }).click();
  await page.getByRole('textbox', { name: 'Amount' }).fill('5000');
  await page.getByRole('textbox', { name: 'Reason' }).fill('Deposit credited by hand after a chain outage');
  await page.getByRole('button', { name: 'Submit adjustment' }).click();
  const confirm = page.getByRole('dialog', { name: 'Adjust this balance?' });
  await expect(confirm).toContainText(customer.userName);
  await confirm.getByRole('button', { name: 'Confirm adjustment' }).click();
  await expect(page.getByText('Submitted for review').first()).toBeVisible();
  const liveUsdt = page
    .getByRole('table', { name: 'Live book balances' })
    .getByRole('row')
    .filter({ has: page.getByTestId('user-balance-live-USDT') });
  await expect(page.getByRole('table', { name: 'Live book balances' })).toBeVisible();
  await expect(liveUsdt.filter({ hasText: '5,000' })).toHaveCount(0);

  // A second admin, in a browser of their own, approves it.
  const secondContext = await browser.newContext();
  const second = await secondContext.newPage();
  await signInNewOperator(second, 'admin');
  await second.goto('/admin/queues');
  await second.getByTestId('queue-card-adjustment').click();
  await expect(second.getByRole('heading', { level: 1, name: 'Ledger adjustments' })).toBeVisible();
  // The queue names the user (and the operators) by user name.
  await second
    .getByRole('row')
    .filter({ hasText: customer.userName })
    .getByRole('button', { name: /^Open item #/ })
    .click();
  const drawer = second.getByRole('dialog', { name: /^Ledger adjustments: item #/ });
  await expect(drawer).toContainText('Waiting for a second approval');
  await drawer.getByRole('button', { name: 'Approve' }).click();
  const approve = second.getByRole('dialog', { name: /^Approve item #/ });
  await expect(approve).toContainText('This is the second of two approvals');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(second.getByText(/is approved and carried out/)).toBeVisible();
  await expect(drawer.getByText('Approved', { exact: true })).toBeVisible();

  // The money moved only now, and the log holds the request and the approval.
  await page.reload();
  await expect(liveUsdt).toContainText('5,000');
  await second.goto('/admin/audit-log?action=review.');
  await expect(second.getByRole('cell', { name: 'review.submit' }).first()).toBeVisible();
  await expect(second.getByRole('cell', { name: 'review.approve' }).first()).toBeVisible();
  await secondContext.close();
});
