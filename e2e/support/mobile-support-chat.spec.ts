import { expect, type Locator, test } from '../fixtures';
import { newIdentity, registerThroughForm } from '../identity/helpers';
import { overflow, visitInArabic } from '../phone';

/** The box of an element on screen, or a failure naming it. */
async function boxOf(element: Locator, what: string) {
  const box = await element.boundingBox();
  expect(box, `${what} on screen`).not.toBeNull();
  return box as NonNullable<typeof box>;
}

/**
 * The support chat on a phone (issue 20): the floating button sits above the tab bar without
 * covering it; the chat opens over the whole screen with its composer in reach; a message is
 * sent from there; closing gives the focus back to the button. In Arabic the same chat reads
 * right to left, keeps the message and fits the screen.
 */
test('on a phone, the support chat opens over the whole screen above the tab bar, sends a message, and fits in Arabic', async ({
  page,
}) => {
  test.slow();
  await registerThroughForm(page, newIdentity('phonechat'));
  // A deep link (the home page of a new phone session shows the onboarding board instead).
  await page.goto('/market');
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };

  const launcher = page.getByRole('button', { name: 'Chat with support' });
  const tabBar = page.getByTestId('tab-bar');
  await expect(launcher).toBeVisible();
  await expect(tabBar).toBeVisible();
  const button = await boxOf(launcher, 'the chat button');
  const bar = await boxOf(tabBar, 'the tab bar');
  // Above the tab bar, inside the screen, big enough for a thumb.
  expect(button.y + button.height).toBeLessThanOrEqual(bar.y + 0.5);
  expect(button.x).toBeGreaterThanOrEqual(0);
  expect(button.x + button.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(Math.min(button.width, button.height)).toBeGreaterThanOrEqual(44);

  await launcher.click();
  const chat = page.getByRole('dialog', { name: 'Support chat' });
  await expect(chat).toBeVisible();
  await expect(chat.getByText('No messages yet. Write your question below.')).toBeVisible();
  // The whole screen: the panel's content covers the phone's width and height.
  await expect
    .poll(async () => {
      const panel = await chat.boundingBox();
      return panel
        ? Math.round(panel.x) === 0 &&
            Math.abs(panel.width - viewport.width) < 1 &&
            Math.abs(panel.height - viewport.height) < 1
        : false;
    })
    .toBe(true);

  // The composer is within reach (on screen) and sends.
  const box = chat.getByRole('textbox', { name: 'Your message' });
  const composer = await boxOf(box, 'the message box');
  expect(composer.y + composer.height).toBeLessThanOrEqual(viewport.height + 0.5);
  const question = 'Where do I find my deposit address on the phone?';
  await box.fill(question);
  await chat.getByRole('button', { name: 'Send', exact: true }).click();
  const mine = chat.getByTestId('support-messages').getByRole('listitem').filter({ hasText: question });
  await expect(mine.getByText(/^(Sent|Delivered)$/)).toBeVisible();
  await expect(box).toHaveValue('');
  expect(await overflow(page)).toBe(0);

  // Closing gives the focus back to the button that opened the chat.
  await chat.getByRole('button', { name: 'Close the chat' }).click();
  await expect(chat).toBeHidden();
  await expect(launcher).toBeFocused();

  // In Arabic: right to left, the same conversation, nothing past the screen's edge.
  await visitInArabic(page, '/market');
  const arabicLauncher = page.getByTestId('support-launcher');
  await arabicLauncher.click();
  const arabicChat = page.getByRole('dialog');
  await expect(arabicChat.getByTestId('support-messages').getByText(question)).toBeVisible();
  await expect(arabicChat.getByRole('textbox')).toBeVisible();
  expect(await overflow(page)).toBe(0);
  const panel = await boxOf(arabicChat, 'the chat in Arabic');
  expect(Math.round(panel.x)).toBe(0);
  expect(Math.abs(panel.width - viewport.width)).toBeLessThan(1);
});
