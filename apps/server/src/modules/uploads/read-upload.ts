import { createHash } from 'node:crypto';
import type { Role } from '@openbourse/contracts';
import { recordAudit } from '../../platform/audit/audit-log.js';
import type { DbView } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { UploadsContext } from './uploads.context.js';
import { findOwnUpload, findUpload, type UploadRow } from './uploads.repository.js';
import type { UploadContentType, UploadsTables } from './uploads.tables.js';

export type UploadBytes = { bytes: Buffer; contentType: string };

async function bytesOf(ctx: UploadsContext, row: UploadRow): Promise<UploadBytes> {
  // A sealed file that fails its check (or is gone) is an error of ours, never an altered image.
  const bytes = await ctx.store.get(row.storage_key);
  if (createHash('sha256').update(bytes).digest('hex') !== row.sha256) {
    throw new Error(`upload ${row.id}: stored bytes do not match their recorded digest`);
  }
  return { bytes, contentType: row.content_type };
}

/** One of the caller's own uploads; another user's answers exactly as an unknown id (10185). */
export async function readOwnUpload(ctx: UploadsContext, id: string, userId: string): Promise<UploadBytes> {
  const row = await findOwnUpload(ctx.db, id, userId);
  if (!row) throw new AppError('UPLOAD_NOT_FOUND');
  return bytesOf(ctx, row);
}

/**
 * Any upload's bytes, for a module that has decided itself who may see them (the support chat: a
 * file attached to a conversation the caller takes part in, each agent view audited there).
 */
export async function readUploadFor(ctx: UploadsContext, id: string): Promise<UploadBytes> {
  if (!/^[A-Za-z0-9_-]{22}$/.test(id)) throw new AppError('UPLOAD_NOT_FOUND');
  const row = await findUpload(ctx.db, id);
  if (!row) throw new AppError('UPLOAD_NOT_FOUND');
  return bytesOf(ctx, row);
}

export type OperatorView = { operatorId: string; roles: readonly Role[]; requestId: string; ip: string | null };

/**
 * An upload for an operator (issue 15): only while a review queue item holds it and the operator
 * may decide that item's kind; each view is one `uploads.view` audit row. A file no item holds
 * answers as an unknown one (10185); one held only by kinds the operator may not decide, 403.
 */
export async function readUploadForOperator(ctx: UploadsContext, id: string, view: OperatorView): Promise<UploadBytes> {
  const row = await findUpload(ctx.db, id);
  if (!row) throw new AppError('UPLOAD_NOT_FOUND');
  const kinds = await ctx.fileHolders.queueKindsHolding(id);
  if (kinds.length === 0) throw new AppError('UPLOAD_NOT_FOUND');
  const allowed = kinds.filter((kind) => ctx.fileHolders.mayDecide(kind, view.roles));
  if (allowed.length === 0) throw new AppError('FORBIDDEN');
  const file = await bytesOf(ctx, row);
  await recordAudit(ctx.db, {
    actorUserId: view.operatorId,
    action: 'uploads.view',
    targetType: 'upload',
    targetId: id,
    before: null,
    after: null,
    reason: null,
    details: { ownerUserId: row.owner_user_id, contentType: row.content_type, queues: allowed },
    requestId: view.requestId,
    ip: view.ip,
  });
  return file;
}

/**
 * The stored type of one of the user's uploads, or null for an unknown id and another user's alike
 * (kyc checks that a signature is a PNG).
 */
export async function ownUploadType(
  db: DbView<UploadsTables>,
  fileId: string,
  userId: string,
): Promise<UploadContentType | null> {
  if (!/^[A-Za-z0-9_-]{22}$/.test(fileId)) return null;
  return (await findOwnUpload(db, fileId, userId))?.content_type ?? null;
}

/** Whether the file is this user's (payments checks a deposit claim's `proofFileId` with it). */
export async function uploadBelongsTo(db: DbView<UploadsTables>, fileId: string, userId: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{22}$/.test(fileId)) return false;
  return (await findOwnUpload(db, fileId, userId)) !== undefined;
}
