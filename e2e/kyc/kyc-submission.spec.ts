import type { Browser } from '@playwright/test';
import { signInNewOperator } from '../admin/operators';
import { expect, type Page, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';
import { photo } from './images';

/**
 * Identity verification (issue 17), end to end: a user fills the KYC stepper with photos and a
 * drawn signature and sees "pending"; a reviewer decides it in the back office's `kyc` queue with
 * the images shown; the user sees the outcome on the profile and in the notifications, and after
 * a rejection with a reason submits again.
 */

// ---------------------------------------------------------------------------------------------
// The steps of the form

async function fillPersonalDetails(page: Page) {
  const personal = page.getByTestId('kyc-step-personal');
  await expect(personal.getByRole('heading', { name: 'Personal details' })).toBeVisible();
  await personal.getByTestId('kyc-first-name').fill('Ada');
  await personal.getByTestId('kyc-last-name').fill('Lovelace');
  await personal.getByRole('radio', { name: 'Female' }).check();
  // Under 18 on any day of the run: refused beside the field, in words, before any request.
  const tenYearsAgo = `${new Date().getFullYear() - 10}-06-15`;
  await personal.getByTestId('kyc-birthdate').fill(tenYearsAgo);
  await personal.getByTestId('kyc-country').selectOption('GB');
  await expect(personal.getByTestId('kyc-country')).toHaveValue('GB');
  await personal.getByTestId('kyc-address').fill('12 St James’s Square, London SW1Y 4LB');
  await personal.getByTestId('kyc-area-code').selectOption('+44');
  await personal.getByTestId('kyc-phone').fill('20 7946 0018');
  await page.getByTestId('kyc-next').click();
  await expect(personal.getByText('You must be 18 or older to verify your identity.')).toBeVisible();
  await expect(personal.getByTestId('kyc-birthdate')).toBeFocused();
  await personal.getByTestId('kyc-birthdate').fill('1990-12-10');
  await page.getByTestId('kyc-next').click();
}

async function addDocument(page: Page, kind: 'Identity card' | 'Passport', colourSeed: number) {
  const step = page.getByTestId('kyc-step-document');
  // The step change is announced and the focus is on the new step's heading.
  await expect(step.getByRole('heading', { name: 'Identity document' })).toBeFocused();
  await expect(page.getByTestId('kyc-step-announcement')).toHaveText('Step 2 of 4: Identity document');
  // No photo yet: the step says what is missing.
  await page.getByTestId('kyc-next').click();
  await expect(step.getByText('Add this photo.').first()).toBeVisible();
  await step.getByRole('radio', { name: kind }).check();
  const uploads: Array<[string, [number, number, number]]> = [
    ['kyc-front', [200, 40 + colourSeed, 40]],
    ...(kind === 'Identity card'
      ? [['kyc-back', [40, 200, 40 + colourSeed]] as [string, [number, number, number]]]
      : []),
    ['kyc-handheld', [40 + colourSeed, 40, 200]],
  ];
  if (kind === 'Passport') await expect(step.getByTestId('kyc-passport-no-back')).toBeVisible();
  for (const [testId, rgb] of uploads) {
    const field = step.getByTestId(testId);
    await field.locator('input[type="file"]').setInputFiles(photo(`${testId}.png`, rgb));
    await expect(field.getByText('Image uploaded')).toBeVisible();
    // The preview is an object URL: shown, not refused by the Content-Security-Policy.
    await expect(field.getByRole('img')).toBeVisible();
  }
  await page.getByTestId('kyc-next').click();
}

async function drawSignature(page: Page) {
  const step = page.getByTestId('kyc-step-signature');
  await expect(step.getByRole('heading', { name: 'Signature' })).toBeFocused();
  // Leaving the step without a signature is refused.
  await page.getByTestId('kyc-next').click();
  await expect(step.getByText('Draw your signature.')).toBeVisible();
  const pad = step.getByTestId('kyc-signature-pad');
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  // A signature-like zigzag, then a second stroke across it.
  await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1) {
    await page.mouse.move(box.x + 30 + step * 20, box.y + box.height * (step % 2 === 0 ? 0.6 : 0.35), { steps: 3 });
  }
  await page.mouse.up();
  await page.mouse.move(box.x + 40, box.y + box.height * 0.75);
  await page.mouse.down();
  await page.mouse.move(box.x + 260, box.y + box.height * 0.7, { steps: 8 });
  await page.mouse.up();
  await expect(step.getByTestId('kyc-signature-state')).toHaveText('Signature drawn.');
  await page.getByTestId('kyc-next').click();
}

async function reviewAndSubmit(page: Page, expected: { document: string; photos: number }) {
  const review = page.getByTestId('kyc-review');
  await expect(page.getByTestId('kyc-step-review').getByRole('heading', { name: 'Review and send' })).toBeFocused();
  await expect(review).toContainText('Ada');
  await expect(review).toContainText('Lovelace');
  await expect(review).toContainText('United Kingdom');
  await expect(review).toContainText('+44 2079460018');
  await expect(review).toContainText(expected.document);
  await expect(review.getByRole('img', { name: /^Photo: / })).toHaveCount(expected.photos);
  await expect(review.getByTestId('kyc-review-signature')).toBeVisible();

  await page.getByTestId('kyc-submit').click();
  const dialog = page.getByRole('dialog', { name: 'Submit your verification?' });
  // The confirmation needs the box ticked.
  await dialog.getByTestId('kyc-confirm-submit').click();
  await expect(dialog.getByText('Confirm that the details are true to send them.')).toBeVisible();
  await dialog.getByTestId('kyc-confirm-truthful').check();
  await dialog.getByTestId('kyc-confirm-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('kyc-sent')).toBeVisible();
  const status = page.getByTestId('kyc-status');
  await expect(status).toHaveAttribute('data-status', 'pending');
  await expect(status.getByTestId('kyc-status-badge')).toContainText('Pending review');
  await expect(status).toContainText('within 48 hours');
}

/** A reviewer, in a browser of their own, opens the user's item in the `kyc` queue; answers the drawer. */
async function openKycItem(browser: Browser, userName: string) {
  const context = await browser.newContext();
  const operator = await context.newPage();
  await signInNewOperator(operator, 'reviewer');
  await operator.goto('/admin/queues');
  await operator.getByTestId('queue-card-kyc').click();
  await operator
    .getByRole('row')
    .filter({ hasText: userName })
    .getByRole('button', { name: /^Open item #/ })
    .click();
  const drawer = operator.getByRole('dialog', { name: /^Identity checks \(KYC\): item #/ });
  await expect(drawer.getByTestId('queue-item-detail-firstName')).toHaveText('Ada');
  await expect(drawer.getByTestId('queue-item-detail-country')).toHaveText('United Kingdom (GB)');
  return { context, operator, drawer };
}

test('a user submits KYC with photos and a drawn signature, waits in review, and is verified by a reviewer who saw the images', async ({
  page,
  browser,
}) => {
  test.slow();
  const user = newIdentity('kycpass');
  await registerThroughForm(page, user);

  // The profile shows the status and leads to the form.
  const status = page.getByTestId('kyc-status');
  await expect(status).toHaveAttribute('data-status', 'notVerified');
  await status.getByTestId('kyc-start').click();
  await expect(page).toHaveURL(/\/profile\/verification$/);

  await fillPersonalDetails(page);
  await addDocument(page, 'Identity card', 0);
  await drawSignature(page);
  await reviewAndSubmit(page, { document: 'Identity card', photos: 3 });

  // The reviewer sees the four images side by side (front, back, hand-held, signature) and approves.
  const { context, operator, drawer } = await openKycItem(browser, user.userName);
  const photos = drawer.getByTestId('kyc-photos');
  for (const name of ['Front of the document', 'Back of the document', 'The user holding the document', 'Signature']) {
    await expect(photos.getByRole('img', { name: new RegExp(`^${name}, sent by the user`) })).toBeVisible();
  }
  await drawer.getByRole('button', { name: 'Approve' }).click();
  await operator
    .getByRole('dialog', { name: /^Approve item #/ })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(operator.getByText(/is approved and carried out/)).toBeVisible();
  await context.close();

  // The user is verified, on the profile and in the notifications.
  await page.goto('/profile');
  await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', 'verified');
  await expect(page.getByTestId('kyc-status-badge')).toContainText('Verified');
  await expect(page.getByTestId('kyc-start')).toHaveCount(0);
  await page.goto('/profile/notification');
  await expect(page.getByTestId('notification-item').filter({ hasText: 'Identity verified' })).toBeVisible();
  // /loan shows the same status beside the loan products.
  await page.goto('/loan');
  await expect(page.getByTestId('loan-product').first()).toBeVisible();
  await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', 'verified');
});

test('a rejected verification shows the reviewer’s reason, and the user submits again from it', async ({
  page,
  browser,
}) => {
  test.slow();
  const user = newIdentity('kycagain');
  await registerThroughForm(page, user);

  // Started from /loan this time: a passport, which needs no back.
  await page.goto('/loan');
  await expect(page.getByTestId('loan-product').first()).toBeVisible();
  await page.getByTestId('kyc-status').getByTestId('kyc-start').click();
  await fillPersonalDetails(page);
  await addDocument(page, 'Passport', 60);
  await drawSignature(page);
  await reviewAndSubmit(page, { document: 'Passport', photos: 2 });

  // The reviewer sees three images (no back) and rejects with a reason.
  const { context, operator, drawer } = await openKycItem(browser, user.userName);
  await expect(drawer.getByTestId('kyc-photos').getByRole('img')).toHaveCount(3);
  await drawer.getByRole('button', { name: 'Reject' }).click();
  const reject = operator.getByRole('dialog', { name: /^Reject item #/ });
  await reject.getByLabel('Reason').selectOption('document_expired');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(operator.getByText(/is rejected/)).toBeVisible();
  await context.close();

  // The user sees "not passed" with the reason, and a notification saying so.
  await page.goto('/profile');
  const status = page.getByTestId('kyc-status');
  await expect(status).toHaveAttribute('data-status', 'notPassed');
  await expect(status.getByTestId('kyc-reason')).toContainText('The document has expired.');
  await page.goto('/profile/notification');
  await expect(
    page.getByTestId('notification-item').filter({ hasText: 'Identity verification not passed' }),
  ).toBeVisible();

  // Submit again: the personal details come back filled in; the photos and signature are new.
  await page.goto('/profile');
  await page.getByTestId('kyc-status').getByRole('link', { name: 'Submit again' }).click();
  await expect(page).toHaveURL(/\/profile\/verification$/);
  await expect(page.getByTestId('kyc-first-name')).toHaveValue('Ada');
  await expect(page.getByTestId('kyc-country')).toHaveValue('GB');
  await page.getByTestId('kyc-next').click();
  await addDocument(page, 'Identity card', 120);
  await drawSignature(page);
  await reviewAndSubmit(page, { document: 'Identity card', photos: 3 });
});
