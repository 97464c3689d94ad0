import type { Book, Role, TLoginResult } from '@openbourse/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/app-error.js';
import type { AuthLevel } from '../../platform/http/auth.js';
import { SESSION_TOUCH_INTERVAL_MS } from './identity.constants.js';
import * as repository from './identity.repository.js';
import type { AuthenticatedUser, IdentityContext, RequestMeta } from './identity-context.js';
import { forgetUserSessions, toUserInfo, updateUser } from './identity-context.js';
import { hashSecret, newSessionToken } from './secrets.js';
import { recordSignIn, type SignInRecord } from './sign-in-history.js';

/** Sessions: starting one, signing out, the socket's token check and the guard of protected routes. */

export async function startSession(
  ctx: IdentityContext,
  user: repository.UserRow,
  book: Book,
  meta: RequestMeta,
  signIn?: SignInRecord,
): Promise<TLoginResult> {
  const token = newSessionToken();
  await repository.insertSession(ctx.db, {
    userId: user.id,
    tokenHash: hashSecret(token),
    expiresAt: sessionExpiry(ctx),
    lastUsedAt: ctx.now(),
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
  });
  // A sign-in (not a session a test or a tool opens directly) joins the user's history (#16).
  if (signIn) await recordSignIn(ctx, user.id, meta, { succeeded: true, record: signIn });
  return { token, ...(await toUserInfo(ctx, user, book)) };
}

export function sessionExpiry(ctx: IdentityContext): Date {
  return new Date(ctx.now().getTime() + ctx.options.sessionIdleDays * 86_400_000);
}

/** The roles whose sessions end after ADMIN_SESSION_IDLE_MINUTES unused (issue 14). */
const OPERATOR_ROLES: readonly Role[] = ['reviewer', 'support', 'admin'];

/**
 * Whether a session may still be used at `at`: not revoked, not past its sliding expiry, and,
 * for a user holding an operator role, used within the last ADMIN_SESSION_IDLE_MINUTES. The
 * last use is written at most once a minute (SESSION_TOUCH_INTERVAL_MS), so an operator's
 * session may end up to a minute before the full idle time, never after it.
 */
function isSessionLive(ctx: IdentityContext, session: repository.SessionWithUser, at: Date): boolean {
  if (session.revokedAt || session.expiresAt.getTime() <= at.getTime()) return false;
  const roles = (session.user?.roles ?? []) as Role[];
  if (!roles.some((role) => OPERATOR_ROLES.includes(role))) return true;
  return at.getTime() - session.lastUsedAt.getTime() <= ctx.options.adminSessionIdleMinutes * 60_000;
}

export async function logout(ctx: IdentityContext, auth: AuthenticatedUser) {
  await repository.revokeSession(ctx.db, auth.sessionId);
  forgetUserSessions(ctx, auth.id);
  await updateUser(ctx, auth.id, { online_until: null });
  return { ok: true as const };
}

/** The user a session token belongs to, when it is valid (the socket's sign-in). */
export async function userIdForToken(ctx: IdentityContext, token: string): Promise<string | null> {
  const session = await repository.findSessionByTokenHash(ctx.db, hashSecret(token));
  if (!session?.user || !isSessionLive(ctx, session, ctx.now())) return null;
  return session.user.status === 'active' ? session.userId : null;
}

/**
 * The guard for protected routes. 401 for a missing, expired or revoked token; 10009 when
 * the token's user no longer exists; 10005 for a disabled account; then the level, and for
 * an operator level two-factor authentication (10144 while it is off).
 */
export async function authenticate(
  ctx: IdentityContext,
  request: FastifyRequest,
  level: Exclude<AuthLevel, 'public'>,
): Promise<void> {
  const token = readToken(request.headers.authorization);
  if (!token) throw new AppError('NOT_LOGGED_IN');
  const tokenHash = hashSecret(token);
  const cacheKey = tokenHash.toString('base64');
  let session = ctx.sessions.get(cacheKey);
  if (!session) {
    session = await repository.findSessionByTokenHash(ctx.db, tokenHash);
    if (session?.user && !session.revokedAt) ctx.sessions.set(cacheKey, session);
  }
  const at = ctx.now();
  if (!session || !isSessionLive(ctx, session, at)) throw new AppError('NOT_LOGGED_IN');
  if (!session.user) throw new AppError('USER_NOT_FOUND');
  if (session.user.status !== 'active') throw new AppError('ABNORMAL_USER_STATUS');
  // Sliding expiry (and an operator's idle time), written at most once a minute so reads stay
  // reads; only after the checks above, so a request to an idle session does not revive it.
  if (at.getTime() - session.lastUsedAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
    const expiresAt = sessionExpiry(ctx);
    await repository.touchSession(ctx.db, session.sessionId, at, expiresAt);
    session.lastUsedAt = at;
    session.expiresAt = expiresAt;
  }
  const roles = session.user.roles as Role[];
  request.auth = {
    id: session.userId,
    sessionId: session.sessionId,
    userName: session.user.user_name,
    roles,
    user: session.user,
  };
  if (request.book === 'demo' && !ctx.options.demoEnabled) throw new AppError('DEMO_DISABLED');
  if (level === 'live-user' && request.book === 'demo') throw new AppError('DEMO_NOT_ALLOWED');
  if (level === 'operator' || level === 'reviewer' || level === 'support' || level === 'admin') {
    const admitted =
      level === 'operator'
        ? roles.some((role) => OPERATOR_ROLES.includes(role))
        : roles.includes('admin') || roles.includes(level);
    if (!admitted) throw new AppError('FORBIDDEN');
    // Operators must have two-factor on (#14). Only operator routes refuse them: the user
    // routes stay open, since that is where they turn it on (POST /user/totp/setup, /enable).
    // Turning it on forgets the cached sessions, so the next request reads the new state.
    if (!session.user.totp_enabled) throw new AppError('OPERATOR_TOTP_REQUIRED');
  }
}

/** `Authorization: <token>` (SPEC §7), also accepting the common `Bearer <token>`. */
function readToken(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}
