import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

/**
 * Answers the appropriateness questions shown before a first live trade (a position, a plan, an
 * option) as a beginner would, acknowledging the warning, and waits for them to close.
 */
export async function answerAppropriatenessAsBeginner(page: Page): Promise<void> {
  const questions = page.getByRole('dialog', { name: 'Before your first live trade' });
  await expect(questions).toBeVisible();
  await questions.getByRole('radio', { name: 'Never' }).first().check();
  await page.getByTestId('appropriateness-tradingFrequency').getByRole('radio', { name: 'Never' }).check();
  await questions.getByRole('radio', { name: 'I lose 10 % of it' }).check();
  await questions.getByRole('radio', { name: 'My positions are closed automatically' }).check();
  await questions.getByRole('radio', { name: 'Savings' }).check();
  await page
    .getByTestId('appropriateness-warning')
    .getByRole('checkbox', { name: 'I have read the warning and understand the risks' })
    .check();
  await page.getByTestId('appropriateness-submit').click();
  await expect(questions).toHaveCount(0);
}
