import type { Language, TCannedReply } from '@openbourse/contracts';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { AgentAction, SupportContext } from './support.context.js';
import {
  type CannedReplyRow,
  deleteCannedReply,
  findCannedReply,
  insertCannedReply,
  listCannedReplies,
  updateCannedReply,
} from './support.repository.js';

type CannedInput = { language: Language; title: string; text: string };

export function cannedToWire(row: CannedReplyRow): TCannedReply {
  return {
    id: String(row.id),
    language: row.language,
    title: row.title,
    text: row.text,
    updatedAt: row.updated_at.toISOString(),
  };
}

const audited = (row: CannedReplyRow) => ({ language: row.language, title: row.title, text: row.text });

/** GET /swx/admin/support/canned-replies — of one language or all. */
export async function cannedReplies(ctx: SupportContext, language: Language | undefined) {
  return { items: (await listCannedReplies(ctx.db, language)).map(cannedToWire) };
}

/** POST /swx/admin/support/canned-replies — added with its audit row. */
export async function createCanned(
  ctx: SupportContext,
  action: AgentAction,
  input: CannedInput,
): Promise<TCannedReply> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const created = await insertCannedReply(trx, { ...input, seedKey: null, at: ctx.clock.now() });
    if (!created) throw new Error('support: a canned reply was not inserted');
    await recordAudit(trx, {
      actorUserId: action.agentId,
      action: 'support.canned.create',
      targetType: 'support_canned_reply',
      targetId: String(created.id),
      before: null,
      after: audited(created),
      reason: null,
      requestId: action.requestId,
      ip: action.ip,
    });
    return created;
  });
  return cannedToWire(row);
}

/** POST /swx/admin/support/canned-replies/{id} — changed with its audit row (NOT_FOUND for an unknown id). */
export async function updateCanned(
  ctx: SupportContext,
  action: AgentAction,
  id: string,
  input: CannedInput,
): Promise<TCannedReply> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await findCannedReply(trx, id);
    if (!current) throw new AppError('NOT_FOUND');
    const next = await updateCannedReply(trx, id, { ...input, at: ctx.clock.now() });
    await recordAudit(trx, {
      actorUserId: action.agentId,
      action: 'support.canned.update',
      targetType: 'support_canned_reply',
      targetId: id,
      before: audited(current),
      after: audited(next),
      reason: null,
      requestId: action.requestId,
      ip: action.ip,
    });
    return next;
  });
  return cannedToWire(row);
}

/** POST /swx/admin/support/canned-replies/{id}/delete — removed with its audit row. */
export async function deleteCanned(ctx: SupportContext, action: AgentAction, id: string): Promise<{ ok: true }> {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await findCannedReply(trx, id);
    if (!current) throw new AppError('NOT_FOUND');
    await deleteCannedReply(trx, id);
    await recordAudit(trx, {
      actorUserId: action.agentId,
      action: 'support.canned.delete',
      targetType: 'support_canned_reply',
      targetId: id,
      before: audited(current),
      after: null,
      reason: null,
      requestId: action.requestId,
      ip: action.ip,
    });
  });
  return { ok: true };
}
