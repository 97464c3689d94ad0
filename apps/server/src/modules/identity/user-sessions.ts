import { recordAudit } from '../../platform/audit/audit-log.js';
import { AppError } from '../../platform/errors/app-error.js';
import * as repository from './identity.repository.js';
import { forgetUserSessions, type IdentityContext } from './identity-context.js';
import type { OperatorAction, UserAdministrationDb } from './operator-action.js';

/**
 * A user's sessions in use, and an operator ending them (#14): the back office's user page now,
 * the trading desk's security centre later (the listing never shows a token or its hash).
 */

export type UserSession = {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  userAgent: string | null;
  /** The client address the session was opened from (#16; null for sessions older than that). */
  ip: string | null;
  expiresAt: string;
};

/** What an operator's revocation ended: the user and the sessions, by id (none when none was in use). */
export type RevokedSessions = { id: string; revokedSessionIds: string[] };

const USER_ID = /^[1-9][0-9]{0,17}$/;
const MAX_SESSIONS_LISTED = 100;

/** The user's sessions neither revoked nor expired, newest first (at most 100). */
export async function listUserSessions(ctx: IdentityContext, userId: string): Promise<UserSession[]> {
  const sessions = await repository.liveSessionsOf(ctx.db, userId, ctx.now(), MAX_SESSIONS_LISTED);
  return sessions.map((session) => ({
    id: String(session.id),
    createdAt: session.created_at.toISOString(),
    lastUsedAt: session.last_used_at.toISOString(),
    userAgent: session.user_agent,
    ip: session.ip,
    expiresAt: session.expires_at.toISOString(),
  }));
}

/**
 * Ends one of the user's sessions in use, with one audit row (`identity.session_revoke`) in the
 * same transaction. 10009 for no such user; 10153 for a session that is not the user's, or no
 * longer in use, which changes nothing. The revoked token is refused at once on every instance:
 * the same forgetting of cached sessions as disabling a user.
 */
export async function revokeUserSession(
  ctx: IdentityContext,
  db: UserAdministrationDb,
  action: OperatorAction,
  userId: string,
  sessionId: string,
): Promise<RevokedSessions> {
  const revoked = await db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const ids = USER_ID.test(sessionId)
      ? await repository.revokeLiveSessionsOf(trx, userId, ctx.now(), [sessionId])
      : [];
    if (ids.length === 0) throw new AppError('SESSION_NOT_FOUND');
    await recordAudit(trx, {
      actorUserId: action.operatorId,
      action: 'identity.session_revoke',
      targetType: 'user',
      targetId: userId,
      before: null,
      after: null,
      reason: null,
      details: { sessionId },
      requestId: action.requestId,
      ip: action.ip,
    });
    return ids;
  });
  forgetUserSessions(ctx, userId);
  return { id: userId, revokedSessionIds: revoked };
}

/**
 * Ends every session the user has in use, with one audit row (`identity.sessions_revoke_all`,
 * the session ids in its details) in the same transaction; every instance refuses them at once.
 * A user with no session in use changes nothing and writes nothing (as a level set again).
 */
export async function revokeAllUserSessions(
  ctx: IdentityContext,
  db: UserAdministrationDb,
  action: OperatorAction,
  userId: string,
): Promise<RevokedSessions> {
  const revoked = await db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const ids = await repository.revokeLiveSessionsOf(trx, userId, ctx.now());
    if (ids.length === 0) return ids;
    await recordAudit(trx, {
      actorUserId: action.operatorId,
      action: 'identity.sessions_revoke_all',
      targetType: 'user',
      targetId: userId,
      before: null,
      after: null,
      reason: null,
      details: { sessionIds: ids },
      requestId: action.requestId,
      ip: action.ip,
    });
    return ids;
  });
  if (revoked.length > 0) forgetUserSessions(ctx, userId);
  return { id: userId, revokedSessionIds: revoked };
}

async function lockUser(db: UserAdministrationDb, userId: string): Promise<void> {
  const user = USER_ID.test(userId) ? await repository.lockUserById(db, userId) : undefined;
  if (!user) throw new AppError('USER_NOT_FOUND');
}
