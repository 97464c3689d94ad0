import type { TSupportSocketEvent } from '@openbourse/contracts';

/**
 * The support events the inbox acts on, checked for the fields it relies on: the page's socket
 * (market-socket.ts) checks only an event's kind and the zod schemas are not loaded for a socket
 * frame, so a malformed event is dropped here instead of reaching the cached conversations.
 */
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isId = (value: unknown): value is string => typeof value === 'string' && /^[1-9]\d{0,18}$/.test(value);

function isMessage(value: unknown): boolean {
  return (
    isRecord(value) &&
    isId(value.id) &&
    isId(value.conversationId) &&
    (value.author === 'user' || value.author === 'agent' || value.author === 'system') &&
    typeof value.createdAt === 'string' &&
    (value.text === null || typeof value.text === 'string') &&
    (value.fileId === null || typeof value.fileId === 'string')
  );
}

function isSummary(value: unknown): boolean {
  return (
    isRecord(value) &&
    isId(value.id) &&
    (value.status === 'open' || value.status === 'waiting_user' || value.status === 'closed') &&
    typeof value.who === 'string' &&
    typeof value.createdAt === 'string' &&
    typeof value.unread === 'number' &&
    (value.agentId === null || typeof value.agentId === 'string')
  );
}

/** The event when it is well formed, null otherwise. */
export function toSupportEvent(value: unknown): TSupportSocketEvent | null {
  if (!isRecord(value)) return null;
  const isSide = value.side === 'user' || value.side === 'agent';
  switch (value.kind) {
    case 'message':
      return isId(value.conversationId) && isMessage(value.message) ? (value as TSupportSocketEvent) : null;
    case 'marks':
      return isId(value.conversationId) &&
        isSide &&
        (value.mark === 'delivered' || value.mark === 'read') &&
        isId(value.upToMessageId) &&
        typeof value.at === 'string'
        ? (value as TSupportSocketEvent)
        : null;
    case 'typing':
      return isId(value.conversationId) && isSide ? (value as TSupportSocketEvent) : null;
    case 'inbox':
      return isSummary(value.conversation) ? (value as TSupportSocketEvent) : null;
    default:
      // `conversation` events are the user's side of the chat; the inbox has `inbox` summaries.
      return null;
  }
}
