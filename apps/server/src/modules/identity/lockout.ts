import { AppError } from '../../platform/errors/app-error.js';
import { LOCK_AFTER_FAILURES, LOCK_MINUTES } from './identity.constants.js';
import * as repository from './identity.repository.js';
import type { IdentityContext } from './identity-context.js';
import { updateUser } from './identity-context.js';

/** The lockout: five wrong passwords or authenticator codes in a row lock the account for 15 minutes. */

export function assertNotLocked(ctx: IdentityContext, user: repository.UserRow): void {
  const lockedFor = user.locked_until ? user.locked_until.getTime() - ctx.now().getTime() : 0;
  if (lockedFor > 0) {
    throw new AppError('ACCOUNT_LOCKED', { params: { minutes: Math.ceil(lockedFor / 60_000) } });
  }
}

/** A wrong password or code counts towards the lock (five in a row lock the account). */
export async function refuseSignIn(
  ctx: IdentityContext,
  user: repository.UserRow,
  name: 'PASSWORD_WRONG' | 'TOTP_INVALID',
): Promise<never> {
  const isLocked = await repository.recordFailedLogin(ctx.db, user.id, LOCK_AFTER_FAILURES, LOCK_MINUTES);
  if (isLocked) {
    await repository.deleteSecondFactorChallengesOf(ctx.db, user.id);
    throw new AppError('ACCOUNT_LOCKED', { params: { minutes: LOCK_MINUTES } });
  }
  throw new AppError(name);
}

export async function forgetFailedSignIns(ctx: IdentityContext, user: repository.UserRow): Promise<void> {
  if (user.failed_logins > 0 || user.locked_until) {
    await updateUser(ctx, user.id, { failed_logins: 0, locked_until: null });
  }
}
