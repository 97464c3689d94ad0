import type { Language, SupportAuthor, SupportQueue, SupportSystemEvent } from '@openbourse/contracts';
import { type Selectable, sql, type Updateable } from 'kysely';
import type { DbView } from '../../platform/db/database.js';
import type { SupportParty } from './support.context.js';
import type { SupportTables } from './support.tables.js';

/** The only SQL over the support module's tables. */

type Db = DbView<SupportTables>;

export type ConversationRow = Selectable<SupportTables['support_conversations']>;
export type MessageRow = Selectable<SupportTables['support_messages']>;
export type CannedReplyRow = Selectable<SupportTables['support_canned_replies']>;
export type VisitorRow = Selectable<SupportTables['support_visitors']>;

// ---- Visitors ----

export async function insertVisitor(
  db: Db,
  values: { tokenHash: Buffer; email: string; language: Language },
): Promise<string> {
  const row = await db
    .insertInto('support_visitors')
    .values({ token_hash: values.tokenHash, email: values.email, language: values.language })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export function findVisitorByTokenHash(db: Db, tokenHash: Buffer): Promise<VisitorRow | undefined> {
  return db.selectFrom('support_visitors').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export function findVisitor(db: Db, id: string): Promise<VisitorRow | undefined> {
  return db.selectFrom('support_visitors').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The visitors with a socket open on an instance: online until `until` unless refreshed. */
export async function setVisitorsOnline(db: Db, ids: readonly string[], until: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('support_visitors')
    .set({ online_until: until })
    .where('id', 'in', [...ids])
    .execute();
}

// ---- Conversations ----

const ofParty = (party: SupportParty) =>
  party.kind === 'user' ? (['user_id', party.userId] as const) : (['visitor_id', party.visitorId] as const);

export function findOpenConversation(db: Db, party: SupportParty): Promise<ConversationRow | undefined> {
  const [column, id] = ofParty(party);
  return db
    .selectFrom('support_conversations')
    .selectAll()
    .where(column, '=', id)
    .where('status', '<>', 'closed')
    .executeTakeFirst();
}

/** A new conversation; undefined when the party has one not closed already (the partial unique index). */
export async function insertConversation(
  db: Db,
  values: { party: SupportParty; language: Language; at: Date },
): Promise<ConversationRow | undefined> {
  const { party } = values;
  return db
    .insertInto('support_conversations')
    .values({
      user_id: party.kind === 'user' ? party.userId : null,
      visitor_id: party.kind === 'visitor' ? party.visitorId : null,
      language: values.language,
      created_at: values.at,
    })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findConversation(db: Db, id: string): Promise<ConversationRow | undefined> {
  return db.selectFrom('support_conversations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lockConversation(db: Db, id: string): Promise<ConversationRow | undefined> {
  return db.selectFrom('support_conversations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updateConversation(
  db: Db,
  id: string,
  values: Updateable<SupportTables['support_conversations']>,
): Promise<ConversationRow> {
  return db
    .updateTable('support_conversations')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Claims the conversation's away notice at `at` when none was sent since `notBefore` (or ever):
 * true for the one caller that claimed it, so concurrent answers notify once.
 */
export async function claimAwayNotice(db: Db, id: string, at: Date, notBefore: Date): Promise<boolean> {
  const claimed = await db
    .updateTable('support_conversations')
    .set({ away_notified_at: at })
    .where('id', '=', id)
    .where((where) => where.or([where('away_notified_at', 'is', null), where('away_notified_at', '<=', notBefore)]))
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** The party's conversations, newest first (at most `limit`). */
export function partyConversations(db: Db, party: SupportParty, limit: number): Promise<ConversationRow[]> {
  const [column, id] = ofParty(party);
  return db
    .selectFrom('support_conversations')
    .selectAll()
    .where(column, '=', id)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Messages of `authors` in each conversation that their reader has not marked read. */
export async function unreadCounts(
  db: Db,
  conversationIds: readonly string[],
  authors: readonly SupportAuthor[],
): Promise<Map<string, number>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('support_messages')
    .select(['conversation_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('conversation_id', 'in', [...conversationIds])
    .where('author', 'in', [...authors])
    .where('read_at', 'is', null)
    .groupBy('conversation_id')
    .execute();
  return new Map(rows.map((row) => [String(row.conversation_id), Number(row.n)]));
}

/** The newest message of each conversation (for the inbox's preview). */
export async function lastMessages(db: Db, conversationIds: readonly string[]): Promise<Map<string, MessageRow>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('support_messages')
    .selectAll()
    .distinctOn('conversation_id')
    .where('conversation_id', 'in', [...conversationIds])
    .orderBy('conversation_id')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((row) => [String(row.conversation_id), row]));
}

function queueFilter(queue: SupportQueue, agentId: string) {
  return (query: ReturnType<typeof baseQueue>) => {
    switch (queue) {
      case 'open':
        return query.where('status', '=', 'open');
      case 'waiting_user':
        return query.where('status', '=', 'waiting_user');
      case 'closed':
        return query.where('status', '=', 'closed');
      case 'mine':
        return query.where('status', '<>', 'closed').where('assigned_agent_id', '=', agentId);
    }
  };
}

const baseQueue = (db: Db) => db.selectFrom('support_conversations');

/** One page of a queue: the longest waiting first (closed: the newest closed first). */
export async function queuePage(
  db: Db,
  queue: SupportQueue,
  agentId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: ConversationRow[]; total: number }> {
  const query = queueFilter(queue, agentId)(baseQueue(db));
  const counted = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  let ordered = query.selectAll();
  ordered =
    queue === 'closed'
      ? ordered.orderBy('closed_at', 'desc').orderBy('id', 'desc')
      : ordered.orderBy(sql`coalesce(last_message_at, created_at)`, 'asc').orderBy('id', 'asc');
  const rows = await ordered.offset(page.offset).limit(page.limit).execute();
  return { rows, total: Number(counted.n) };
}

export async function queueCounts(
  db: Db,
  agentId: string,
): Promise<{ open: number; mine: number; waiting_user: number; closed: number }> {
  const row = await db
    .selectFrom('support_conversations')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('status', '=', 'open').as('open'),
      eb.fn
        .countAll<string>()
        .filterWhere((w) => w.and([w('status', '<>', 'closed'), w('assigned_agent_id', '=', agentId)]))
        .as('mine'),
      eb.fn.countAll<string>().filterWhere('status', '=', 'waiting_user').as('waiting_user'),
      eb.fn.countAll<string>().filterWhere('status', '=', 'closed').as('closed'),
    ])
    .executeTakeFirstOrThrow();
  return {
    open: Number(row.open),
    mine: Number(row.mine),
    waiting_user: Number(row.waiting_user),
    closed: Number(row.closed),
  };
}

/** The conversations a file is attached to (a message of theirs names it). */
export async function conversationsHoldingFile(db: Db, fileId: string): Promise<ConversationRow[]> {
  return db
    .selectFrom('support_conversations')
    .selectAll()
    .where('id', 'in', (eb) =>
      eb.selectFrom('support_messages').select('conversation_id').where('file_id', '=', fileId),
    )
    .execute();
}

// ---- Messages ----

export function findMessageByClientId(
  db: Db,
  conversationId: string,
  clientId: string,
): Promise<MessageRow | undefined> {
  return db
    .selectFrom('support_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

export function insertMessage(
  db: Db,
  values: {
    conversationId: string;
    author: SupportAuthor;
    agentId: string | null;
    text: string | null;
    fileId: string | null;
    systemEvent: SupportSystemEvent | null;
    clientId: string | null;
    at: Date;
  },
): Promise<MessageRow> {
  return db
    .insertInto('support_messages')
    .values({
      conversation_id: values.conversationId,
      author: values.author,
      agent_id: values.agentId,
      text: values.text,
      file_id: values.fileId,
      system_event: values.systemEvent,
      client_id: values.clientId,
      created_at: values.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A page of a conversation, oldest first, older than `before` when given; `hasMore` when older ones exist. */
export async function messagesPage(
  db: Db,
  conversationId: string,
  page: { before?: string; size: number },
): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  let query = db.selectFrom('support_messages').selectAll().where('conversation_id', '=', conversationId);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(page.size + 1)
    .execute();
  const hasMore = rows.length > page.size;
  return { rows: rows.slice(0, page.size).reverse(), hasMore };
}

/**
 * Sets a mark on the messages of `authors` up to one (those not marked yet; read marks them
 * delivered too), answering the newest message the mark now covers, or null when none moved.
 */
export async function markMessages(
  db: Db,
  conversationId: string,
  authors: readonly SupportAuthor[],
  mark: 'delivered' | 'read',
  upToId: string,
  at: Date,
): Promise<string | null> {
  const column = mark === 'read' ? 'read_at' : 'delivered_at';
  const rows = await db
    .updateTable('support_messages')
    .set(mark === 'read' ? { read_at: at, delivered_at: sql`coalesce(delivered_at, ${at})` } : { delivered_at: at })
    .where('conversation_id', '=', conversationId)
    .where('author', 'in', [...authors])
    .where('id', '<=', upToId)
    .where(column, 'is', null)
    .returning('id')
    .execute();
  if (rows.length === 0) return null;
  return rows
    .map((row) => BigInt(row.id))
    .reduce((a, b) => (a > b ? a : b))
    .toString();
}

// ---- Canned replies ----

export function listCannedReplies(db: Db, language: Language | undefined): Promise<CannedReplyRow[]> {
  let query = db.selectFrom('support_canned_replies').selectAll();
  if (language) query = query.where('language', '=', language);
  return query.orderBy('language').orderBy('title').orderBy('id').execute();
}

export function findCannedReply(db: Db, id: string): Promise<CannedReplyRow | undefined> {
  return db.selectFrom('support_canned_replies').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function insertCannedReply(
  db: Db,
  values: { language: Language; title: string; text: string; seedKey: string | null; at: Date },
): Promise<CannedReplyRow | undefined> {
  return db
    .insertInto('support_canned_replies')
    .values({
      language: values.language,
      title: values.title,
      text: values.text,
      seed_key: values.seedKey,
      created_at: values.at,
      updated_at: values.at,
    })
    .onConflict((oc) => oc.column('seed_key').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function updateCannedReply(
  db: Db,
  id: string,
  values: { language: Language; title: string; text: string; at: Date },
): Promise<CannedReplyRow> {
  return db
    .updateTable('support_canned_replies')
    .set({ language: values.language, title: values.title, text: values.text, updated_at: values.at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteCannedReply(db: Db, id: string): Promise<void> {
  await db.deleteFrom('support_canned_replies').where('id', '=', id).execute();
}

// ---- The dashboard ----

/**
 * The dashboard's figures measured in SQL: conversations waiting now, and over the conversations
 * of the last 30 days the median first response (first user message to first agent answer), the
 * median resolution (opened to closed) and the average rating.
 */
export async function dashboardFigures(
  db: Db,
  since: Date,
): Promise<{
  open: number;
  waitingUser: number;
  medianFirstResponse: number | null;
  medianResolution: number | null;
  averageRating: string | null;
  ratings: number;
}> {
  const result = await sql<{
    open: string;
    waiting_user: string;
    median_first_response: string | null;
    median_resolution: string | null;
    average_rating: string | null;
    ratings: string;
  }>`
    SELECT
      (SELECT count(*) FROM support_conversations WHERE status = 'open') AS open,
      (SELECT count(*) FROM support_conversations WHERE status = 'waiting_user') AS waiting_user,
      (SELECT percentile_cont(0.5) WITHIN GROUP (
         ORDER BY extract(epoch FROM first_response_at - first_user_message_at))
       FROM support_conversations
       WHERE first_response_at IS NOT NULL AND first_user_message_at IS NOT NULL
         AND first_response_at >= first_user_message_at AND first_response_at >= ${since}) AS median_first_response,
      (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM closed_at - created_at))
       FROM support_conversations WHERE closed_at IS NOT NULL AND closed_at >= ${since}) AS median_resolution,
      (SELECT round(avg(rating), 2)::text FROM support_conversations
       WHERE rating IS NOT NULL AND rated_at >= ${since}) AS average_rating,
      (SELECT count(*) FROM support_conversations WHERE rating IS NOT NULL AND rated_at >= ${since}) AS ratings
  `.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('support dashboard figures: no row');
  const seconds = (value: string | null) => (value === null ? null : Math.round(Number(value)));
  return {
    open: Number(row.open),
    waitingUser: Number(row.waiting_user),
    medianFirstResponse: seconds(row.median_first_response),
    medianResolution: seconds(row.median_resolution),
    averageRating: row.average_rating,
    ratings: Number(row.ratings),
  };
}
