import { SUPPORT_CHAT_PATH } from '@openbourse/contracts/constants';
import { describe, expect, it } from 'vitest';
import { isOwnSupportChatUrl, openSupportChat, registerSupportChatOpener } from './support-chat';

const ORIGIN = 'https://bourse.example';

describe('the built-in support chat link', () => {
  it('recognises this app’s own chat page, relative or absolute', () => {
    expect(isOwnSupportChatUrl('/support', SUPPORT_CHAT_PATH, ORIGIN)).toBe(true);
    expect(isOwnSupportChatUrl('https://bourse.example/support', SUPPORT_CHAT_PATH, ORIGIN)).toBe(true);
    expect(isOwnSupportChatUrl('https://bourse.example/support/', SUPPORT_CHAT_PATH, ORIGIN)).toBe(true);
  });

  it('leaves an outside chat (SUPPORT_CHAT_URL) to open in a new window', () => {
    expect(isOwnSupportChatUrl('https://chat.vendor.example/support', SUPPORT_CHAT_PATH, ORIGIN)).toBe(false);
    expect(isOwnSupportChatUrl('https://bourse.example/supporters', SUPPORT_CHAT_PATH, ORIGIN)).toBe(false);
    expect(isOwnSupportChatUrl('//evil.example/support', SUPPORT_CHAT_PATH, ORIGIN)).toBe(false);
  });

  it('opens the chat through the mounted launcher, and says so when none is mounted', () => {
    expect(openSupportChat()).toBe(false);
    let opened = 0;
    const stop = registerSupportChatOpener(() => {
      opened += 1;
    });
    expect(openSupportChat()).toBe(true);
    expect(opened).toBe(1);
    stop();
    expect(openSupportChat()).toBe(false);
  });
});
