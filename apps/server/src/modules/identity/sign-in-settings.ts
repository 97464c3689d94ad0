import { AppError } from '../../platform/errors/app-error.js';
import { isSolution, newChallenge } from './captcha.js';
import * as repository from './identity.repository.js';
import type { CaptchaInput, IdentityContext } from './identity-context.js';

/** What the sign-in pages need to know, and the proof-of-work captcha. */

export function settings(ctx: IdentityContext) {
  return {
    accessGuard: ctx.options.accessGuard,
    walletOnly: ctx.options.walletOnly,
    demoEnabled: ctx.options.demoEnabled,
    googleEnabled: ctx.options.googleEnabled,
    captchaRequired: ctx.options.captchaEnabled,
  };
}

export async function captchaConfig(ctx: IdentityContext) {
  if (!ctx.options.captchaEnabled) return { required: false, challenge: null };
  const challenge = newChallenge(ctx.options.captchaDifficulty);
  const expiresAt = new Date(ctx.now().getTime() + 5 * 60_000);
  await repository.insertCaptchaChallenge(ctx.db, { ...challenge, expiresAt });
  return {
    required: true,
    challenge: {
      challengeId: challenge.id,
      salt: challenge.salt,
      difficulty: challenge.difficulty,
      expiresAt: expiresAt.toISOString(),
    },
  };
}

export async function verifyCaptcha(ctx: IdentityContext, captcha: CaptchaInput): Promise<void> {
  if (!ctx.options.captchaEnabled) return;
  if (!captcha) throw new AppError('CAPTCHA_INVALID');
  const challenge = await repository.consumeCaptchaChallenge(ctx.db, captcha.challengeId);
  if (!challenge || !isSolution(challenge.salt, captcha.solution, challenge.difficulty)) {
    throw new AppError('CAPTCHA_INVALID');
  }
}
