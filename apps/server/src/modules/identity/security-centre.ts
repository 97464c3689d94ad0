import type { TSecuritySession, TSignInHistoryPage } from '@openbourse/contracts';
import { AppError } from '../../platform/errors/app-error.js';
import { describeUserAgent, maskIp } from './client-device.js';
import * as repository from './identity.repository.js';
import type { AuthenticatedUser, IdentityContext } from './identity-context.js';
import { forgetUserSessions, revokeUserSessions } from './identity-context.js';
import { listUserSessions } from './user-sessions.js';

/**
 * The security centre (#16): a user's own sessions (the back office's listing, #14, with the
 * device read and the address masked), ending one or all the others, and the sign-in history.
 * An ended session is refused at once: its cached copy is forgotten on every instance, and the
 * socket gateway, told the same, drops its connections.
 */

const SESSION_ID = /^[1-9][0-9]{0,17}$/;
export const SIGN_INS_PAGE_SIZE = 20;

export async function listOwnSessions(ctx: IdentityContext, auth: AuthenticatedUser): Promise<TSecuritySession[]> {
  const sessions = await listUserSessions(ctx, auth.id);
  return sessions.map((session) => ({
    id: session.id,
    createdAt: session.createdAt,
    lastUsedAt: session.lastUsedAt,
    ...describeUserAgent(session.userAgent),
    ip: maskIp(session.ip),
    current: session.id === auth.sessionId,
  }));
}

/** Ends one of the caller's sessions in use (the current one too: that is signing out); 10196 for any other id. */
export async function revokeOwnSession(ctx: IdentityContext, auth: AuthenticatedUser, sessionId: string) {
  const ids = SESSION_ID.test(sessionId)
    ? await repository.revokeLiveSessionsOf(ctx.db, auth.id, ctx.now(), [sessionId])
    : [];
  if (ids.length === 0) throw new AppError('OWN_SESSION_NOT_FOUND');
  forgetUserSessions(ctx, auth.id);
  return { ok: true as const };
}

/** Signs out everywhere else: every session of the caller's but the one making the request. */
export async function revokeOtherSessions(ctx: IdentityContext, auth: AuthenticatedUser) {
  await revokeUserSessions(ctx, auth.id, auth.sessionId);
  return { ok: true as const };
}

/** One page (from 1) of the caller's sign-ins, newest first. */
export async function signInHistory(
  ctx: IdentityContext,
  auth: AuthenticatedUser,
  page: number,
): Promise<TSignInHistoryPage> {
  const { rows, total } = await repository.signInEventsOf(ctx.db, auth.id, {
    offset: (page - 1) * SIGN_INS_PAGE_SIZE,
    limit: SIGN_INS_PAGE_SIZE,
  });
  return {
    page,
    pageSize: SIGN_INS_PAGE_SIZE,
    total,
    items: rows.map((row) => ({
      id: String(row.id),
      at: row.created_at.toISOString(),
      succeeded: row.succeeded,
      method: row.method,
      secondFactor: row.second_factor,
      failure: row.failure,
      ...describeUserAgent(row.user_agent),
      ip: maskIp(row.ip),
    })),
  };
}
