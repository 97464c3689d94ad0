import { expect, type Locator, type Page } from '@playwright/test';
import { photo } from './images';

/**
 * The KYC stepper filled briskly, for journeys that look at its screens rather than test its
 * rules (kyc-submission.spec.ts checks those): valid personal details, an identity card's three
 * photos, a drawn signature. Each returns once the next step is open.
 */

/** The personal details' fields, filled (the step is not left). */
export async function fillPersonalFields(page: Page) {
  const personal = page.getByTestId('kyc-step-personal');
  await personal.getByTestId('kyc-first-name').fill('Grace');
  await personal.getByTestId('kyc-last-name').fill('Hopper');
  await personal.getByTestId('kyc-sex').getByRole('radio').nth(1).check();
  await personal.getByTestId('kyc-birthdate').fill('1986-12-09');
  await personal.getByTestId('kyc-country').selectOption('GB');
  await personal.getByTestId('kyc-address').fill('12 St James’s Square, London SW1Y 4LB');
  await personal.getByTestId('kyc-area-code').selectOption('+44');
  await personal.getByTestId('kyc-phone').fill('20 7946 0018');
}

export async function fillPersonalStep(page: Page) {
  await fillPersonalFields(page);
  await page.getByTestId('kyc-next').click();
  await expect(page.getByTestId('kyc-step-document')).toBeVisible();
}

export async function addIdentityCardPhotos(page: Page, colourSeed: number) {
  const step = page.getByTestId('kyc-step-document');
  await step.getByTestId('kyc-document-type').getByRole('radio').first().check();
  const uploads: Array<[string, [number, number, number]]> = [
    ['kyc-front', [180, 30 + colourSeed, 30]],
    ['kyc-back', [30, 180, 30 + colourSeed]],
    ['kyc-handheld', [30 + colourSeed, 30, 180]],
  ];
  for (const [testId, rgb] of uploads) {
    const field = step.getByTestId(testId);
    await field.locator('input[type="file"]').setInputFiles(photo(`${testId}.png`, rgb));
    await expect(field.getByRole('img')).toBeVisible();
    // The preview shows before the upload ends; the step is left only once every photo is stored
    // (a Next pressed while one is still uploading stays on the step, on a busy machine).
    await expect(field.getByText('Image uploaded')).toBeVisible();
  }
}

/** A zigzag across the signature pad with the mouse (the first on the page, or the one inside `within`). */
export async function drawWithMouse(page: Page, within?: Locator) {
  const pad = (within ?? page).getByTestId('kyc-signature-pad').first();
  await pad.scrollIntoViewIfNeeded();
  await expect(pad).toBeVisible();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  await page.mouse.move(box.x + 20, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1) {
    await page.mouse.move(box.x + 20 + step * 22, box.y + box.height * (step % 2 === 0 ? 0.6 : 0.35), { steps: 3 });
  }
  await page.mouse.up();
  await expect(page.getByTestId('kyc-signature-state')).toHaveText('Signature drawn.');
}
