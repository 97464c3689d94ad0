import type { TAgentConversation, TAgentConversationList, TSupportMessage } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import {
  addMessage,
  applyMarks,
  compareForQueue,
  compareIds,
  countDelta,
  findKnown,
  isInQueue,
  mergeConversationSummary,
  mergeSummary,
  newestUnreadFromUser,
  type Summary,
  tickOf,
} from './inbox-state';

const ME = '7';

function summary(id: string, patch: Partial<Summary> = {}): Summary {
  return {
    id,
    status: 'open',
    language: 'en',
    who: `User ${id}`,
    userId: `10${id}`,
    agentId: null,
    agentName: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    lastMessageAt: '2026-11-27T10:00:00.000Z',
    lastMessagePreview: 'Hello',
    unread: 1,
    rating: null,
    ...patch,
  };
}

function message(id: string, patch: Partial<TSupportMessage> = {}): TSupportMessage {
  return {
    id,
    conversationId: '1',
    author: 'user',
    agentName: null,
    text: `text ${id}`,
    fileId: null,
    systemEvent: null,
    clientId: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    deliveredAt: null,
    readAt: null,
    ...patch,
  };
}

const list = (items: Summary[], counts: TAgentConversationList['counts'], total = items.length) => ({
  items,
  total,
  counts,
});

describe('the inbox queues', () => {
  it('places a conversation in the queues the server lists it in', () => {
    const open = summary('1');
    expect(isInQueue(open, 'open', ME)).toBe(true);
    expect(isInQueue(open, 'mine', ME)).toBe(false);
    const mineOpen = summary('2', { agentId: ME });
    expect(isInQueue(mineOpen, 'open', ME)).toBe(true);
    expect(isInQueue(mineOpen, 'mine', ME)).toBe(true);
    const mineWaiting = summary('3', { agentId: ME, status: 'waiting_user' });
    expect(isInQueue(mineWaiting, 'waiting_user', ME)).toBe(true);
    expect(isInQueue(mineWaiting, 'mine', ME)).toBe(true);
    const mineClosed = summary('4', { agentId: ME, status: 'closed' });
    expect(isInQueue(mineClosed, 'mine', ME)).toBe(false);
    expect(isInQueue(mineClosed, 'closed', ME)).toBe(true);
    expect(isInQueue(summary('5', { agentId: '8' }), 'mine', ME)).toBe(false);
    expect(isInQueue(mineOpen, 'mine', null)).toBe(false);
  });

  it('compares ids beyond 2^53 as numbers, not as text', () => {
    expect(compareIds('9', '10')).toBeLessThan(0);
    expect(compareIds('9007199254740993', '9007199254740992')).toBeGreaterThan(0);
    expect(compareIds('42', '42')).toBe(0);
  });

  it('lists the longest waiting first, and the closed queue newest first', () => {
    const early = summary('5', { lastMessageAt: '2026-11-27T09:00:00.000Z' });
    const late = summary('2', { lastMessageAt: '2026-11-27T11:00:00.000Z' });
    const silent = summary('3', { lastMessageAt: null, createdAt: '2026-11-27T10:00:00.000Z' });
    expect([late, silent, early].sort(compareForQueue('open')).map((item) => item.id)).toEqual(['5', '3', '2']);
    expect([early, late, silent].sort(compareForQueue('closed')).map((item) => item.id)).toEqual(['2', '3', '5']);
    // Same time: by id, so the order never jumps between reads.
    const twin = summary('4', { lastMessageAt: '2026-11-27T09:00:00.000Z' });
    expect([twin, early].sort(compareForQueue('open')).map((item) => item.id)).toEqual(['4', '5']);
  });

  it('moves the counts from the queues a conversation leaves to those it joins', () => {
    const before = summary('1');
    const taken = summary('1', { agentId: ME });
    expect(countDelta(before, taken, ME)).toEqual({ open: 0, mine: 1, waiting_user: 0, closed: 0 });
    const answered = summary('1', { agentId: ME, status: 'waiting_user' });
    expect(countDelta(taken, answered, ME)).toEqual({ open: -1, mine: 0, waiting_user: 1, closed: 0 });
    const closed = summary('1', { agentId: ME, status: 'closed' });
    expect(countDelta(answered, closed, ME)).toEqual({ open: 0, mine: -1, waiting_user: -1, closed: 1 });
    // Unknown before: counted as new where it is now.
    expect(countDelta(null, before, ME)).toEqual({ open: 1, mine: 0, waiting_user: 0, closed: 0 });
  });

  it('adds a new conversation to its queue in order and counts it', () => {
    const first = summary('1', { lastMessageAt: '2026-11-27T09:00:00.000Z' });
    const last = summary('3', { lastMessageAt: '2026-11-27T11:00:00.000Z' });
    const current = list([first, last], { open: 2, mine: 0, waiting_user: 4, closed: 9 });
    const arriving = summary('2', { lastMessageAt: '2026-11-27T10:00:00.000Z' });
    const next = mergeSummary(current, 'open', arriving, null, ME);
    expect(next.items.map((item) => item.id)).toEqual(['1', '2', '3']);
    expect(next.total).toBe(3);
    expect(next.counts).toEqual({ open: 3, mine: 0, waiting_user: 4, closed: 9 });
    // The same event on the closed queue's list changes its counts only.
    const closedList = list([summary('8', { status: 'closed' })], { open: 2, mine: 0, waiting_user: 4, closed: 9 }, 9);
    const other = mergeSummary(closedList, 'closed', arriving, null, ME);
    expect(other.items.map((item) => item.id)).toEqual(['8']);
    expect(other.total).toBe(9);
    expect(other.counts.open).toBe(3);
  });

  it('replaces a known conversation in place and takes it out of a queue it left', () => {
    const one = summary('1', { unread: 1 });
    const two = summary('2', { lastMessageAt: '2026-11-27T10:30:00.000Z' });
    const current = list([one, two], { open: 2, mine: 0, waiting_user: 0, closed: 0 });
    const read = summary('1', { unread: 0 });
    const updated = mergeSummary(current, 'open', read, one, ME);
    expect(updated.items).toEqual([read, two]);
    expect(updated.counts).toEqual(current.counts);
    expect(updated.total).toBe(2);

    const answered = summary('1', { status: 'waiting_user', agentId: ME, lastMessageAt: '2026-11-27T11:00:00.000Z' });
    const left = mergeSummary(current, 'open', answered, one, ME);
    expect(left.items.map((item) => item.id)).toEqual(['2']);
    expect(left.total).toBe(1);
    expect(left.counts).toEqual({ open: 1, mine: 1, waiting_user: 1, closed: 0 });
  });

  it('never counts below zero, and the total covers the rows shown', () => {
    const stale = list([], { open: 0, mine: 0, waiting_user: 0, closed: 0 });
    const gone = mergeSummary(stale, 'open', summary('1', { status: 'closed' }), summary('1'), ME);
    expect(gone.counts).toEqual({ open: 0, mine: 0, waiting_user: 0, closed: 1 });
    expect(gone.total).toBe(0);
  });

  it('finds the newest copy the inbox holds in any queue', () => {
    const mine = summary('1', { agentId: ME });
    expect(
      findKnown(
        [
          undefined,
          list([summary('2')], { open: 1, mine: 0, waiting_user: 0, closed: 0 }),
          list([mine], { open: 1, mine: 1, waiting_user: 0, closed: 0 }),
        ],
        '1',
      ),
    ).toBe(mine);
    expect(findKnown([undefined], '1')).toBeNull();
  });
});

describe('a conversation as events arrive', () => {
  it('keeps messages in id order, each once (a pushed copy replaces the answered one)', () => {
    const messages = [message('10'), message('12')];
    expect(addMessage(messages, message('11')).map((item) => item.id)).toEqual(['10', '11', '12']);
    const updated = addMessage(messages, message('12', { text: 'edited' }));
    expect(updated.map((item) => item.text)).toEqual(['text 10', 'edited']);
  });

  it('keeps the marks a message already has when a copy without them arrives later', () => {
    // The socket brought the agent's answer and then the user's read mark; the answer to the
    // agent's own send (the same message, unmarked) came last, on a busy server.
    const pushed = applyMarks(
      [message('7', { author: 'agent', agentName: 'Ann' })],
      'user',
      'read',
      '7',
      '2026-11-27T10:05:00.000Z',
    );
    const answered = addMessage(pushed, message('7', { author: 'agent', agentName: 'Ann' }));
    expect(answered.map(tickOf)).toEqual(['read']);
    expect(answered[0]?.deliveredAt).toBe('2026-11-27T10:05:00.000Z');
  });

  it('applies the user’s marks to the agents’ messages up to one, forward only', () => {
    const messages = [
      message('1', { author: 'agent', agentName: 'Ann' }),
      message('2', { author: 'user' }),
      message('3', { author: 'agent', agentName: 'Ann', deliveredAt: '2026-11-27T10:01:00.000Z' }),
      message('4', { author: 'agent', agentName: 'Ann' }),
    ];
    const delivered = applyMarks(messages, 'user', 'delivered', '4', '2026-11-27T10:05:00.000Z');
    expect(delivered.map((item) => item.deliveredAt)).toEqual([
      '2026-11-27T10:05:00.000Z',
      null,
      '2026-11-27T10:01:00.000Z',
      '2026-11-27T10:05:00.000Z',
    ]);
    const read = applyMarks(delivered, 'user', 'read', '3', '2026-11-27T10:06:00.000Z');
    expect(read.map((item) => item.readAt)).toEqual([
      '2026-11-27T10:06:00.000Z',
      null,
      '2026-11-27T10:06:00.000Z',
      null,
    ]);
    expect(read.map(tickOf)).toEqual(['read', null, 'read', 'delivered']);
    // A later mark does not move an earlier time.
    const again = applyMarks(read, 'user', 'read', '4', '2026-11-27T11:00:00.000Z');
    expect(again[0]?.readAt).toBe('2026-11-27T10:06:00.000Z');
    expect(again[3]?.readAt).toBe('2026-11-27T11:00:00.000Z');
  });

  it('applies an agent’s read mark to the user’s messages only', () => {
    const messages = [message('1'), message('2', { author: 'agent' }), message('3')];
    const read = applyMarks(messages, 'agent', 'read', '3', '2026-11-27T10:05:00.000Z');
    expect(read.map((item) => item.readAt)).toEqual(['2026-11-27T10:05:00.000Z', null, '2026-11-27T10:05:00.000Z']);
    expect(read[0]?.deliveredAt).toBe('2026-11-27T10:05:00.000Z');
  });

  it('marks read up to the user’s newest unread message, and not again once read', () => {
    expect(newestUnreadFromUser([message('1'), message('2'), message('3', { author: 'agent' })])).toBe('2');
    expect(newestUnreadFromUser([message('1'), message('2', { readAt: '2026-11-27T10:00:00.000Z' })])).toBeNull();
    expect(newestUnreadFromUser([message('1', { author: 'system' })])).toBeNull();
  });

  it('shows ticks on agents’ messages only', () => {
    expect(tickOf(message('1', { author: 'agent' }))).toBe('sent');
    expect(tickOf(message('1'))).toBeNull();
    expect(tickOf(message('1', { author: 'system' }))).toBeNull();
  });

  it('takes a changed summary into the open conversation, with the closing time when it closes', () => {
    const conversation: TAgentConversation = {
      conversation: { ...summary('1'), closedAt: null, ratingComment: null, firstResponseAt: null },
      context: null,
      visitorEmail: 'v@example.com',
      messages: [],
      hasMore: false,
      typing: false,
    };
    const now = '2026-11-27T12:00:00.000Z';
    const closed = mergeConversationSummary(
      conversation,
      summary('1', { status: 'closed', agentId: ME, agentName: 'Me' }),
      now,
    );
    expect(closed.conversation).toMatchObject({
      status: 'closed',
      agentName: 'Me',
      closedAt: now,
      firstResponseAt: null,
    });
    const reopened = mergeConversationSummary(closed, summary('1', { status: 'open' }), now);
    expect(reopened.conversation.closedAt).toBeNull();
    expect(mergeConversationSummary(conversation, summary('2'), now)).toBe(conversation);
  });
});
