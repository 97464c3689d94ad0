import type {
  SupportQueue,
  TAgentConversation,
  TAgentConversationList,
  TAgentConversationSummary,
  TSendSupportMessageRequest,
  TSupportMessage,
  TSupportUserContext,
} from '@openbourse/contracts';
import { NOTIFICATION_TEXTS, SUPPORT_CHAT_PATH, SUPPORT_MESSAGES_PAGE_SIZE } from '@openbourse/contracts';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { AppError } from '../../platform/errors/app-error.js';
import { notifyUser } from '../notify/index.js';
import { announceMarks, applyMarks } from './party-conversations.js';
import type { AgentAction, SupportContext, SupportView } from './support.context.js';
import {
  type ConversationRow,
  claimAwayNotice,
  conversationsHoldingFile,
  findConversation,
  findMessageByClientId,
  findOpenConversation,
  findVisitor,
  insertMessage,
  lockConversation,
  messagesPage,
  queueCounts,
  queuePage,
  updateConversation,
} from './support.repository.js';
import { announceMessage, pushToParty } from './support-events.js';
import { messagesToWire, summariesToWire, summaryToWire } from './support-wire.js';

/** One notice (notification or e-mail) to a user or visitor away, per conversation and this long. */
export const AWAY_NOTICE_EVERY_MS = 10 * 60_000;

const LEVEL_NAMES = ['Normal', 'VIP1', 'VIP2', 'VIP3', 'VIP4'];
const KYC_STATUS_NAMES: Record<number, string> = { 0: 'none', 1: 'passed', 2: 'pending', 3: 'rejected' };

async function existing(ctx: SupportContext, id: string): Promise<ConversationRow> {
  const row = await findConversation(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** GET /swx/admin/support/conversations — a queue, with the count of every queue. */
export async function listQueue(
  ctx: SupportContext,
  agentId: string,
  query: { status: SupportQueue; page?: number | undefined; size?: number | undefined },
): Promise<TAgentConversationList> {
  // The inbox is open: this agent hears its events live from now on.
  ctx.push.agentSeen(agentId);
  const size = query.size ?? 20;
  const offset = ((query.page ?? 1) - 1) * size;
  const [page, counts] = await Promise.all([
    queuePage(ctx.db, query.status, agentId, { offset, limit: size }),
    queueCounts(ctx.db, agentId),
  ]);
  return { items: await summariesToWire(ctx, page.rows), total: page.total, counts };
}

/**
 * What an agent may know of the user (SPEC §6): id, level, wallet address, registration date and
 * verification status; real name, e-mail and phone only when the user is verified (the keys are
 * absent otherwise). The real name is opened by kyc, which logs the opening.
 */
export async function userContext(
  ctx: SupportContext,
  userId: string,
  action: AgentAction,
): Promise<TSupportUserContext | null> {
  const facts = await ctx.identity.userFacts(userId);
  if (!facts) return null;
  const context: TSupportUserContext = {
    userId,
    level: LEVEL_NAMES[facts.level] ?? `VIP${facts.level}`,
    walletAddress: facts.walletAddress,
    registeredAt: facts.registeredAt.toISOString(),
    verificationStatus: KYC_STATUS_NAMES[facts.kycStatus] ?? 'none',
  };
  if (!(await ctx.kyc.isVerified(userId))) return context;
  const names = await ctx.kyc.realName(userId, {
    operatorId: action.agentId,
    requestId: action.requestId,
    ip: action.ip,
  });
  if (names) context.realName = `${names.firstName} ${names.lastName}`;
  if (facts.email) context.email = facts.email;
  if (facts.phone) context.phone = facts.phone;
  return context;
}

/**
 * GET /swx/admin/support/conversations/{id} — the conversation, its messages and the user's
 * context; every view is one `support.view` audit row. The user's messages shown are marked
 * delivered.
 */
export async function viewConversation(
  ctx: SupportContext,
  action: AgentAction,
  id: string,
  query: { before?: string | undefined; size?: number | undefined },
): Promise<TAgentConversation> {
  ctx.push.agentSeen(action.agentId);
  let row = await existing(ctx, id);
  const page = { size: query.size ?? SUPPORT_MESSAGES_PAGE_SIZE, ...(query.before ? { before: query.before } : {}) };
  let found = await messagesPage(ctx.db, id, page);
  const newestUser = found.rows.filter((message) => message.author === 'user').at(-1);
  if (newestUser && newestUser.delivered_at === null) {
    const moved = await applyMarks(ctx, id, 'agent', 'delivered', String(newestUser.id));
    if (moved) {
      announceMarks(ctx, moved, 'agent', 'delivered');
      row = moved.row;
      found = await messagesPage(ctx.db, id, page);
    }
  }
  const userId = row.user_id === null ? null : String(row.user_id);
  const context = userId === null ? null : await userContext(ctx, userId, action);
  const visitor = row.visitor_id === null ? null : await findVisitor(ctx.db, String(row.visitor_id));
  await recordAudit(ctx.db, {
    actorUserId: action.agentId,
    action: 'support.view',
    targetType: 'support_conversation',
    targetId: id,
    before: null,
    after: null,
    reason: null,
    details: {
      userId,
      visitorId: row.visitor_id === null ? null : String(row.visitor_id),
      contextFields: context ? Object.keys(context) : [],
    },
    requestId: action.requestId,
    ip: action.ip,
  });
  const summary = await summaryToWire(ctx, row);
  return {
    conversation: {
      ...summary,
      closedAt: row.closed_at?.toISOString() ?? null,
      ratingComment: row.rating_comment,
      firstResponseAt: row.first_response_at?.toISOString() ?? null,
    },
    context,
    visitorEmail: visitor?.email ?? null,
    messages: await messagesToWire(ctx, found.rows),
    hasMore: found.hasMore,
    typing: ctx.push.isTyping(id, 'user'),
  };
}

/** Whether the party is away now: a user without a live heartbeat, a visitor without a socket. */
async function isAway(ctx: SupportContext, row: ConversationRow): Promise<boolean> {
  if (row.user_id !== null) return !(await ctx.identity.isOnline(String(row.user_id)));
  if (row.visitor_id !== null) return !(await ctx.push.isVisitorOnline(String(row.visitor_id)));
  return false;
}

/**
 * POST /swx/admin/support/conversations/{id}/messages — the agent's answer: takes a conversation
 * nobody has, sets it waiting for the user, records the first response once. A user away gets
 * the `support_reply` notification (pushed and e-mailed by notify), a visitor away an e-mail with
 * the chat's link — at most once a conversation every 10 minutes.
 */
export async function replyAsAgent(
  ctx: SupportContext,
  action: AgentAction,
  id: string,
  input: TSendSupportMessageRequest,
): Promise<TSupportMessage> {
  const text = input.text?.trim() || null;
  const fileId = input.fileId ?? null;
  const clientId = input.clientId ?? null;
  if (text === null && fileId === null) throw new AppError('SUPPORT_MESSAGE_EMPTY');
  if (fileId !== null && !(await ctx.uploads.belongsTo(fileId, action.agentId))) throw new AppError('UPLOAD_NOT_FOUND');
  const at = ctx.clock.now();
  // Under the conversation's lock: a retried clientId answers its first message.
  const result = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockConversation(trx, id);
    if (!row) throw new AppError('NOT_FOUND');
    if (clientId !== null) {
      const first = await findMessageByClientId(trx, id, clientId);
      if (first) return { message: first, before: row, row, fresh: false };
    }
    if (row.status === 'closed') throw new AppError('SUPPORT_CONVERSATION_CLOSED');
    const message = await insertMessage(trx, {
      conversationId: id,
      author: 'agent',
      agentId: action.agentId,
      text,
      fileId,
      systemEvent: null,
      clientId,
      at,
    });
    const next = await updateConversation(trx, id, {
      status: 'waiting_user',
      assigned_agent_id: row.assigned_agent_id ?? action.agentId,
      first_response_at: row.first_response_at ?? at,
      last_message_at: at,
    });
    return { message, before: row, row: next, fresh: true };
  });
  const [wire] = await messagesToWire(ctx, [result.message]);
  if (!wire) throw new Error('support: a message vanished');
  if (result.fresh) {
    // The user's view of the conversation changes only when its state or agent does (the first
    // answer, a takeover); later answers are the message alone.
    const changed =
      result.before.status !== result.row.status ||
      String(result.before.assigned_agent_id) !== String(result.row.assigned_agent_id);
    await announceMessage(ctx, result.row, wire, { conversation: changed });
    await noticeIfAway(ctx, result.row, at);
  }
  return wire;
}

/**
 * After an answer committed: a party away hears of it — a user by the `support_reply`
 * notification (pushed and e-mailed by notify), a visitor by an e-mail with the chat's link — at
 * most once a conversation every 10 minutes. Presence is asked only when a notice could be due,
 * and never with a pooled connection held (under load every connection could wait for another).
 */
async function noticeIfAway(ctx: SupportContext, row: ConversationRow, at: Date): Promise<void> {
  const notBefore = new Date(at.getTime() - AWAY_NOTICE_EVERY_MS);
  if (row.away_notified_at !== null && row.away_notified_at.getTime() > notBefore.getTime()) return;
  if (!(await isAway(ctx, row))) return;
  const id = String(row.id);
  const claimed = await ctx.db.transaction().execute(async (trx) => {
    if (!(await claimAwayNotice(trx, id, at, notBefore))) return false;
    if (row.user_id !== null) {
      await notifyUser(trx, { userId: String(row.user_id), template: 'support_reply', params: { conversationId: id } });
    }
    return true;
  });
  if (claimed && row.visitor_id !== null) await mailVisitor(ctx, String(row.visitor_id));
}

/** A visitor away hears of a reply by e-mail (the outbox in development), with the chat's link. */
async function mailVisitor(ctx: SupportContext, visitorId: string): Promise<void> {
  const visitor = await findVisitor(ctx.db, visitorId);
  if (!visitor) return;
  const texts = NOTIFICATION_TEXTS[visitor.language] ?? NOTIFICATION_TEXTS.en;
  const template = texts.templates.support_reply;
  const link = ctx.publicOrigin ? new URL(SUPPORT_CHAT_PATH, ctx.publicOrigin).toString() : SUPPORT_CHAT_PATH;
  try {
    await ctx.mailer.send({
      to: visitor.email,
      subject: `OpenBourse: ${template.title}`,
      text: `${template.body}\n\n${link}`,
    });
  } catch (error) {
    ctx.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'support: a visitor e-mail failed');
  }
}

async function systemMessage(
  trx: SupportView,
  row: ConversationRow,
  event: 'assigned' | 'transferred' | 'closed' | 'reopened',
  agentId: string,
  at: Date,
) {
  return insertMessage(trx, {
    conversationId: String(row.id),
    author: 'system',
    agentId,
    text: null,
    fileId: null,
    systemEvent: event,
    clientId: null,
    at,
  });
}

const audited = (row: ConversationRow) => ({
  status: row.status,
  assignedAgentId: row.assigned_agent_id === null ? null : String(row.assigned_agent_id),
  closedAt: row.closed_at?.toISOString() ?? null,
});

/**
 * One change of a conversation by an agent under its row lock, with its system message and audit
 * row; both sides hear of it after the commit.
 */
async function changeConversation(
  ctx: SupportContext,
  action: AgentAction,
  id: string,
  change: (
    row: ConversationRow,
    trx: SupportView,
  ) => Promise<{
    values: Parameters<typeof updateConversation>[2];
    event: 'assigned' | 'transferred' | 'closed' | 'reopened';
    eventAgentId: string;
    auditAction: string;
  } | null>,
): Promise<TAgentConversationSummary> {
  await existing(ctx, id);
  const at = ctx.clock.now();
  const result = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockConversation(trx, id);
    if (!row) throw new AppError('NOT_FOUND');
    const decided = await change(row, trx);
    if (!decided) return { row, message: null };
    const next = await updateConversation(trx, id, decided.values);
    const message = await systemMessage(trx, next, decided.event, decided.eventAgentId, at);
    await recordAudit(trx, {
      actorUserId: action.agentId,
      action: decided.auditAction,
      targetType: 'support_conversation',
      targetId: id,
      before: audited(row),
      after: audited(next),
      reason: null,
      requestId: action.requestId,
      ip: action.ip,
    });
    return { row: next, message };
  });
  if (result.message) {
    const [wire] = await messagesToWire(ctx, [result.message]);
    await announceMessage(ctx, result.row, wire ?? null, { conversation: true });
  }
  return summaryToWire(ctx, result.row);
}

/** POST …/assign — the caller takes it, or transfers it to another agent (10233 when not one); audited. */
export async function assignConversation(
  ctx: SupportContext,
  action: AgentAction,
  id: string,
  input: { agentId?: string | undefined },
): Promise<TAgentConversationSummary> {
  const target = input.agentId ?? action.agentId;
  if (input.agentId !== undefined && !(await ctx.identity.agents()).some((agent) => agent.id === target)) {
    throw new AppError('SUPPORT_AGENT_UNKNOWN');
  }
  return changeConversation(ctx, action, id, async (row) => {
    if (row.status === 'closed') throw new AppError('SUPPORT_CONVERSATION_CLOSED');
    const previous = row.assigned_agent_id === null ? null : String(row.assigned_agent_id);
    if (previous === target) return null;
    const transfer = previous !== null;
    return {
      values: { assigned_agent_id: target },
      event: transfer ? 'transferred' : 'assigned',
      eventAgentId: target,
      auditAction: transfer ? 'support.transfer' : 'support.assign',
    };
  });
}

/** POST …/close — closed (the user is asked for a rating); audited. 10229 when it is closed already. */
export function closeConversation(ctx: SupportContext, action: AgentAction, id: string) {
  return changeConversation(ctx, action, id, async (row) => {
    if (row.status === 'closed') throw new AppError('SUPPORT_CONVERSATION_CLOSED');
    return {
      values: { status: 'closed', closed_at: ctx.clock.now() },
      event: 'closed',
      eventAgentId: action.agentId,
      auditAction: 'support.close',
    };
  });
}

/**
 * POST …/reopen — a closed conversation open again (waiting for an agent); audited. One that is
 * not closed answers as it is; 10100 when its party has another conversation open now.
 */
export function reopenConversation(ctx: SupportContext, action: AgentAction, id: string) {
  return changeConversation(ctx, action, id, async (row, trx) => {
    if (row.status !== 'closed') return null;
    const party =
      row.user_id !== null
        ? ({ kind: 'user', userId: String(row.user_id) } as const)
        : ({ kind: 'visitor', visitorId: String(row.visitor_id) } as const);
    if (await findOpenConversation(trx, party)) {
      throw new AppError('INVALID_INPUT', { data: { field: 'id', reason: 'the user has another conversation open' } });
    }
    return {
      values: { status: 'open', closed_at: null },
      event: 'reopened',
      eventAgentId: action.agentId,
      auditAction: 'support.reopen',
    };
  });
}

/** POST …/marks — the agent marks the user's messages up to one (only forward); pushed to the user. */
export async function setAgentMarks(
  ctx: SupportContext,
  id: string,
  input: { mark: 'delivered' | 'read'; upToMessageId: string },
): Promise<{ ok: true }> {
  await existing(ctx, id);
  const moved = await applyMarks(ctx, id, 'agent', input.mark, input.upToMessageId);
  if (moved) announceMarks(ctx, moved, 'agent', input.mark);
  return { ok: true };
}

/** POST …/typing — the user sees the indicator; nothing stored. */
export async function agentTyping(ctx: SupportContext, id: string): Promise<{ ok: true }> {
  const row = await existing(ctx, id);
  if (row.status !== 'closed') {
    ctx.push.typing(id, 'agent');
    pushToParty(ctx, row, { kind: 'typing', conversationId: id, side: 'agent' });
    ctx.push.toAgents({ kind: 'typing', conversationId: id, side: 'agent' });
  }
  return { ok: true };
}

/** GET /swx/admin/support/files/{fileId} — an attachment of a conversation; each view audited. */
export async function agentFile(
  ctx: SupportContext,
  action: AgentAction,
  fileId: string,
): Promise<{ bytes: Buffer; contentType: string }> {
  const holders = await conversationsHoldingFile(ctx.db, fileId);
  if (holders.length === 0) throw new AppError('UPLOAD_NOT_FOUND');
  const file = await ctx.uploads.fileBytes(fileId);
  await recordAudit(ctx.db, {
    actorUserId: action.agentId,
    action: 'support.file.view',
    targetType: 'upload',
    targetId: fileId,
    before: null,
    after: null,
    reason: null,
    details: { conversationIds: holders.map((row) => String(row.id)), contentType: file.contentType },
    requestId: action.requestId,
    ip: action.ip,
  });
  return file;
}
