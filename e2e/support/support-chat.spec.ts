import { seriousViolations } from '../a11y/scan';
import { signInNewOperator } from '../admin/operators';
import { expect, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';
import { photo } from '../kyc/images';

/**
 * The chat's own chunks (vite names a chunk after its module): the floating panel
 * (SupportWidget.tsx) and the chat's logic it loads with it (use-support-chat.ts). The first page
 * has only the button and its launcher (support-first-page.test.ts checks the sources); this
 * checks what the browser actually asks for.
 */
const PANEL_CHUNK = /\/assets\/SupportWidget-[\w-]+\.js$/;
const CHAT_CHUNK = /\/assets\/use-support-chat-[\w-]+\.js$/;
/** The launcher's unread follower: loaded once someone signed in is on a page, after it mounted. */
const UNREAD_CHUNK = /\/assets\/support-unread-[\w-]+\.js$/;

/**
 * Cross-context arrivals (a message, a mark, a close pushed from one browser to the other) come
 * over the sockets at once; on a loaded two-core machine, or when the server learns of a new
 * agent only with its next refresh of the agents (every 5 s), they may take a while. A ceiling,
 * not a duration.
 */
const LIVE = { timeout: 30_000 };

/**
 * Issue 20, both sides at once: a new user opens the chat from the floating button (the panel's
 * code loads on that click, not with `/`), sends a photo with a question; a support agent, in a
 * browser of their own, opens the conversation from the inbox (the photo shown), takes it and
 * answers while the user's chat shows them typing, then the answer; the user's message turns
 * "Read" and the agent's answer too. The agent closes the conversation; the user's open chat
 * turns into the rating form, the user gives five stars with a comment, and the agent sees the
 * rating in the Closed queue. The open chat passes axe.
 */
test('a user sends a photo in the support chat, an agent answers from the inbox, the user rates it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const who = newIdentity('chatter');
  await registerThroughForm(page, who);

  // `/` loads with the launcher but without the panel's code.
  const requested: string[] = [];
  page.on('request', (request) => {
    requested.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  const launcher = page.getByRole('button', { name: 'Chat with support' });
  await expect(launcher).toBeVisible();
  // The launcher has mounted and run its effects (it loads the unread follower for a signed-in user)...
  await expect.poll(() => requested.some((path) => UNREAD_CHUNK.test(path)), LIVE).toBe(true);
  await page.waitForLoadState('load');
  // ...and nothing of the chat itself was asked for.
  expect(requested.filter((path) => PANEL_CHUNK.test(path) || CHAT_CHUNK.test(path))).toEqual([]);

  await launcher.click();
  const chat = page.getByRole('dialog', { name: 'Support chat' });
  await expect(chat).toBeVisible();
  const messages = chat.getByTestId('support-messages');
  // The click loaded them (so the names above are the real chunks' names).
  expect(requested.some((path) => PANEL_CHUNK.test(path))).toBe(true);
  expect(requested.some((path) => CHAT_CHUNK.test(path))).toBe(true);
  await expect(chat.getByText('No messages yet. Write your question below.')).toBeVisible();

  // A photo and a question, in one message.
  const question = 'My deposit has not arrived, here is the receipt.';
  const chooser = page.waitForEvent('filechooser');
  await chat.getByRole('button', { name: 'Attach a photo' }).click();
  await (await chooser).setFiles(photo('receipt.png', [30, 160, 90]));
  await expect(chat.getByRole('img', { name: 'The photo you are about to send' })).toBeVisible();
  await chat.getByRole('textbox', { name: 'Your message' }).fill(question);
  await chat.getByRole('button', { name: 'Send', exact: true }).click();
  const mine = messages.getByRole('listitem').filter({ hasText: question });
  await expect(mine.getByRole('img', { name: 'Picture sent in the chat' })).toBeVisible();
  await expect(mine.getByText(/^(Sent|Delivered)$/)).toBeVisible();
  await expect(chat.getByRole('textbox', { name: 'Your message' })).toHaveValue('');
  expect(await seriousViolations(page, { include: ['.ob-support-drawer'] })).toEqual([]);

  // The agent, in a browser of their own, with the user's chat still open.
  const agentContext = await browser.newContext();
  try {
    const agent = await agentContext.newPage();
    await signInNewOperator(agent, 'support');
    await agent.goto('/admin');
    await agent.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Support' }).click();
    await expect(agent.getByRole('heading', { level: 1, name: 'Support inbox' })).toBeVisible();
    await expect(agent.getByRole('tab', { name: /Open/ })).toHaveAttribute('aria-selected', 'true');
    const item = agent.getByTestId(/^support-conversation-/).filter({ hasText: who.userName });
    await expect(item).toBeVisible(LIVE);
    const itemTestId = (await item.getAttribute('data-testid')) ?? '';
    await item.click();
    await expect(agent.getByTestId('support-conversation-title')).toHaveText(who.userName);
    const theirQuestion = agent.getByTestId(/^message-/).filter({ hasText: question });
    await expect(theirQuestion).toBeVisible();
    await expect(theirQuestion.getByRole('img', { name: `Photo sent by ${who.userName}` })).toBeVisible();

    // The agent has seen it: the user's open chat says so.
    await expect(mine.getByText('Read', { exact: true })).toBeVisible(LIVE);

    await agent.getByRole('button', { name: 'Take' }).click();
    await expect(agent.getByText('Assigned to you').first()).toBeVisible();
    await expect(messages.getByText(/joined the conversation/)).toBeVisible(LIVE);

    // The agent writes: the user sees them typing, then the answer.
    const answer = 'Thank you, we found it: it will be credited within the hour.';
    const answerBox = agent.getByRole('textbox', { name: 'Your answer' });
    await answerBox.fill(answer);
    await expect(chat.getByTestId('support-typing')).toHaveText('Support is typing…', LIVE);
    await answerBox.press('Enter');
    const theirs = messages.getByRole('listitem').filter({ hasText: answer });
    await expect(theirs).toBeVisible(LIVE);
    // Read out to a screen reader as it arrives.
    await expect(chat.getByTestId('support-announcer')).toContainText(answer);
    await expect(chat.getByTestId('support-typing')).toHaveText('');
    // The user's open chat read it: the agent's answer turns "read" in the inbox.
    const agentAnswer = agent.getByTestId(/^message-/).filter({ hasText: answer });
    await expect(agentAnswer.locator('[data-tick]')).toHaveAttribute('data-tick', 'read', LIVE);

    // The agent closes it; the user's open chat offers the rating.
    await agent.getByRole('button', { name: 'Close conversation' }).click();
    await agent.getByRole('dialog').getByRole('button', { name: 'Yes, close it' }).click();
    await expect(agent.getByTestId('support-closed-note')).toBeVisible();

    await expect(chat.getByText('This conversation is closed.')).toBeVisible(LIVE);
    await expect(chat.getByRole('heading', { name: 'How did we do?' })).toBeVisible();
    for (const stars of [1, 2, 3, 4, 5]) {
      await expect(chat.getByRole('radio', { name: `${stars} out of 5 stars` })).toBeVisible();
    }
    expect(await seriousViolations(page, { include: ['.ob-support-drawer'] })).toEqual([]);
    await chat.getByRole('radio', { name: '5 out of 5 stars' }).check();
    await expect(chat.getByText('Excellent')).toBeVisible();
    await chat.getByRole('textbox', { name: 'Comment (optional)' }).fill('Quick and clear, thanks.');
    await chat.getByRole('button', { name: 'Send rating' }).click();
    await expect(chat.getByText('Thank you for your feedback!')).toBeVisible();
    await expect(chat.getByText('Your rating: 5 out of 5 stars')).toBeVisible();
    await expect(chat.getByRole('button', { name: 'Send rating' })).toHaveCount(0);

    // The Closed queue has it, rated.
    await agent.getByRole('tab', { name: /Closed/ }).click();
    const closed = agent.getByTestId(itemTestId);
    await expect(closed).toBeVisible(LIVE);
    await closed.click();
    await expect(agent.getByTestId('context-rating')).toHaveText(/5 of 5/, LIVE);
    await expect(agent.getByTestId('support-context').getByText('Quick and clear, thanks.')).toBeVisible();
  } finally {
    await agentContext.close();
  }
});
