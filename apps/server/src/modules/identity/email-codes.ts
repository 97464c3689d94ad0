import { timingSafeEqual } from 'node:crypto';
import type { Language } from '@openbourse/contracts';
import { AppError } from '../../platform/errors/app-error.js';
import { CODE_MAX_ATTEMPTS, CODE_RESEND_MS, CODE_TTL_MS } from './identity.constants.js';
import * as repository from './identity.repository.js';
import type { CaptchaInput, IdentityContext } from './identity-context.js';
import { MAIL_TEMPLATES } from './mail-templates.js';
import { assertPasswordSignInAllowed } from './password-sign-in.js';
import { hashSecret, newEmailCode } from './secrets.js';
import { verifyCaptcha } from './sign-in-settings.js';

/** E-mailed codes for registration and password reset (10 minutes, 5 tries, one a minute). */

export async function sendCode(
  ctx: IdentityContext,
  input: { email: string; type: 'register' | 'reset'; captcha?: CaptchaInput },
  language: Language,
) {
  assertPasswordSignInAllowed(ctx);
  await verifyCaptcha(ctx, input.captcha);
  const existing = await repository.findUserByEmail(ctx.db, input.email);
  if (input.type === 'register' && existing) throw new AppError('EMAIL_OR_PHONE_EXISTS');
  const latest = await repository.findLatestEmailCode(ctx.db, input.email, input.type);
  if (latest && ctx.now().getTime() - latest.created_at.getTime() < CODE_RESEND_MS) {
    throw new AppError('CODE_SENT_TOO_OFTEN');
  }
  const answer = { expiresInSeconds: CODE_TTL_MS / 1000, resendAfterSeconds: CODE_RESEND_MS / 1000 };
  // A reset for an unknown address answers the same and sends nothing: the reset form
  // must not tell strangers who has an account.
  if (input.type === 'reset' && !existing) return answer;
  const code = newEmailCode();
  await repository.insertEmailCode(ctx.db, {
    email: input.email,
    purpose: input.type,
    codeHash: hashSecret(`${input.email}:${input.type}:${code}`),
    expiresAt: new Date(ctx.now().getTime() + CODE_TTL_MS),
  });
  const templates = MAIL_TEMPLATES[language];
  await ctx.options.mailer.send({
    to: input.email,
    subject: input.type === 'register' ? templates.registerSubject : templates.resetSubject,
    text: (input.type === 'register' ? templates.registerText : templates.resetText).replaceAll('{code}', code),
  });
  return answer;
}

/**
 * Checks an e-mail code. Each wrong try is counted (committed at once, outside any
 * caller's transaction); after five, or ten minutes, the code is dead.
 */
export async function useEmailCode(
  ctx: IdentityContext,
  email: string,
  purpose: 'register' | 'reset',
  code: string,
): Promise<void> {
  const row = await repository.findLatestEmailCode(ctx.db, email, purpose);
  if (!row || row.consumed_at || row.expires_at.getTime() <= ctx.now().getTime() || row.attempts >= CODE_MAX_ATTEMPTS) {
    throw new AppError('CODE_INVALID');
  }
  const expected = hashSecret(`${email}:${purpose}:${code}`);
  if (!timingSafeEqual(expected, row.code_hash)) {
    await repository.recordCodeAttempt(ctx.db, row.id);
    throw new AppError('CODE_INVALID');
  }
  if (!(await repository.consumeEmailCode(ctx.db, row.id))) throw new AppError('CODE_INVALID');
}
