import { expect, type Page, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';
import { addIdentityCardPhotos, fillPersonalFields } from './form';

/** The page is no wider than the phone: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${where}: the page is ${scrollWidth}px wide on a ${innerWidth}px screen`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/** A zigzag drawn with a finger: real touch events (touchstart, touchmove, touchend) through Chromium's input. */
async function drawWithFinger(page: Page) {
  const pad = page.getByTestId('kyc-signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  const point = (index: number) => ({
    x: box.x + 20 + index * 22,
    y: box.y + box.height * (index % 2 === 0 ? 0.6 : 0.35),
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point(0)] });
  for (let index = 1; index <= 12; index += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point(index)] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('on a phone, the identity verification fits the screen at every step and the signature is drawn with a finger', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Skip' }).click();
  await registerThroughForm(page, newIdentity('kycphone'));
  // In-app navigation: from the profile's verification card.
  await page.getByTestId('kyc-status').getByTestId('kyc-start').click();
  await expect(page).toHaveURL(/\/profile\/verification$/);
  await expect(page.getByRole('link', { name: 'Back to the profile' })).toBeVisible();
  await expect(page.getByTestId('kyc-step-personal')).toBeVisible();
  await expectNoSidewaysScroll(page, 'personal details');

  // Every field marked, then corrected: the "correct the marked fields" alert goes with the marks.
  await page.getByTestId('kyc-next').click();
  await expect(page.getByTestId('kyc-flow-alert')).toBeVisible();
  await expectNoSidewaysScroll(page, 'personal details with their problems');
  await fillPersonalFields(page);
  await expect(page.getByTestId('kyc-flow-alert')).toHaveCount(0);
  await page.getByTestId('kyc-next').click();
  await expect(page.getByTestId('kyc-step-document')).toBeVisible();
  await expectNoSidewaysScroll(page, 'the identity document');

  await addIdentityCardPhotos(page, 90);
  await expectNoSidewaysScroll(page, 'the identity document with its three photos');
  await page.getByTestId('kyc-next').click();

  const signature = page.getByTestId('kyc-step-signature');
  await expect(signature.getByRole('heading', { name: 'Signature' })).toBeFocused();
  await expectNoSidewaysScroll(page, 'the signature');
  await drawWithFinger(page);
  await expect(signature.getByTestId('kyc-signature-state')).toHaveText('Signature drawn.');
  // The drawing is long enough to count as a signature: the review opens (nothing is submitted).
  await page.getByTestId('kyc-next').click();
  await expect(page.getByTestId('kyc-review').getByTestId('kyc-review-signature')).toBeVisible();
  await expect(page.getByTestId('kyc-review').getByRole('img')).toHaveCount(4);
  await expectNoSidewaysScroll(page, 'the review');
});
