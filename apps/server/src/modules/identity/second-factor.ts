import type { Book, TLoginResult, TSecondFactorChallenge, TSecondFactorRequest } from '@openbourse/contracts';
import { generateSecret, generateURI } from 'otplib';
import { AppError } from '../../platform/errors/app-error.js';
import { SECOND_FACTOR_MINUTES } from './identity.constants.js';
import * as repository from './identity.repository.js';
import type { AuthenticatedUser, IdentityContext, RequestMeta } from './identity-context.js';
import { updateUser } from './identity-context.js';
import { admitSignIn, assertNotLocked, refuseSignIn } from './lockout.js';
import { verifyPassword } from './password.js';
import { useRecoveryCode } from './recovery-codes.js';
import { hashSecret, newSessionToken } from './secrets.js';
import { startSession } from './sessions.js';
import { acceptTotpCode } from './totp.js';

/** Two-factor authentication: TOTP set-up, and the code that completes a Google or wallet sign-in. */

/**
 * The end of a sign-in by a first factor other than the password (Google, a wallet): a
 * session at once, or, for an account with two-factor authentication on, a challenge that
 * only the authenticator's code completes (10116 with the challenge as data). Without this
 * a Google account or a wallet would open an account whose owner asked for two factors.
 */
export async function finishSignIn(
  ctx: IdentityContext,
  user: repository.UserRow,
  book: Book,
  meta: RequestMeta,
  method: 'google' | 'wallet',
): Promise<TLoginResult> {
  if (user.status !== 'active') throw new AppError('ABNORMAL_USER_STATUS');
  if (!user.totp_enabled) return startSession(ctx, user, book, meta, { method });
  assertNotLocked(ctx, user);
  // One waiting sign-in per account, the newest (expired ones of anyone are swept on the way).
  await repository.deleteSecondFactorChallengesOf(ctx.db, user.id);
  const challenge = newSessionToken();
  const expiresAt = new Date(ctx.now().getTime() + SECOND_FACTOR_MINUTES * 60_000);
  await repository.insertSecondFactorChallenge(ctx.db, {
    tokenHash: hashSecret(challenge),
    userId: user.id,
    method,
    expiresAt,
  });
  const data: TSecondFactorChallenge = { challenge, expiresAt: expiresAt.toISOString() };
  throw new AppError('TOTP_REQUIRED', { data });
}

/** Completes a Google or wallet sign-in that `finishSignIn` left waiting for its code. */
export async function completeSecondFactor(
  ctx: IdentityContext,
  input: TSecondFactorRequest,
  book: Book,
  meta: RequestMeta,
): Promise<TLoginResult> {
  const tokenHash = hashSecret(input.challenge);
  const challenge = await repository.findSecondFactorChallenge(ctx.db, tokenHash);
  const user = challenge ? await repository.findUserById(ctx.db, challenge.userId) : undefined;
  if (!challenge || !user) throw new AppError('NONCE_INVALID');
  if (user.status !== 'active') throw new AppError('ABNORMAL_USER_STATUS');
  assertNotLocked(ctx, user);
  if (!user.totp_enabled) {
    // Turned off since the challenge was issued: no code can match; the sign-in starts again.
    await repository.deleteSecondFactorChallenge(ctx.db, tokenHash);
    throw new AppError('NONCE_INVALID');
  }
  // A wrong code keeps the challenge for another try, until the lock ends it; a code already
  // accepted once counts as wrong (#13), and so does a recovery code already used (#16).
  const attempt = { meta, method: challenge.method };
  if (input.recoveryCode !== undefined) {
    if (!(await useRecoveryCode(ctx, user.id, input.recoveryCode))) {
      return refuseSignIn(ctx, user, 'RECOVERY_CODE_INVALID', attempt);
    }
  } else if (input.totp === undefined || !(await acceptTotpCode(ctx, user, input.totp))) {
    return refuseSignIn(ctx, user, 'TOTP_INVALID', attempt);
  }
  if (!(await repository.deleteSecondFactorChallenge(ctx.db, tokenHash))) throw new AppError('NONCE_INVALID');
  await admitSignIn(ctx, user);
  const secondFactor = input.recoveryCode !== undefined ? 'recovery_code' : 'totp';
  return startSession(ctx, user, book, meta, { method: challenge.method, secondFactor });
}

export async function setUpTotp(ctx: IdentityContext, auth: AuthenticatedUser) {
  if (auth.user.totp_enabled) throw new AppError('WRONG_USER_STATUS');
  const secret = generateSecret();
  // A new secret: the steps accepted for the old one say nothing about its codes.
  await updateUser(ctx, auth.id, { totp_secret: secret, totp_last_step: null });
  return { secret, otpauthUri: generateURI({ issuer: 'OpenBourse', label: auth.userName, secret }) };
}

export async function enableTotp(ctx: IdentityContext, auth: AuthenticatedUser, code: string) {
  const fresh = await repository.findUserById(ctx.db, auth.id);
  if (!fresh?.totp_secret) throw new AppError('TOTP_NOT_SET_UP');
  if (fresh.totp_enabled) throw new AppError('WRONG_USER_STATUS');
  if (!(await acceptTotpCode(ctx, fresh, code, { totp_enabled: true }))) throw new AppError('TOTP_INVALID');
  return { ok: true as const };
}

/**
 * Turning two-factor off asks for the password as well as a code (#13), so a session and a
 * glimpse of the authenticator are not enough. An account without a password (wallet or
 * Google only) has none to give and confirms with the code alone; a password sent for it is
 * refused (10127) rather than silently ignored. The password is checked before the code, so a
 * wrong password uses up no code.
 */
export async function disableTotp(
  ctx: IdentityContext,
  auth: AuthenticatedUser,
  input: { code: string; password?: string | undefined },
) {
  const fresh = await repository.findUserById(ctx.db, auth.id);
  if (!fresh?.totp_enabled || !fresh.totp_secret) throw new AppError('TOTP_NOT_SET_UP');
  if (fresh.password_hash) {
    const isRight = input.password !== undefined && (await verifyPassword(fresh.password_hash, input.password));
    if (!isRight) throw new AppError('PASSWORD_WRONG');
  } else if (input.password !== undefined) {
    throw new AppError('PASSWORD_NOT_SET');
  }
  const change = { totp_enabled: false, totp_secret: null };
  if (!(await acceptTotpCode(ctx, fresh, input.code, change))) throw new AppError('TOTP_INVALID');
  // Recovery codes stand in for the authenticator: with two-factor off they mean nothing (#16).
  await repository.deleteRecoveryCodes(ctx.db, auth.id);
  return { ok: true as const };
}
