import { randomBytes, randomInt, scrypt } from 'node:crypto';
import { promisify } from 'node:util';
import type { TRecoveryCodesRequest } from '@openbourse/contracts';
import { AppError } from '../../platform/errors/app-error.js';
import * as repository from './identity.repository.js';
import type { AuthenticatedUser, IdentityContext } from './identity-context.js';
import { verifyPassword } from './password.js';
import { acceptTotpCode } from './totp.js';

/**
 * Two-factor recovery codes (#16): a set of ten one-time codes that stand in for the
 * authenticator's code at sign-in. Each is 10 characters of a 32-letter alphabet (50 bits),
 * shown once and stored as its scrypt hash (one random salt per set, so a use costs one scrypt,
 * not ten); a use marks its row in one conditional update, so a code works once even when sent
 * twice at once. A new set replaces the old one whole.
 */

export const RECOVERY_CODE_COUNT = 10;
// No 0/O or 1/I: the codes are copied by hand from paper.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const SCRYPT = { N: 2 ** 14, r: 8, p: 1 } as const;
const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: typeof SCRYPT,
) => Promise<Buffer>;

/** A new code, shown as two groups of five (ABCDE-FGHJK). */
export function newRecoveryCode(): string {
  const letters = Array.from({ length: 10 }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/** A code as typed (any case, spaces or dashes anywhere) in its one stored form, or null when it cannot be one. */
export function normaliseRecoveryCode(input: string): string | null {
  const letters = input.toUpperCase().replace(/[\s-]/g, '');
  return /^[A-HJ-NP-Z2-9]{10}$/.test(letters) ? letters : null;
}

function hashRecoveryCode(normalised: string, salt: Buffer): Promise<Buffer> {
  return scryptAsync(normalised, salt, 32, SCRYPT);
}

/**
 * A new set for the signed-in user: two-factor must be on (10118 otherwise), and the request
 * proves the person again with the account's password or a fresh authenticator code (10197 with
 * neither, 10004 for a wrong password, 10117 for a wrong or used code).
 */
export async function generateRecoveryCodes(
  ctx: IdentityContext,
  auth: AuthenticatedUser,
  input: TRecoveryCodesRequest,
): Promise<{ codes: string[] }> {
  const user = await repository.findUserById(ctx.db, auth.id);
  if (!user?.totp_enabled || !user.totp_secret) throw new AppError('TOTP_NOT_SET_UP');
  if (input.password !== undefined) {
    const isRight = user.password_hash !== null && (await verifyPassword(user.password_hash, input.password));
    if (!isRight) throw new AppError(user.password_hash ? 'PASSWORD_WRONG' : 'PASSWORD_NOT_SET');
  } else if (input.code !== undefined) {
    if (!(await acceptTotpCode(ctx, user, input.code))) throw new AppError('TOTP_INVALID');
  } else {
    throw new AppError('REAUTHENTICATION_REQUIRED');
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const salt = randomBytes(16);
  const hashes = await Promise.all(codes.map((code) => hashRecoveryCode(code.replace('-', ''), salt)));
  await repository.replaceRecoveryCodes(ctx.db, auth.id, salt, hashes);
  return { codes };
}

/** How many codes the user has left, and since when the set exists (null: none made). */
export async function recoveryCodesStatus(ctx: IdentityContext, auth: AuthenticatedUser) {
  const status = await repository.recoveryCodesStatus(ctx.db, auth.id);
  return { remaining: status.remaining, generatedAt: status.createdAt?.toISOString() ?? null };
}

/** Uses one of the user's codes at sign-in: true once per code, false for any other input. */
export async function useRecoveryCode(ctx: IdentityContext, userId: string, input: string): Promise<boolean> {
  const normalised = normaliseRecoveryCode(input);
  if (!normalised) return false;
  for (const salt of await repository.recoveryCodeSalts(ctx.db, userId)) {
    if (await repository.useRecoveryCode(ctx.db, userId, await hashRecoveryCode(normalised, salt))) return true;
  }
  return false;
}
