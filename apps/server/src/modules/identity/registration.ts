import type { Book, TLoginResult } from '@openbourse/contracts';
import { AppError } from '../../platform/errors/app-error.js';
import { useEmailCode } from './email-codes.js';
import * as repository from './identity.repository.js';
import type { CaptchaInput, IdentityContext, RequestMeta } from './identity-context.js';
import { hashPassword } from './password.js';
import { assertPasswordSignInAllowed } from './password-sign-in.js';
import { assertNewPassword } from './passwords.js';
import { newInviteCode } from './secrets.js';
import { startSession } from './sessions.js';
import { verifyCaptcha } from './sign-in-settings.js';

/** Registration with an e-mailed code, and the availability check of names and phones. */

export async function exists(
  ctx: IdentityContext,
  query: { userName?: string; phone?: string },
): Promise<{ exists: boolean }> {
  if (query.userName !== undefined) {
    const user = await repository.findUserByLogin(ctx.db, query.userName);
    return { exists: user !== undefined };
  }
  return { exists: query.phone !== undefined && (await repository.isPhoneTaken(ctx.db, query.phone)) };
}

export async function uniqueInviteCode(ctx: IdentityContext): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const code = newInviteCode();
    if (!(await repository.findUserByInviteCode(ctx.db, code))) return code;
  }
  throw new Error('could not find a free invite code');
}

export async function register(
  ctx: IdentityContext,
  input: {
    userName: string;
    email: string;
    password: string;
    confirmPassword: string;
    code: string;
    inviteCode?: string;
    captcha?: CaptchaInput;
  },
  book: Book,
  meta: RequestMeta,
): Promise<TLoginResult> {
  assertPasswordSignInAllowed(ctx);
  assertNewPassword(input.password, input.confirmPassword);
  await verifyCaptcha(ctx, input.captcha);
  if (await repository.isUserNameTaken(ctx.db, input.userName)) throw new AppError('USER_NAME_EXISTS');
  if (await repository.findUserByEmail(ctx.db, input.email)) throw new AppError('EMAIL_OR_PHONE_EXISTS');
  let invitedBy: string | null = null;
  if (input.inviteCode) {
    const inviter = await repository.findUserByInviteCode(ctx.db, input.inviteCode);
    if (!inviter) {
      throw new AppError('INVALID_INPUT', {
        data: { issues: [{ path: 'body.inviteCode', message: 'unknown invite code' }] },
      });
    }
    invitedBy = inviter.id;
  }
  await useEmailCode(ctx, input.email, 'register', input.code);
  const passwordHash = await hashPassword(input.password);
  let user: repository.UserRow;
  try {
    const values = {
      user_name: input.userName,
      user_name_key: input.userName.toLowerCase(),
      email: input.email,
      password_hash: passwordHash,
      invite_code: await uniqueInviteCode(ctx),
      invited_by: invitedBy,
    };
    const invitations = ctx.options.invitations;
    // An invited user's registration is the invite programme's Register step, committed with the user.
    user =
      invitedBy && invitations
        ? await ctx.db.transaction().execute(async (trx) => {
            const inserted = await repository.insertUser(trx, values);
            await invitations.invitedUserRegistered(trx, inserted.id);
            return inserted;
          })
        : await repository.insertUser(ctx.db, values);
  } catch (error) {
    // Two registrations racing for the same name or address: the loser hears why.
    const detail = String((error as { constraint?: string }).constraint ?? '');
    if ((error as { code?: string }).code === '23505') {
      throw new AppError(detail.includes('email') ? 'EMAIL_OR_PHONE_EXISTS' : 'USER_NAME_EXISTS');
    }
    throw error;
  }
  return startSession(ctx, user, book, meta, { method: 'register' });
}
