import { recordAudit } from '../../platform/audit/audit-log.js';
import type { KycContext, KycViewer } from './kyc.context.js';
import { findStandingSubmission, isUserVerified } from './kyc.repository.js';
import { openNames } from './sealed-fields.js';

type RealName = { firstName: string; lastName: string };

/**
 * The user's own real name for their user info (SPEC §3 getUserInfo: firstName, lastName): the
 * names of their pending or verified submission, decrypted for them; null without one (never
 * submitted, or refused). Identity asks through its `RealNameSource` port.
 */
export async function ownRealName(ctx: KycContext, userId: string): Promise<RealName | null> {
  const row = await findStandingSubmission(ctx.db, userId);
  return row ? openNames(ctx.cipher, row) : null;
}

/**
 * A user's real name for an operator (the back office's user page): opened only when held, and
 * each opening is one `kyc.view` audit row (SPEC §6).
 */
export async function operatorRealName(ctx: KycContext, userId: string, viewer: KycViewer): Promise<RealName | null> {
  const row = await findStandingSubmission(ctx.db, userId);
  const names = row ? openNames(ctx.cipher, row) : null;
  if (!row || !names) return null;
  await recordAudit(ctx.db, {
    actorUserId: viewer.operatorId,
    action: 'kyc.view',
    targetType: 'kyc_submission',
    targetId: row.id,
    before: null,
    after: null,
    reason: null,
    details: { userId, fields: ['firstName', 'lastName'], via: viewer.via ?? 'admin.user' },
    requestId: viewer.requestId,
    ip: viewer.ip,
  });
  return names;
}

/** Whether the user is verified (status 1): the check lending's unsecured loans and limits ask. */
export function isVerified(ctx: KycContext, userId: string): Promise<boolean> {
  return isUserVerified(ctx.db, userId);
}
