import { expect, test } from '../fixtures';

// Issue 16, fix 9: the phone's market list showed few rows a screen and broke long names
// mid-word. On a 390×844 phone: at least twelve rows in one screen, names cut with an ellipsis.
test.use({ viewport: { width: 390, height: 844 } });

test('the phone market list shows twelve rows or more in one screen, names on one line, changes as pills', async ({
  page,
}) => {
  await page.goto('/market?tab=2');
  const rows = page.getByTestId('market-page').locator('[data-testid^="market-row-"]');
  const skip = page.getByRole('button', { name: 'Skip' });
  // The onboarding board may come first on a phone (skipping it goes home): then back to the
  // list. A first visit on a busy machine can take a while: these are ceilings, not waits.
  await expect(rows.first().or(skip)).toBeVisible({ timeout: 45_000 });
  if (await skip.isVisible()) {
    await skip.click();
    await page.goto('/market?tab=2');
  }
  await expect(rows.first()).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('market-price-BTCUSDT')).toHaveText(/\d/);
  const tabBar = await page.getByTestId('tab-bar').boundingBox();
  const screenBottom = tabBar ? tabBar.y : 844;
  const boxes = await rows.evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return { top: box.top, bottom: box.bottom };
    }),
  );
  const inView = boxes.filter((box) => box.top >= 0 && box.bottom <= screenBottom);
  expect(inView.length).toBeGreaterThanOrEqual(12);

  // Every name is on one line: cut with an ellipsis when too long, never broken inside a word.
  const names = page.getByTestId('market-page').getByTestId('market-row-name');
  await expect(names.first()).toBeVisible();
  const layouts = await names.evaluateAll((elements) =>
    elements.map((element) => {
      const style = getComputedStyle(element);
      const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.3;
      return {
        text: element.textContent,
        oneLine: element.getBoundingClientRect().height <= lineHeight * 1.5,
        fits: element.scrollWidth <= element.clientWidth || style.textOverflow === 'ellipsis',
      };
    }),
  );
  expect(layouts.length).toBeGreaterThan(20);
  expect(layouts.filter((layout) => !layout.oneLine || !layout.fits)).toEqual([]);

  // The change is a pill coloured by the rise/fall convention.
  const pill = page.getByTestId('market-row-BTCUSDT').locator('.ob-change-pill');
  await expect(pill).toHaveText(/%|—/);
});
