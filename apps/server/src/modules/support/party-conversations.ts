import type {
  Language,
  TSendSupportMessageRequest,
  TSupportConversation,
  TSupportConversationList,
  TSupportMessage,
  TSupportMessagesPage,
} from '@openbourse/contracts';
import { SUPPORT_MESSAGES_PAGE_SIZE } from '@openbourse/contracts';
import { AppError } from '../../platform/errors/app-error.js';
import type { SupportContext, SupportParty } from './support.context.js';
import {
  type ConversationRow,
  conversationsHoldingFile,
  findConversation,
  findMessageByClientId,
  findOpenConversation,
  insertConversation,
  insertMessage,
  lockConversation,
  markMessages,
  messagesPage,
  partyConversations,
  updateConversation,
} from './support.repository.js';
import { announceMessage, pushInbox, pushToParty } from './support-events.js';
import { conversationsToWire, conversationToWire, messagesToWire, messageToWire } from './support-wire.js';

const isParty = (row: ConversationRow, party: SupportParty) =>
  party.kind === 'user'
    ? row.user_id !== null && String(row.user_id) === party.userId
    : row.visitor_id !== null && String(row.visitor_id) === party.visitorId;

/** One of the party's conversations; anyone else's answers as an unknown one (10035, revealing nothing). */
async function ownConversation(ctx: SupportContext, party: SupportParty, id: string): Promise<ConversationRow> {
  const row = await findConversation(ctx.db, id);
  if (!row || !isParty(row, party)) throw new AppError('NO_PERMISSION_ON_RECORD');
  return row;
}

/** POST …/support/conversations — the party's conversation not closed, or a new one (pushed to the inbox). */
export async function openConversation(
  ctx: SupportContext,
  party: SupportParty,
  language: Language,
): Promise<{ row: ConversationRow; created: boolean }> {
  const open = await findOpenConversation(ctx.db, party);
  if (open) return { row: open, created: false };
  const created = await insertConversation(ctx.db, { party, language, at: ctx.clock.now() });
  if (!created) {
    // Another request of the party opened one at the same moment: answer that one.
    const row = await findOpenConversation(ctx.db, party);
    if (!row) throw new Error('support: an open conversation vanished');
    return { row, created: false };
  }
  await pushInbox(ctx, created).catch((error: unknown) =>
    ctx.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'support: a push failed'),
  );
  return { row: created, created: true };
}

export async function openConversationToWire(
  ctx: SupportContext,
  party: SupportParty,
  language: Language,
): Promise<TSupportConversation> {
  return conversationToWire(ctx, (await openConversation(ctx, party, language)).row);
}

/** GET …/support/conversations — the party's conversations, newest first (at most 50). */
export async function listConversations(ctx: SupportContext, party: SupportParty): Promise<TSupportConversationList> {
  return { items: await conversationsToWire(ctx, await partyConversations(ctx.db, party, 50)) };
}

/**
 * Marks the other side's messages up to one (delivered or read; only forward) and keeps the
 * conversation's up-to ids; answers the newest message the mark moved to, or null.
 */
export async function applyMarks(
  ctx: SupportContext,
  conversationId: string,
  side: 'user' | 'agent',
  mark: 'delivered' | 'read',
  upToId: string,
): Promise<{ row: ConversationRow; movedTo: string; at: Date } | null> {
  const at = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await lockConversation(trx, conversationId);
    if (!row) return null;
    const movedTo = await markMessages(trx, conversationId, side === 'user' ? ['agent'] : ['user'], mark, upToId, at);
    if (movedTo === null) return null;
    const prefix = side === 'user' ? 'user' : 'agent';
    const column = `${prefix}_${mark}_up_to` as const;
    const current = BigInt(row[column]);
    const values: Record<string, string> = {};
    if (BigInt(movedTo) > current) values[column] = movedTo;
    if (mark === 'read' && BigInt(movedTo) > BigInt(row[`${prefix}_delivered_up_to`])) {
      values[`${prefix}_delivered_up_to`] = movedTo;
    }
    const next = Object.keys(values).length > 0 ? await updateConversation(trx, conversationId, values) : row;
    return { row: next, movedTo, at };
  });
}

/** Tells both sides (after commit) that one side's marks moved. */
export function announceMarks(
  ctx: SupportContext,
  moved: { row: ConversationRow; movedTo: string; at: Date },
  side: 'user' | 'agent',
  mark: 'delivered' | 'read',
): void {
  const event = {
    kind: 'marks' as const,
    conversationId: String(moved.row.id),
    side,
    mark,
    upToMessageId: moved.movedTo,
    at: moved.at.toISOString(),
  };
  pushToParty(ctx, moved.row, event);
  ctx.push.toAgents(event);
  void pushInboxQuietly(ctx, moved.row);
}

async function pushInboxQuietly(ctx: SupportContext, row: ConversationRow) {
  await pushInbox(ctx, row).catch((error: unknown) =>
    ctx.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'support: a push failed'),
  );
}

/** GET …/conversations/{id}/messages — a page, oldest first; the agents' messages in it are marked delivered. */
export async function conversationPage(
  ctx: SupportContext,
  party: SupportParty,
  id: string,
  query: { before?: string | undefined; size?: number | undefined },
): Promise<TSupportMessagesPage> {
  await ownConversation(ctx, party, id);
  const page = { size: query.size ?? SUPPORT_MESSAGES_PAGE_SIZE, ...(query.before ? { before: query.before } : {}) };
  let found = await messagesPage(ctx.db, id, page);
  const newestAgent = found.rows.filter((row) => row.author === 'agent').at(-1);
  if (newestAgent && newestAgent.delivered_at === null) {
    const moved = await applyMarks(ctx, id, 'user', 'delivered', String(newestAgent.id));
    if (moved) {
      announceMarks(ctx, moved, 'user', 'delivered');
      found = await messagesPage(ctx.db, id, page);
    }
  }
  const row = await ownConversation(ctx, party, id);
  return {
    conversation: await conversationToWire(ctx, row),
    messages: await messagesToWire(ctx, found.rows),
    hasMore: found.hasMore,
  };
}

/**
 * POST …/conversations/{id}/messages — the party's message: text trimmed (plain; 10230 when
 * neither text nor a picture), a picture only the sender's own upload (10185), none to a closed
 * conversation (10229). A retry with the same clientId answers the message sent first.
 */
export async function sendPartyMessage(
  ctx: SupportContext,
  party: SupportParty,
  id: string,
  input: TSendSupportMessageRequest,
): Promise<TSupportMessage> {
  await ownConversation(ctx, party, id);
  const text = input.text?.trim() || null;
  const fileId = input.fileId ?? null;
  const clientId = input.clientId ?? null;
  if (clientId !== null) {
    const first = await findMessageByClientId(ctx.db, id, clientId);
    if (first) return (await messagesToWire(ctx, [first]))[0] as TSupportMessage;
  }
  if (text === null && fileId === null) throw new AppError('SUPPORT_MESSAGE_EMPTY');
  if (fileId !== null && (party.kind !== 'user' || !(await ctx.uploads.belongsTo(fileId, party.userId)))) {
    throw new AppError('UPLOAD_NOT_FOUND');
  }
  const at = ctx.clock.now();
  const result = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockConversation(trx, id);
    if (!row) throw new AppError('NO_PERMISSION_ON_RECORD');
    if (clientId !== null) {
      const first = await findMessageByClientId(trx, id, clientId);
      if (first) return { message: first, row, fresh: false };
    }
    if (row.status === 'closed') throw new AppError('SUPPORT_CONVERSATION_CLOSED');
    const message = await insertMessage(trx, {
      conversationId: id,
      author: 'user',
      agentId: null,
      text,
      fileId,
      systemEvent: null,
      clientId,
      at,
    });
    const next = await updateConversation(trx, id, {
      status: 'open',
      first_user_message_at: row.first_user_message_at ?? at,
      last_message_at: at,
    });
    return { message, row: next, fresh: true };
  });
  const wire = messageToWire(result.message, new Map());
  if (result.fresh) await announceMessage(ctx, result.row, wire, { conversation: true });
  return wire;
}

/** POST …/marks — the party marks the agents' messages up to one (only forward); pushed to the agents. */
export async function setPartyMarks(
  ctx: SupportContext,
  party: SupportParty,
  id: string,
  input: { mark: 'delivered' | 'read'; upToMessageId: string },
): Promise<{ ok: true }> {
  await ownConversation(ctx, party, id);
  const moved = await applyMarks(ctx, id, 'user', input.mark, input.upToMessageId);
  if (moved) announceMarks(ctx, moved, 'user', input.mark);
  return { ok: true };
}

/** POST …/typing — pushed to the agents only, never stored. */
export async function partyTyping(ctx: SupportContext, party: SupportParty, id: string): Promise<{ ok: true }> {
  const row = await ownConversation(ctx, party, id);
  if (row.status !== 'closed') {
    ctx.push.typing(id, 'user');
    ctx.push.toAgents({ kind: 'typing', conversationId: id, side: 'user' });
  }
  return { ok: true };
}

/** POST …/rating — once, after the conversation is closed (10232 otherwise). */
export async function rateConversation(
  ctx: SupportContext,
  party: SupportParty,
  id: string,
  input: { rating: number; comment?: string | undefined },
): Promise<TSupportConversation> {
  await ownConversation(ctx, party, id);
  const comment = input.comment?.trim() || null;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await lockConversation(trx, id);
    if (!current) throw new AppError('NO_PERMISSION_ON_RECORD');
    if (current.status !== 'closed' || current.rating !== null) throw new AppError('SUPPORT_RATING_NOT_ALLOWED');
    return updateConversation(trx, id, { rating: input.rating, rating_comment: comment, rated_at: ctx.clock.now() });
  });
  const wire = await conversationToWire(ctx, row);
  pushToParty(ctx, row, { kind: 'conversation', conversation: wire });
  await pushInboxQuietly(ctx, row);
  return wire;
}

/** An attachment of one of the party's conversations (10185 for any other file). */
export async function partyFile(
  ctx: SupportContext,
  party: SupportParty,
  fileId: string,
): Promise<{ bytes: Buffer; contentType: string }> {
  const holders = await conversationsHoldingFile(ctx.db, fileId);
  if (!holders.some((row) => isParty(row, party))) throw new AppError('UPLOAD_NOT_FOUND');
  return ctx.uploads.fileBytes(fileId);
}
