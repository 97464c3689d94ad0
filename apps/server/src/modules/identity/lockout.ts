import { AppError } from '../../platform/errors/app-error.js';
import {
  LOCK_AFTER_FAILURES,
  LOCK_MINUTES,
  SIGN_IN_ATTEMPTS_PER_WINDOW,
  SIGN_IN_WINDOW_MINUTES,
} from './identity.constants.js';
import * as repository from './identity.repository.js';
import type { IdentityContext, RequestMeta } from './identity-context.js';
import { forgetUserSessions } from './identity-context.js';
import { recordSignIn, type SignInMethod } from './sign-in-history.js';

/** The lockout: five wrong passwords or authenticator codes in a row lock the account for 15 minutes. */

export function assertNotLocked(ctx: IdentityContext, user: repository.UserRow): void {
  const lockedFor = user.locked_until ? user.locked_until.getTime() - ctx.now().getTime() : 0;
  if (lockedFor > 0) {
    throw new AppError('ACCOUNT_LOCKED', { params: { minutes: Math.ceil(lockedFor / 60_000) } });
  }
}

/**
 * Every password check takes a slot of the account's window first (#13), so guesses sent at once,
 * which all pass `assertNotLocked` before any of them fails, are bounded too: a full window
 * refuses as a lock does, before the password is hashed.
 */
export async function takeSignInAttempt(ctx: IdentityContext, user: repository.UserRow): Promise<void> {
  const minutes = await repository.takeSignInAttempt(ctx.db, user.id, {
    perWindow: SIGN_IN_ATTEMPTS_PER_WINDOW,
    windowMinutes: SIGN_IN_WINDOW_MINUTES,
  });
  if (minutes !== null) throw new AppError('ACCOUNT_LOCKED', { params: { minutes } });
}

const FAILURES = { PASSWORD_WRONG: 'password', TOTP_INVALID: 'totp', RECOVERY_CODE_INVALID: 'recovery_code' } as const;

/**
 * A wrong password or code counts towards the lock (five in a row lock the account), and joins
 * the user's sign-in history (#16) when the attempt's origin is given.
 */
export async function refuseSignIn(
  ctx: IdentityContext,
  user: repository.UserRow,
  name: keyof typeof FAILURES,
  attempt?: { meta: RequestMeta; method: SignInMethod },
): Promise<never> {
  if (attempt)
    await recordSignIn(ctx, user.id, attempt.meta, { ...attempt, succeeded: false, failure: FAILURES[name] });
  const isLocked = await repository.recordFailedLogin(ctx.db, user.id, LOCK_AFTER_FAILURES, LOCK_MINUTES);
  if (isLocked) {
    await repository.deleteSecondFactorChallengesOf(ctx.db, user.id);
    throw new AppError('ACCOUNT_LOCKED', { params: { minutes: LOCK_MINUTES } });
  }
  throw new AppError(name);
}

/**
 * The success half of a sign-in, atomic with the lock (#13): the failure count is cleared only
 * while the account is unlocked, in one conditional update, and the sign-in is refused when no row
 * matched — a wrong guess still in flight when the password was checked may have locked the
 * account since, and the lock it set wins.
 */
export async function admitSignIn(ctx: IdentityContext, user: repository.UserRow): Promise<void> {
  if (!(await repository.clearFailuresIfUnlocked(ctx.db, user.id))) {
    throw new AppError('ACCOUNT_LOCKED', { params: { minutes: LOCK_MINUTES } });
  }
  // The row changed only if there was something to clear; cached sessions hold the old counts.
  if (user.failed_logins > 0 || user.locked_until) forgetUserSessions(ctx, user.id);
}
