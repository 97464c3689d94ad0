import { AppError } from '../../platform/errors/app-error.js';
import { useEmailCode } from './email-codes.js';
import * as repository from './identity.repository.js';
import type { AuthenticatedUser, IdentityContext } from './identity-context.js';
import { revokeUserSessions, updateUser } from './identity-context.js';
import { hashPassword, isPasswordAcceptable, verifyPassword } from './password.js';
import { assertPasswordSignInAllowed } from './password-sign-in.js';

/** Resetting a forgotten password by e-mailed code, and changing one. */

export function assertNewPassword(password: string, confirmPassword: string): void {
  if (password !== confirmPassword) throw new AppError('PASSWORDS_DO_NOT_MATCH');
  if (!isPasswordAcceptable(password)) throw new AppError('PASSWORD_TOO_WEAK');
}

export async function resetPassword(
  ctx: IdentityContext,
  input: { email: string; code: string; password: string; confirmPassword: string },
) {
  assertPasswordSignInAllowed(ctx);
  assertNewPassword(input.password, input.confirmPassword);
  await useEmailCode(ctx, input.email, 'reset', input.code);
  const user = await repository.findUserByEmail(ctx.db, input.email);
  if (!user) throw new AppError('CODE_INVALID');
  await updateUser(ctx, user.id, {
    password_hash: await hashPassword(input.password),
    failed_logins: 0,
    locked_until: null,
  });
  await revokeUserSessions(ctx, user.id);
  return { ok: true as const };
}

export async function changePassword(
  ctx: IdentityContext,
  auth: AuthenticatedUser,
  input: { oldPassword: string; password: string; confirmPassword: string },
) {
  const user = auth.user;
  if (!user.password_hash) throw new AppError('PASSWORD_NOT_SET');
  if (!(await verifyPassword(user.password_hash, input.oldPassword))) throw new AppError('PASSWORD_WRONG');
  assertNewPassword(input.password, input.confirmPassword);
  await updateUser(ctx, user.id, { password_hash: await hashPassword(input.password) });
  // Every other device signs in again; this one stays.
  await revokeUserSessions(ctx, user.id, auth.sessionId);
  return { ok: true as const };
}
