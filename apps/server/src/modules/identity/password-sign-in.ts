import type { Book, TLoginResult } from '@openbourse/contracts';
import { AppError } from '../../platform/errors/app-error.js';
import * as repository from './identity.repository.js';
import type { CaptchaInput, IdentityContext, RequestMeta } from './identity-context.js';
import { admitSignIn, assertNotLocked, refuseSignIn, takeSignInAttempt } from './lockout.js';
import { spendPasswordTime, verifyPassword } from './password.js';
import { useRecoveryCode } from './recovery-codes.js';
import { startSession } from './sessions.js';
import type { SecondFactorKind } from './sign-in-history.js';
import { verifyCaptcha } from './sign-in-settings.js';
import { acceptTotpCode } from './totp.js';

/** Password sign-in (the lockout it shares with the second factor is in lockout.ts). */

export function assertPasswordSignInAllowed(ctx: IdentityContext): void {
  if (ctx.options.walletOnly) throw new AppError('WALLET_ONLY_MODE');
}

export async function login(
  ctx: IdentityContext,
  input: { userName: string; password: string; totp?: string; recoveryCode?: string; captcha?: CaptchaInput },
  book: Book,
  meta: RequestMeta,
): Promise<TLoginResult> {
  assertPasswordSignInAllowed(ctx);
  await verifyCaptcha(ctx, input.captcha);
  const user = await repository.findUserByLogin(ctx.db, input.userName);
  if (!user?.password_hash) {
    await spendPasswordTime(input.password);
    if (user && !user.password_hash) throw new AppError('PASSWORD_NOT_SET');
    throw new AppError('PASSWORD_WRONG');
  }
  if (user.status !== 'active') throw new AppError('ABNORMAL_USER_STATUS');
  assertNotLocked(ctx, user);
  await takeSignInAttempt(ctx, user);
  const attempt = { meta, method: 'password' as const };
  if (!(await verifyPassword(user.password_hash, input.password))) {
    return refuseSignIn(ctx, user, 'PASSWORD_WRONG', attempt);
  }
  let secondFactor: SecondFactorKind | null = null;
  if (user.totp_enabled) {
    if (input.recoveryCode !== undefined) {
      // A recovery code in place of the authenticator's (#16): each is used once, atomically.
      if (!(await useRecoveryCode(ctx, user.id, input.recoveryCode))) {
        return refuseSignIn(ctx, user, 'RECOVERY_CODE_INVALID', attempt);
      }
      secondFactor = 'recovery_code';
    } else {
      if (!input.totp) throw new AppError('TOTP_REQUIRED');
      // A code already accepted once (a replay, or the same code sent twice at once) counts as wrong.
      if (!(await acceptTotpCode(ctx, user, input.totp))) return refuseSignIn(ctx, user, 'TOTP_INVALID', attempt);
      secondFactor = 'totp';
    }
  }
  await admitSignIn(ctx, user);
  return startSession(ctx, user, book, meta, { method: 'password', secondFactor });
}
