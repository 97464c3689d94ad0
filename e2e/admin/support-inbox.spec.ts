import type { Page } from '@playwright/test';
import { seriousViolations } from '../a11y/scan';
import { expect, test } from '../fixtures';
import { photo } from '../kyc/images';
import { createOperator, signInNewOperator } from './operators';

/** A call to the API as a signed-in user: the envelope's `data`, or a thrown refusal. */
async function asUser<T>(page: Page, token: string, path: string, body: object): Promise<T> {
  const response = await page.request.post(path, { data: body, headers: { lang: 'en', Authorization: token } });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200 && !(envelope.code >= 20000 && envelope.code < 30000)) {
    throw new Error(`${path} answered ${envelope.code}: ${envelope.msg}`);
  }
  return envelope.data;
}

/**
 * Issue 20, the agent's side: a user writes to support; a support agent sees the conversation
 * in the inbox's Open queue, opens it (the user's context beside it), takes it, answers with text
 * and a photo, sees the user's next message arrive live, and closes it after confirming. The
 * inbox passes axe.
 */
test('a support agent takes a conversation in the inbox, answers with a photo and closes it', async ({ page }) => {
  // The user: any account may chat; a fresh one signed in through the API.
  const account = await createOperator('reviewer');
  const login = await page.request.post('/swx/customer/login/login', {
    data: { userName: account.userName, password: account.password },
    headers: { lang: 'en' },
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const conversation = await asUser<{ id: string }>(page, token, '/swx/customer/support/conversations', {
    language: 'en',
  });
  await asUser(page, token, `/swx/customer/support/conversations/${conversation.id}/messages`, {
    text: 'My deposit has not arrived, see https://example.com/tx',
    clientId: `e2e-${Date.now()}`,
  });

  await signInNewOperator(page, 'support');
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Support' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Support inbox' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Open/ })).toHaveAttribute('aria-selected', 'true');
  const item = page.getByTestId(`support-conversation-${conversation.id}`);
  await expect(item).toBeVisible();
  await item.click();

  await expect(page.getByTestId('support-conversation-title')).toHaveText(account.userName);
  const context = page.getByTestId('support-context');
  await expect(context.getByTestId('context-level')).toBeVisible();
  // An unverified user: no real name, e-mail or phone reach the agent (SPEC §6).
  await expect(context.getByTestId('context-real-name')).toHaveCount(0);
  await expect(context.getByTestId('context-email')).toHaveCount(0);
  // The user's link is made a safe anchor, never HTML.
  const link = page.getByRole('link', { name: 'https://example.com/tx' });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Take' }).click();
  await expect(page.getByText('Assigned to you').first()).toBeVisible();

  await page.getByTestId('support-attach-input').setInputFiles(photo('receipt.png', [40, 120, 200]));
  const answer = page.getByRole('textbox', { name: 'Your answer' });
  await answer.fill('We are checking it, thank you.');
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
  await answer.press('Enter');
  await expect(page.getByTestId(/^message-/).filter({ hasText: 'We are checking it, thank you.' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Photo sent by/ })).toBeVisible();

  // The user answers: it arrives over the socket, or at the latest with the queue's next read
  // (every 30 s; the server may learn of a new agent only that late).
  await asUser(page, token, `/swx/customer/support/conversations/${conversation.id}/messages`, {
    text: 'Thanks!',
    clientId: `e2e-${Date.now()}-2`,
  });
  await expect(page.getByTestId(/^message-/).filter({ hasText: 'Thanks!' })).toBeVisible({ timeout: 45_000 });

  await page.getByRole('button', { name: 'Close conversation' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, close it' }).click();
  await expect(page.getByTestId('support-closed-note')).toBeVisible();
  await page.getByRole('tab', { name: /Closed/ }).click();
  await expect(page.getByTestId(`support-conversation-${conversation.id}`)).toBeVisible();
});
