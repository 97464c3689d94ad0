import type {
  TAgentConversation,
  TAgentConversationList,
  TAgentConversationSummary,
  TSupportMessage,
} from '@openbourse/contracts';
import { SUPPORT_QUEUES, type SupportQueue } from '@openbourse/contracts/constants';

/**
 * The agent inbox's state as pure functions (issue 20): which queue a conversation belongs to,
 * how a queue is ordered, and how a pushed `inbox` summary, message, mark or typing signal
 * changes what the inbox already read. The socket keeps the screen current between reads; the
 * periodic read (and the one after an event the inbox cannot place) corrects any drift.
 */

export type Summary = TAgentConversationSummary;
export type Counts = TAgentConversationList['counts'];

/** Whether a conversation is listed in a queue, for the agent `me` (the server's rule). */
export function isInQueue(summary: Summary, queue: SupportQueue, me: string | null): boolean {
  switch (queue) {
    case 'open':
      return summary.status === 'open';
    case 'waiting_user':
      return summary.status === 'waiting_user';
    case 'closed':
      return summary.status === 'closed';
    case 'mine':
      return summary.status !== 'closed' && me !== null && summary.agentId === me;
  }
}

/** Compares decimal id strings as numbers (ids exceed 2^53; no leading zeros). */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

const activity = (summary: Summary) => summary.lastMessageAt ?? summary.createdAt;

/**
 * A queue's order, as the server lists it: the longest waiting first (the oldest last activity),
 * and the closed queue newest first; ties by id so the order never jumps.
 */
export function compareForQueue(queue: SupportQueue): (a: Summary, b: Summary) => number {
  const sign = queue === 'closed' ? -1 : 1;
  return (a, b) => {
    const byTime = Date.parse(activity(a)) - Date.parse(activity(b));
    if (byTime !== 0 && !Number.isNaN(byTime)) return sign * byTime;
    return sign * compareIds(a.id, b.id);
  };
}

/** How a conversation's change moves every queue's count: +1 where it arrives, −1 where it leaves. */
export function countDelta(previous: Summary | null, next: Summary, me: string | null): Counts {
  const delta = { open: 0, mine: 0, waiting_user: 0, closed: 0 };
  for (const queue of SUPPORT_QUEUES) {
    delta[queue] = (isInQueue(next, queue, me) ? 1 : 0) - (previous && isInQueue(previous, queue, me) ? 1 : 0);
  }
  return delta;
}

/**
 * A queue's list after a pushed summary: the conversation replaced, added in its place or
 * removed, every count moved by how it changed. `previous` is the summary as the inbox knew it
 * (from any queue it read), null when it did not know it: then it is counted as new.
 */
export function mergeSummary(
  list: TAgentConversationList,
  queue: SupportQueue,
  next: Summary,
  previous: Summary | null,
  me: string | null,
): TAgentConversationList {
  const delta = countDelta(previous, next, me);
  const counts = { ...list.counts };
  for (const key of SUPPORT_QUEUES) counts[key] = Math.max(0, counts[key] + delta[key]);
  const others = list.items.filter((item) => item.id !== next.id);
  const items = isInQueue(next, queue, me) ? [...others, next].sort(compareForQueue(queue)) : others;
  // The total is the queue's count, moved the same way.
  return { items, total: Math.max(items.length, list.total + delta[queue]), counts };
}

/** The newest copy of a conversation any of the inbox's lists holds, or null. */
export function findKnown(lists: ReadonlyArray<TAgentConversationList | undefined>, id: string): Summary | null {
  for (const list of lists) {
    const found = list?.items.find((item) => item.id === id);
    if (found) return found;
  }
  return null;
}

/**
 * A conversation's messages in order (ids grow with time), each once. A copy of a message the
 * inbox already holds keeps the marks either copy has (marks only move forward): the answer to the
 * agent's own send can arrive after the socket brought the message and the user's read mark on it.
 */
export function addMessage(messages: readonly TSupportMessage[], message: TSupportMessage): TSupportMessage[] {
  const index = messages.findIndex((item) => item.id === message.id);
  const known = messages[index];
  if (known) {
    const copy = [...messages];
    copy[index] = {
      ...message,
      deliveredAt: message.deliveredAt ?? known.deliveredAt,
      readAt: message.readAt ?? known.readAt,
    };
    return copy;
  }
  return [...messages, message].sort((a, b) => compareIds(a.id, b.id));
}

/**
 * Marks a side set on the other side's messages up to one (marks only move forward): the user's
 * marks on the agents' (and the platform's) messages, an agent's on the user's.
 */
export function applyMarks(
  messages: readonly TSupportMessage[],
  side: 'user' | 'agent',
  mark: 'delivered' | 'read',
  upToMessageId: string,
  at: string,
): TSupportMessage[] {
  return messages.map((message) => {
    const isOtherSide = side === 'user' ? message.author !== 'user' : message.author === 'user';
    if (!isOtherSide || compareIds(message.id, upToMessageId) > 0) return message;
    const deliveredAt = message.deliveredAt ?? at;
    const readAt = mark === 'read' ? (message.readAt ?? at) : message.readAt;
    if (deliveredAt === message.deliveredAt && readAt === message.readAt) return message;
    return { ...message, deliveredAt, readAt };
  });
}

/** The user's newest message the agents have not read, to mark read up to; null when none. */
export function newestUnreadFromUser(messages: readonly TSupportMessage[]): string | null {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message?.author === 'user') return message.readAt === null ? message.id : null;
  }
  return null;
}

/** The open conversation after its summary changed (assigned, closed…): the summary's fields, the rest kept. */
export function mergeConversationSummary(
  conversation: TAgentConversation,
  next: Summary,
  now: string,
): TAgentConversation {
  if (conversation.conversation.id !== next.id) return conversation;
  // A summary carries no closing time: a conversation that closed just now closed about `now`.
  const closedAt = next.status === 'closed' ? (conversation.conversation.closedAt ?? now) : null;
  return { ...conversation, conversation: { ...conversation.conversation, ...next, closedAt } };
}

/** Whether a delivery or read tick shows on a message: the agents' and the platform's, as the user marked them. */
export type Tick = 'sent' | 'delivered' | 'read';
export function tickOf(message: TSupportMessage): Tick | null {
  if (message.author === 'user' || message.author === 'system') return null;
  if (message.readAt) return 'read';
  if (message.deliveredAt) return 'delivered';
  return 'sent';
}
