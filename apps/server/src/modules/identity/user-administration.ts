import type { TAdminUserItem } from '@openbourse/contracts';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { AppError } from '../../platform/errors/app-error.js';
import * as repository from './identity.repository.js';
import { forgetUserSessions, type IdentityContext } from './identity-context.js';
import type { OperatorAction, UserAdministrationDb } from './operator-action.js';
import { listUserSessions, type UserSession } from './user-sessions.js';

/**
 * The back office's user administration (#14): search, a user's profile and sessions, and an
 * operator's changes to VIP level and status. A change and its audit row commit together, in a
 * transaction on the caller's database (identity's tables and the platform's audit log).
 */

export type { OperatorAction, UserAdministrationDb } from './operator-action.js';

export type AdministeredUser = TAdminUserItem;

export type AdministeredUserProfile = AdministeredUser & {
  phone: string | null;
  kycStatus: number;
  totpEnabled: boolean;
  lastSeenAt: string | null;
  sessions: UserSession[];
};

const USER_ID = /^[1-9][0-9]{0,17}$/;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** TRON base58 addresses: T and 33 more base58 characters. */
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/**
 * Search: digits match that user id exactly; any text matches a case-insensitive prefix of the
 * user name or the e-mail; a 0x address matches exactly in any case (stored EIP-55 checksummed),
 * a TRON address exactly. A user matching any of them is listed, newest first.
 */
export async function searchUsers(
  ctx: IdentityContext,
  query: { q?: string | undefined; page: number; size: number },
): Promise<{ items: AdministeredUser[]; total: number }> {
  const q = query.q?.trim() ?? '';
  const search: repository.UserSearch = {};
  if (q !== '') {
    search.prefix = q.toLowerCase();
    if (USER_ID.test(q)) search.id = q;
    if (EVM_ADDRESS.test(q)) search.walletAddress = { value: q, caseless: true };
    else if (TRON_ADDRESS.test(q)) search.walletAddress = { value: q, caseless: false };
  }
  const { rows, total } = await repository.searchUsers(ctx.db, search, {
    offset: (query.page - 1) * query.size,
    limit: query.size,
  });
  const now = ctx.now();
  return { total, items: rows.map((row) => toAdministeredUser(row, now)) };
}

/** A user's profile and their sessions still in use (never a token or its hash); 10009 for nobody. */
export async function userProfile(ctx: IdentityContext, userId: string): Promise<AdministeredUserProfile> {
  const user = USER_ID.test(userId) ? await repository.findUserById(ctx.db, userId) : undefined;
  if (!user) throw new AppError('USER_NOT_FOUND');
  const now = ctx.now();
  const sessions = await listUserSessions(ctx, user.id);
  return {
    ...toAdministeredUser(user, now),
    phone: user.phone ? `+${user.phone_area_code ?? ''}${user.phone}` : null,
    kycStatus: user.kyc_status,
    totpEnabled: user.totp_enabled,
    lastSeenAt: user.last_seen_at?.toISOString() ?? null,
    sessions,
  };
}

/**
 * Sets a user's VIP level (0 Normal, 1–4 VIP1–VIP4). A change writes one audit row
 * (`identity.user.level`, before and after) in its transaction; the same level again changes
 * nothing and writes nothing.
 */
export async function setUserLevel(
  ctx: IdentityContext,
  db: UserAdministrationDb,
  action: OperatorAction,
  userId: string,
  level: number,
): Promise<{ id: string; level: number }> {
  const changed = await db.transaction().execute(async (trx) => {
    const user = await lockUser(trx, userId);
    if (user.level === level) return false;
    await repository.updateUser(trx, user.id, { level });
    await recordAudit(trx, {
      actorUserId: action.operatorId,
      action: 'identity.user.level',
      targetType: 'user',
      targetId: user.id,
      before: { level: user.level },
      after: { level },
      reason: null,
      requestId: action.requestId,
      ip: action.ip,
    });
    return true;
  });
  // Cached sessions carry the user's row: every instance reads it afresh.
  if (changed) forgetUserSessions(ctx, userId);
  return { id: userId, level };
}

/**
 * Enables or disables a user, with the operator's reason. Disabling revokes every session of the
 * user in the same transaction as the change and its audit row (`identity.user.status`), then
 * drops them from every instance's cache, so the user's next request is refused at once (401
 * for the revoked token) and password sign-in answers 10005 until an operator enables them
 * again. An operator cannot disable themself. The status they already have changes nothing.
 */
export async function setUserStatus(
  ctx: IdentityContext,
  db: UserAdministrationDb,
  action: OperatorAction,
  userId: string,
  input: { status: 'active' | 'disabled'; reason: string },
): Promise<{ id: string; status: 'active' | 'disabled' }> {
  if (input.status === 'disabled' && userId === action.operatorId) {
    throw new AppError('INVALID_INPUT', {
      data: { issues: [{ path: 'params.id', message: 'an operator cannot disable themself' }] },
    });
  }
  const changed = await db.transaction().execute(async (trx) => {
    const user = await lockUser(trx, userId);
    if (user.status === input.status) return false;
    if (input.status === 'disabled') {
      await repository.updateUser(trx, user.id, { status: 'disabled', online_until: null });
      await repository.revokeUserSessions(trx, user.id);
    } else {
      await repository.updateUser(trx, user.id, { status: 'active' });
    }
    await recordAudit(trx, {
      actorUserId: action.operatorId,
      action: 'identity.user.status',
      targetType: 'user',
      targetId: user.id,
      before: { status: user.status },
      after: { status: input.status },
      reason: input.reason,
      requestId: action.requestId,
      ip: action.ip,
    });
    return true;
  });
  if (changed) forgetUserSessions(ctx, userId);
  return { id: userId, status: input.status };
}

async function lockUser(db: Parameters<typeof repository.lockUserById>[0], userId: string) {
  const user = USER_ID.test(userId) ? await repository.lockUserById(db, userId) : undefined;
  if (!user) throw new AppError('USER_NOT_FOUND');
  return user;
}

function toAdministeredUser(row: repository.UserRow, now: Date): AdministeredUser {
  return {
    id: String(row.id),
    userName: row.user_name,
    email: row.email,
    walletAddress: row.wallet_address,
    roles: row.roles,
    status: row.status,
    level: row.level,
    createdAt: row.created_at.toISOString(),
    isOnline: row.online_until !== null && row.online_until.getTime() > now.getTime(),
  };
}
