import type { TSupportConversation, TSupportMessage, TSupportSocketEvent } from '@openbourse/contracts';
import { SUPPORT_TYPING_TTL_MS } from '@openbourse/contracts/constants';
import { describe, expect, it } from 'vitest';
import {
  type ChatAction,
  type ChatState,
  chatReducer,
  compareIds,
  deliveryOf,
  initialChatState,
  isAgentTyping,
  newestAgentMessageId,
} from './support-state';

const conversation: TSupportConversation = {
  id: '7',
  status: 'open',
  language: 'en',
  createdAt: '2025-01-01T10:00:00.000Z',
  lastMessageAt: null,
  closedAt: null,
  agentName: null,
  unread: 0,
  rating: null,
  ratingComment: null,
  canRate: false,
};

function message(id: string, author: TSupportMessage['author'], extra: Partial<TSupportMessage> = {}): TSupportMessage {
  return {
    id,
    conversationId: '7',
    author,
    agentName: author === 'user' ? null : 'Ana',
    text: `message ${id}`,
    fileId: null,
    systemEvent: null,
    clientId: null,
    createdAt: '2025-01-01T10:01:00.000Z',
    deliveredAt: null,
    readAt: null,
    ...extra,
  };
}

const run = (actions: ChatAction[], from: ChatState = initialChatState) => actions.reduce(chatReducer, from);
const loaded = (messages: TSupportMessage[], hasMore = false): ChatAction => ({
  type: 'loaded',
  page: { conversation, messages, hasMore },
});
const event = (data: TSupportSocketEvent, now = 0): ChatAction => ({ type: 'event', event: data, now });
const sending = (clientId: string, text = 'Hello'): ChatAction => ({
  type: 'sending',
  clientId,
  text,
  fileId: null,
  previewUrl: null,
  createdAt: '2025-01-01T10:02:00.000Z',
});

describe('the support chat state', () => {
  it('orders ids as numbers, beyond 2^53', () => {
    expect(compareIds('9', '10')).toBeLessThan(0);
    expect(compareIds('9007199254740993', '9007199254740992')).toBeGreaterThan(0);
    expect(compareIds('12', '12')).toBe(0);
  });

  it('shows a message at once as pending, then replaces it with the server copy by clientId', () => {
    const state = run([loaded([message('1', 'agent')]), sending('client-0001')]);
    expect(state.pending).toMatchObject([{ clientId: 'client-0001', status: 'sending', text: 'Hello' }]);
    const sent = run(
      [{ type: 'sent', clientId: 'client-0001', message: message('2', 'user', { clientId: 'client-0001' }) }],
      state,
    );
    expect(sent.pending).toEqual([]);
    expect(sent.messages.map((item) => item.id)).toEqual(['1', '2']);
  });

  it('lands a message once when the socket push comes before the send answers, and again after', () => {
    const own = message('2', 'user', { clientId: 'client-0001', text: 'Hello' });
    const state = run([
      loaded([message('1', 'agent')]),
      sending('client-0001'),
      event({ kind: 'message', conversationId: '7', message: own }),
    ]);
    expect(state.pending).toEqual([]);
    const after = run(
      [
        { type: 'sent', clientId: 'client-0001', message: own },
        event({ kind: 'message', conversationId: '7', message: own }),
      ],
      state,
    );
    expect(after.messages.map((item) => item.id)).toEqual(['1', '2']);
  });

  it('keeps a failed send with its clientId for a retry, and does not add a second copy', () => {
    const state = run([
      loaded([]),
      sending('client-0001'),
      { type: 'failed', clientId: 'client-0001', error: new Error('offline') },
      sending('client-0001'),
    ]);
    expect(state.pending).toHaveLength(1);
    expect(state.pending[0]).toMatchObject({ status: 'failed', clientId: 'client-0001' });
    const retrying = run([{ type: 'retrying', clientId: 'client-0001' }], state);
    expect(retrying.pending[0]).toMatchObject({ status: 'sending', error: null });
    expect(run([{ type: 'discarded', clientId: 'client-0001' }], state).pending).toEqual([]);
  });

  it('a reload drops the pending copies the server already holds', () => {
    const state = run([loaded([]), sending('client-0001'), sending('client-0002')]);
    const reloaded = run([loaded([message('3', 'user', { clientId: 'client-0001' })])], state);
    expect(reloaded.pending.map((item) => item.clientId)).toEqual(['client-0002']);
  });

  it('ignores events of another conversation and inbox events', () => {
    const state = run([loaded([])]);
    const other = run(
      [
        event({ kind: 'message', conversationId: '8', message: { ...message('5', 'agent'), conversationId: '8' } }),
        event({ kind: 'typing', conversationId: '8', side: 'agent' }),
      ],
      state,
    );
    expect(other).toEqual(state);
  });

  it('sets delivery then read ticks on the user messages up to the marked one', () => {
    const state = run([
      loaded([message('1', 'user'), message('2', 'agent'), message('3', 'user'), message('4', 'user')]),
      event({ kind: 'marks', conversationId: '7', side: 'agent', mark: 'delivered', upToMessageId: '3', at: 'T1' }),
    ]);
    expect(state.messages.map(deliveryOf)).toEqual(['delivered', 'sent', 'delivered', 'sent']);
    const read = run(
      [event({ kind: 'marks', conversationId: '7', side: 'agent', mark: 'read', upToMessageId: '4', at: 'T2' })],
      state,
    );
    expect(read.messages.map(deliveryOf)).toEqual(['read', 'sent', 'read', 'read']);
    // Read implies delivered; an earlier delivery time is kept.
    expect(read.messages[0]).toMatchObject({ deliveredAt: 'T1', readAt: 'T2' });
    expect(read.messages[3]).toMatchObject({ deliveredAt: 'T2', readAt: 'T2' });
  });

  it('marks never move back: a page read later keeps the marks the socket brought', () => {
    const state = run([
      loaded([message('1', 'user')]),
      event({ kind: 'marks', conversationId: '7', side: 'agent', mark: 'read', upToMessageId: '1', at: 'T1' }),
      loaded([message('1', 'user')]),
    ]);
    expect(deliveryOf(state.messages[0] as TSupportMessage)).toBe('read');
  });

  it('shows the agent typing for the typing time, and an agent message ends it', () => {
    const state = run([loaded([]), event({ kind: 'typing', conversationId: '7', side: 'agent' }, 1000)]);
    expect(isAgentTyping(state, 1000 + SUPPORT_TYPING_TTL_MS - 1)).toBe(true);
    expect(isAgentTyping(state, 1000 + SUPPORT_TYPING_TTL_MS)).toBe(false);
    expect(
      isAgentTyping(run([event({ kind: 'typing', conversationId: '7', side: 'user' }, 1000)], run([loaded([])])), 1000),
    ).toBe(false);
    const answered = run(
      [event({ kind: 'message', conversationId: '7', message: message('9', 'agent') }, 1500)],
      state,
    );
    expect(isAgentTyping(answered, 1600)).toBe(false);
  });

  it('follows the conversation: an agent answer waits for the user, a closing asks for a rating', () => {
    const state = run([loaded([]), event({ kind: 'message', conversationId: '7', message: message('2', 'agent') })]);
    expect(state.conversation).toMatchObject({ status: 'waiting_user', agentName: 'Ana' });
    const closed = run(
      [
        event({
          kind: 'message',
          conversationId: '7',
          message: message('3', 'system', { systemEvent: 'closed', text: null, createdAt: 'T3' }),
        }),
      ],
      state,
    );
    expect(closed.conversation).toMatchObject({ status: 'closed', closedAt: 'T3', canRate: true });
    const updated = { ...conversation, status: 'closed' as const, rating: 5, canRate: false };
    expect(run([event({ kind: 'conversation', conversation: updated })], closed).conversation).toEqual(updated);
  });

  it('pages back: older messages join in order', () => {
    const state = run([loaded([message('5', 'agent'), message('6', 'user')], true)]);
    const older = run(
      [
        {
          type: 'older',
          page: { conversation, messages: [message('3', 'user'), message('4', 'agent')], hasMore: false },
        },
      ],
      state,
    );
    expect(older.messages.map((item) => item.id)).toEqual(['3', '4', '5', '6']);
    expect(older.hasMore).toBe(false);
    expect(newestAgentMessageId(older.messages)).toBe('5');
  });

  it('a fresh read of another conversation starts over', () => {
    const state = run([loaded([message('1', 'user')]), sending('client-0001')]);
    const next = run(
      [{ type: 'loaded', page: { conversation: { ...conversation, id: '8' }, messages: [], hasMore: false } }],
      state,
    );
    expect(next.messages).toEqual([]);
    expect(next.pending).toEqual([]);
  });
});
