import { seriousViolations } from '../a11y/scan';
import { expect, test } from '../fixtures';
import { signInNewOperator } from './operators';

test('an admin edits a FAQ entry in German and German readers see it on /help/faq at once', async ({ page }) => {
  const title = `Was ist OpenBourse? (geprüft ${Date.now().toString(36)})`;
  await signInNewOperator(page, 'admin');
  await page.goto('/admin/content');
  await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
  await page.getByRole('link', { name: 'What is OpenBourse?', exact: true }).click();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  const titleField = page.getByRole('textbox', { name: 'Title' });
  await expect(titleField).toHaveValue('Was ist OpenBourse?');
  await titleField.fill(title);
  // The live preview renders the Markdown the way the public page will.
  await page.getByRole('textbox', { name: 'Text (Markdown)' }).fill('OpenBourse ist **quelloffen**.');
  await expect(page.getByTestId('content-preview').locator('strong')).toHaveText('quelloffen');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Save translation' }).click();
  const publish = page.getByRole('dialog', { name: 'Publish the German text?' });
  await expect(publish).toContainText(title);
  await publish.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('The German text is published.')).toBeVisible();

  await page.evaluate(() => localStorage.setItem('ob.language', 'de'));
  await page.goto('/help/faq');
  await expect(page.getByText(title)).toBeVisible();
});
