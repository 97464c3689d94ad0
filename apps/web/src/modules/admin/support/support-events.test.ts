import type { TAgentConversationSummary, TSupportMessage, TSupportSocketEvent } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import { toSupportEvent } from './support-events';

const SUMMARY: TAgentConversationSummary = {
  id: '12',
  status: 'open',
  language: 'de',
  who: 'Anna',
  userId: '55',
  agentId: null,
  agentName: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  lastMessageAt: '2026-11-27T10:00:05.000Z',
  lastMessagePreview: 'Hallo',
  unread: 1,
  rating: null,
};
const MESSAGE: TSupportMessage = {
  id: '90',
  conversationId: '12',
  author: 'user',
  agentName: null,
  text: 'Hallo',
  fileId: null,
  systemEvent: null,
  clientId: 'abcdefgh12',
  createdAt: '2026-11-27T10:00:05.000Z',
  deliveredAt: null,
  readAt: null,
};

describe('the support events the inbox takes', () => {
  it('takes well-formed inbox summaries, messages, marks and typing signals', () => {
    const events: TSupportSocketEvent[] = [
      { kind: 'inbox', conversation: SUMMARY },
      { kind: 'message', conversationId: '12', message: MESSAGE },
      { kind: 'marks', conversationId: '12', side: 'user', mark: 'read', upToMessageId: '90', at: MESSAGE.createdAt },
      { kind: 'typing', conversationId: '12', side: 'user' },
    ];
    for (const event of events) expect(toSupportEvent(event)).toBe(event);
  });

  it('drops malformed events and the user side’s conversation events', () => {
    for (const event of [
      null,
      'inbox',
      { kind: 'inbox', conversation: { ...SUMMARY, status: 'lost' } },
      { kind: 'inbox', conversation: { ...SUMMARY, id: '012' } },
      { kind: 'typing', conversationId: '12', side: 'robot' },
      { kind: 'marks', conversationId: '12', side: 'user', mark: 'seen', upToMessageId: '3', at: 'x' },
      { kind: 'message', conversationId: '12', message: { ...MESSAGE, author: 'bot' } },
      { kind: 'message', conversationId: '12', message: { id: 'x' } },
      { kind: 'conversation', conversation: { id: '12' } },
      { kind: 'unknown' },
    ]) {
      expect(toSupportEvent(event)).toBeNull();
    }
  });
});
