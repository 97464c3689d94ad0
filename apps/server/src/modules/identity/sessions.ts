import type { Book, Role, TLoginResult } from '@openbourse/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/app-error.js';
import type { AuthLevel } from '../../platform/http/auth.js';
import { SESSION_TOUCH_INTERVAL_MS } from './identity.constants.js';
import * as repository from './identity.repository.js';
import type { AuthenticatedUser, IdentityContext, RequestMeta } from './identity-context.js';
import { forgetUserSessions, toUserInfo, updateUser } from './identity-context.js';
import { hashSecret, newSessionToken } from './secrets.js';

/** Sessions: starting one, signing out, the socket's token check and the guard of protected routes. */

export async function startSession(
  ctx: IdentityContext,
  user: repository.UserRow,
  book: Book,
  meta: RequestMeta,
): Promise<TLoginResult> {
  const token = newSessionToken();
  await repository.insertSession(ctx.db, {
    userId: user.id,
    tokenHash: hashSecret(token),
    expiresAt: sessionExpiry(ctx),
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return { token, ...(await toUserInfo(ctx, user, book)) };
}

export function sessionExpiry(ctx: IdentityContext): Date {
  return new Date(ctx.now().getTime() + ctx.options.sessionIdleDays * 86_400_000);
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
  const at = ctx.now().getTime();
  if (!session?.user || session.revokedAt || session.expiresAt.getTime() <= at) return null;
  return session.user.status === 'active' ? session.userId : null;
}

/**
 * The guard for protected routes. 401 for a missing, expired or revoked token; 10009 when
 * the token's user no longer exists; 10005 for a disabled account; then the level.
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
  if (!session || session.revokedAt || session.expiresAt.getTime() <= at.getTime()) throw new AppError('NOT_LOGGED_IN');
  if (!session.user) throw new AppError('USER_NOT_FOUND');
  if (session.user.status !== 'active') throw new AppError('ABNORMAL_USER_STATUS');
  // Sliding expiry, written at most once a minute so reads stay reads.
  if (at.getTime() - session.lastUsedAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
    const expiresAt = sessionExpiry(ctx);
    await repository.touchSession(ctx.db, session.sessionId, expiresAt);
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
  if (
    (level === 'reviewer' || level === 'support' || level === 'admin') &&
    !roles.includes('admin') &&
    !roles.includes(level)
  ) {
    throw new AppError('FORBIDDEN');
  }
}

/** `Authorization: <token>` (SPEC §7), also accepting the common `Bearer <token>`. */
function readToken(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}
