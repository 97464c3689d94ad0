import { verifySync } from 'otplib';
import * as repository from './identity.repository.js';
import type { IdentityContext } from './identity-context.js';
import { forgetUserSessions } from './identity-context.js';

/**
 * The RFC 6238 time step an authenticator code matches at this time, or null when it matches
 * none. The caller accepts the code only for a step later than the last one it accepted (#13:
 * a code is good once, RFC 6238 §5.2), which is why the step, not a yes or no, is answered.
 */
export function findTotpStep(secret: string | null, code: string, at: Date): number | null {
  if (!secret) return null;
  // One 30 s step of tolerance each way for clock drift between phone and server.
  const result = verifySync({ secret, token: code, epoch: Math.floor(at.getTime() / 1000), epochTolerance: 30 });
  // otplib answers HOTP's result shape too (no time step); a TOTP match always carries one.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Accepts an authenticator code once (#13): true when it matches a time step later than the last
 * one accepted for this user, recording that step (and `change`) atomically; false for a wrong
 * code and for a replayed one alike, which callers answer with the same TOTP_INVALID.
 */
export async function acceptTotpCode(
  ctx: IdentityContext,
  user: Pick<repository.UserRow, 'id' | 'totp_secret' | 'totp_enabled'>,
  code: string,
  change: { totp_enabled?: boolean; totp_secret?: null } = {},
): Promise<boolean> {
  const step = findTotpStep(user.totp_secret, code, ctx.now());
  if (step === null || !user.totp_secret) return false;
  const check = { secret: user.totp_secret, step, isEnabled: user.totp_enabled };
  if (!(await repository.acceptTotpStep(ctx.db, user.id, check, change))) return false;
  // Turning two-factor on or off changes what cached sessions show of the user.
  if (Object.keys(change).length > 0) forgetUserSessions(ctx, user.id);
  return true;
}
