import type {
  TSupportConversation,
  TSupportMessage,
  TSupportMessagesPage,
  TSupportSocketEvent,
} from '@openbourse/contracts';
import { SUPPORT_TYPING_TTL_MS } from '@openbourse/contracts/constants';

/**
 * The support chat's state on the user's side (issue 20), as a reducer: the conversation, its
 * messages as the server has them (by id, oldest first), the messages on their way (optimistic,
 * known by the clientId that makes a retry safe), and until when the agent is shown typing.
 * Messages arrive from three places (a page read, the answer to a send, a socket push), in any
 * order and more than once: each lands once, by id, and replaces its pending copy by clientId.
 */

export type PendingMessage = {
  clientId: string;
  text: string | null;
  fileId: string | null;
  /** A local picture of the attachment while it is on its way (an object URL), if any. */
  previewUrl: string | null;
  createdAt: string;
  status: 'sending' | 'failed';
  /** Why the last try failed (the caller turns it into the user's language). */
  error: unknown;
};

export type ChatState = {
  conversation: TSupportConversation | null;
  messages: TSupportMessage[];
  pending: PendingMessage[];
  hasMore: boolean;
  /** Epoch ms until which "Support is typing…" shows; null when not typing. */
  agentTypingUntil: number | null;
};

export type ChatAction =
  | { type: 'reset' }
  | { type: 'loaded'; page: TSupportMessagesPage }
  | { type: 'older'; page: TSupportMessagesPage }
  | { type: 'conversation'; conversation: TSupportConversation }
  | {
      type: 'sending';
      clientId: string;
      text: string | null;
      fileId: string | null;
      previewUrl: string | null;
      createdAt: string;
    }
  | { type: 'retrying'; clientId: string }
  | { type: 'sent'; clientId: string; message: TSupportMessage }
  | { type: 'failed'; clientId: string; error: unknown }
  | { type: 'discarded'; clientId: string }
  | { type: 'event'; event: TSupportSocketEvent; now: number };

export const initialChatState: ChatState = {
  conversation: null,
  messages: [],
  pending: [],
  hasMore: false,
  agentTypingUntil: null,
};

/** Orders decimal ids without losing digits (ids may pass 2^53). */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

const later = (a: string | null, b: string | null): string | null => a ?? b;

/** One message merged into the list: a known id keeps the marks either copy has. */
function upsert(messages: readonly TSupportMessage[], incoming: readonly TSupportMessage[]): TSupportMessage[] {
  const byId = new Map(messages.map((message) => [message.id, message]));
  for (const message of incoming) {
    const known = byId.get(message.id);
    byId.set(
      message.id,
      known
        ? {
            ...message,
            deliveredAt: later(message.deliveredAt, known.deliveredAt),
            readAt: later(message.readAt, known.readAt),
          }
        : message,
    );
  }
  return [...byId.values()].sort((a, b) => compareIds(a.id, b.id));
}

/** The pending messages with those the server now has (by clientId) taken out. */
function withoutDelivered(pending: readonly PendingMessage[], messages: readonly TSupportMessage[]): PendingMessage[] {
  const arrived = new Set(messages.flatMap((message) => (message.clientId ? [message.clientId] : [])));
  return pending.filter((item) => !arrived.has(item.clientId));
}

/** A system message or a message says something of the conversation's state the page may not have read yet. */
function followMessage(conversation: TSupportConversation, message: TSupportMessage): TSupportConversation {
  const next = { ...conversation, lastMessageAt: message.createdAt };
  if (message.author === 'agent' && message.agentName) next.agentName = message.agentName;
  if (message.systemEvent === 'closed') {
    return { ...next, status: 'closed', closedAt: message.createdAt, canRate: conversation.rating === null };
  }
  if (message.systemEvent === 'reopened') return { ...next, status: 'open', closedAt: null, canRate: false };
  if ((message.systemEvent === 'assigned' || message.systemEvent === 'transferred') && message.agentName) {
    next.agentName = message.agentName;
  }
  if (conversation.status === 'closed') return next;
  if (message.author === 'agent') return { ...next, status: 'waiting_user' };
  if (message.author === 'user') return { ...next, status: 'open' };
  return next;
}

function applyEvent(state: ChatState, event: TSupportSocketEvent, now: number): ChatState {
  const conversation = state.conversation;
  if (event.kind === 'inbox') return state;
  if (event.kind === 'conversation') {
    return conversation?.id === event.conversation.id ? { ...state, conversation: event.conversation } : state;
  }
  if (!conversation || event.conversationId !== conversation.id) return state;
  if (event.kind === 'message') {
    const messages = upsert(state.messages, [event.message]);
    return {
      ...state,
      conversation: followMessage(conversation, event.message),
      messages,
      pending: withoutDelivered(state.pending, [event.message]),
      // The agent's message ends the typing it announced.
      agentTypingUntil: event.message.author === 'user' ? state.agentTypingUntil : null,
    };
  }
  if (event.kind === 'typing') {
    return event.side === 'agent' ? { ...state, agentTypingUntil: now + SUPPORT_TYPING_TTL_MS } : state;
  }
  // Marks: `side` set them on the other side's messages up to one (read implies delivered).
  const marked = (message: TSupportMessage) =>
    compareIds(message.id, event.upToMessageId) <= 0 &&
    (event.side === 'agent' ? message.author === 'user' : message.author !== 'user');
  const messages = state.messages.map((message) => {
    if (!marked(message)) return message;
    const deliveredAt = message.deliveredAt ?? event.at;
    const readAt = event.mark === 'read' ? (message.readAt ?? event.at) : message.readAt;
    return deliveredAt === message.deliveredAt && readAt === message.readAt
      ? message
      : { ...message, deliveredAt, readAt };
  });
  return { ...state, messages };
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'reset':
      return initialChatState;
    case 'loaded': {
      // A fresh read (open, reconnect): the server's page wins, messages pushed meanwhile stay.
      const isSame = state.conversation?.id === action.page.conversation.id;
      const kept = isSame ? state.messages : [];
      const messages = upsert(kept, action.page.messages);
      const oldestRead = action.page.messages[0]?.id;
      const pagedBack = oldestRead !== undefined && kept.some((message) => compareIds(message.id, oldestRead) < 0);
      return {
        ...state,
        conversation: action.page.conversation,
        messages,
        // Older pages read before stay, and so does what they said of still older ones.
        hasMore: pagedBack ? state.hasMore : action.page.hasMore,
        pending: withoutDelivered(isSame ? state.pending : [], messages),
        agentTypingUntil: isSame ? state.agentTypingUntil : null,
      };
    }
    case 'older':
      if (state.conversation?.id !== action.page.conversation.id) return state;
      return { ...state, messages: upsert(state.messages, action.page.messages), hasMore: action.page.hasMore };
    case 'conversation':
      if (state.conversation !== null && state.conversation.id !== action.conversation.id) {
        return { ...initialChatState, conversation: action.conversation };
      }
      return { ...state, conversation: action.conversation };
    case 'sending':
      if (state.pending.some((item) => item.clientId === action.clientId)) return state;
      return {
        ...state,
        pending: [
          ...state.pending,
          {
            clientId: action.clientId,
            text: action.text,
            fileId: action.fileId,
            previewUrl: action.previewUrl,
            createdAt: action.createdAt,
            status: 'sending',
            error: null,
          },
        ],
      };
    case 'retrying':
      return {
        ...state,
        pending: state.pending.map((item) =>
          item.clientId === action.clientId ? { ...item, status: 'sending', error: null } : item,
        ),
      };
    case 'sent': {
      const conversation =
        state.conversation?.id === action.message.conversationId
          ? followMessage(state.conversation, action.message)
          : state.conversation;
      const messages =
        state.conversation?.id === action.message.conversationId
          ? upsert(state.messages, [action.message])
          : state.messages;
      return {
        ...state,
        conversation,
        messages,
        pending: state.pending.filter((item) => item.clientId !== action.clientId),
      };
    }
    case 'failed':
      return {
        ...state,
        pending: state.pending.map((item) =>
          item.clientId === action.clientId ? { ...item, status: 'failed', error: action.error } : item,
        ),
      };
    case 'discarded':
      return { ...state, pending: state.pending.filter((item) => item.clientId !== action.clientId) };
    case 'event':
      return applyEvent(state, action.event, action.now);
  }
}

/** Whether "Support is typing…" shows at `now`. */
export function isAgentTyping(state: ChatState, now: number): boolean {
  return state.agentTypingUntil !== null && now < state.agentTypingUntil;
}

/** The newest of the agents' messages, the one delivery and read marks cover; null when none. */
export function newestAgentMessageId(messages: readonly TSupportMessage[]): string | null {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message?.author === 'agent') return message.id;
  }
  return null;
}

/** The agents' messages after `afterId` (all when null): what a new push announces. */
export function agentMessagesAfter(messages: readonly TSupportMessage[], afterId: string | null): TSupportMessage[] {
  return messages.filter(
    (message) => message.author === 'agent' && (afterId === null || compareIds(message.id, afterId) > 0),
  );
}

/** The tick a message of the user's shows: sent, delivered or read. */
export function deliveryOf(message: TSupportMessage): 'sent' | 'delivered' | 'read' {
  if (message.readAt) return 'read';
  if (message.deliveredAt) return 'delivered';
  return 'sent';
}
