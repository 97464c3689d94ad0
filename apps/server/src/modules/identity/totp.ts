import { verifySync } from 'otplib';

/** Whether an authenticator code is valid at this time (RFC 6238). */
export function isTotpValid(secret: string | null, code: string, at: Date): boolean {
  if (!secret) return false;
  // One 30 s step of tolerance each way for clock drift between phone and server.
  return verifySync({ secret, token: code, epoch: Math.floor(at.getTime() / 1000), epochTolerance: 30 }).valid;
}
