import type { TAgentConversationSummary, TSupportConversation, TSupportMessage } from '@openbourse/contracts';
import type { SupportContext } from './support.context.js';
import {
  type ConversationRow,
  findVisitor,
  lastMessages,
  type MessageRow,
  unreadCounts,
} from './support.repository.js';

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

/** The agents' names by id, for messages and conversations naming them. */
/**
 * User names are read once a minute at most per instance: every message on the wire names its
 * agent, and a busy inbox would otherwise ask identity for the same few names thousands of times.
 */
const NAME_CACHE_MS = 60_000;
const NAME_CACHE_LIMIT = 10_000;
/** Per identity port (one per app instance), so two apps in one process never share names. */
const nameCaches = new WeakMap<object, Map<string, { name: string; at: number }>>();

export async function agentNames(ctx: SupportContext, ids: ReadonlyArray<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const now = ctx.clock.now().getTime();
  let nameCache = nameCaches.get(ctx.identity);
  if (!nameCache) {
    nameCache = new Map();
    nameCaches.set(ctx.identity, nameCache);
  }
  const names = new Map<string, string>();
  const missing: string[] = [];
  for (const id of wanted) {
    const cached = nameCache.get(id);
    if (cached && now - cached.at < NAME_CACHE_MS) names.set(id, cached.name);
    else missing.push(id);
  }
  if (missing.length === 0) return names;
  const read = await ctx.identity.namesOf(missing);
  if (nameCache.size > NAME_CACHE_LIMIT) nameCache.clear();
  for (const [id, name] of read) {
    names.set(id, name);
    nameCache.set(id, { name, at: now });
  }
  return names;
}

export function messageToWire(row: MessageRow, names: Map<string, string>): TSupportMessage {
  return {
    id: String(row.id),
    conversationId: String(row.conversation_id),
    author: row.author,
    agentName: row.agent_id === null ? null : (names.get(String(row.agent_id)) ?? null),
    text: row.text,
    fileId: row.file_id,
    systemEvent: row.system_event,
    clientId: row.client_id,
    createdAt: row.created_at.toISOString(),
    deliveredAt: iso(row.delivered_at),
    readAt: iso(row.read_at),
  };
}

export async function messagesToWire(ctx: SupportContext, rows: readonly MessageRow[]): Promise<TSupportMessage[]> {
  const names = await agentNames(
    ctx,
    rows.map((row) => (row.agent_id === null ? null : String(row.agent_id))),
  );
  return rows.map((row) => messageToWire(row, names));
}

/** Conversations as their user (or visitor) sees them: unread counts the agents' messages not read. */
export async function conversationsToWire(
  ctx: SupportContext,
  rows: readonly ConversationRow[],
): Promise<TSupportConversation[]> {
  const ids = rows.map((row) => String(row.id));
  const [unread, names] = await Promise.all([
    unreadCounts(ctx.db, ids, ['agent']),
    agentNames(
      ctx,
      rows.map((row) => (row.assigned_agent_id === null ? null : String(row.assigned_agent_id))),
    ),
  ]);
  return rows.map((row) => ({
    id: String(row.id),
    status: row.status,
    language: row.language,
    createdAt: row.created_at.toISOString(),
    lastMessageAt: iso(row.last_message_at),
    closedAt: iso(row.closed_at),
    agentName: row.assigned_agent_id === null ? null : (names.get(String(row.assigned_agent_id)) ?? null),
    unread: unread.get(String(row.id)) ?? 0,
    rating: row.rating,
    ratingComment: row.rating_comment,
    canRate: row.status === 'closed' && row.rating === null,
  }));
}

export async function conversationToWire(ctx: SupportContext, row: ConversationRow): Promise<TSupportConversation> {
  const [wire] = await conversationsToWire(ctx, [row]);
  if (!wire) throw new Error('support: a conversation vanished');
  return wire;
}

/** `a***@example.com`: enough for an agent to tell visitors apart, not the whole address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

const PREVIEW_CHARS = 120;

/** Conversations as the agent inbox lists them. */
export async function summariesToWire(
  ctx: SupportContext,
  rows: readonly ConversationRow[],
): Promise<TAgentConversationSummary[]> {
  const ids = rows.map((row) => String(row.id));
  const userIds = rows.map((row) => (row.user_id === null ? null : String(row.user_id)));
  const agentIds = rows.map((row) => (row.assigned_agent_id === null ? null : String(row.assigned_agent_id)));
  const [unread, last, names] = await Promise.all([
    unreadCounts(ctx.db, ids, ['user']),
    lastMessages(ctx.db, ids),
    agentNames(ctx, [...userIds, ...agentIds]),
  ]);
  const visitorEmails = new Map<string, string>();
  for (const row of rows) {
    if (row.visitor_id === null || visitorEmails.has(String(row.visitor_id))) continue;
    const visitor = await findVisitor(ctx.db, String(row.visitor_id));
    visitorEmails.set(String(row.visitor_id), visitor ? maskEmail(visitor.email) : '***');
  }
  return rows.map((row) => {
    const id = String(row.id);
    const message = last.get(id);
    const userId = row.user_id === null ? null : String(row.user_id);
    const agentId = row.assigned_agent_id === null ? null : String(row.assigned_agent_id);
    const preview = message?.text ?? (message?.file_id ? '[image]' : null);
    return {
      id,
      status: row.status,
      language: row.language,
      who:
        userId !== null
          ? (names.get(userId) ?? `#${userId}`)
          : `Visitor ${visitorEmails.get(String(row.visitor_id)) ?? '***'}`,
      userId,
      agentId,
      agentName: agentId === null ? null : (names.get(agentId) ?? null),
      createdAt: row.created_at.toISOString(),
      lastMessageAt: iso(row.last_message_at),
      lastMessagePreview:
        message?.system_event != null ? null : preview === null ? null : preview.slice(0, PREVIEW_CHARS),
      unread: unread.get(id) ?? 0,
      rating: row.rating,
    };
  });
}

export async function summaryToWire(ctx: SupportContext, row: ConversationRow): Promise<TAgentConversationSummary> {
  const [wire] = await summariesToWire(ctx, [row]);
  if (!wire) throw new Error('support: a conversation vanished');
  return wire;
}
