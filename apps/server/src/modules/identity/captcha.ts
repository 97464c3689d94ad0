import { createHash, randomBytes } from 'node:crypto';

/**
 * A self-hosted proof-of-work captcha: the client searches for a `solution` such that
 * sha256(salt + solution) starts with `difficulty` zero bits. Costly for a script sending
 * thousands of requests, a fraction of a second for one person; no third party involved.
 */
export function newChallenge(difficulty: number): { id: string; salt: string; difficulty: number } {
  return { id: randomBytes(12).toString('base64url'), salt: randomBytes(16).toString('hex'), difficulty };
}

export function leadingZeroBits(digest: Buffer): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    bits += Math.clz32(byte) - 24;
    break;
  }
  return bits;
}

export function isSolution(salt: string, solution: string, difficulty: number): boolean {
  return (
    leadingZeroBits(
      createHash('sha256')
        .update(salt + solution)
        .digest(),
    ) >= difficulty
  );
}

/** What a client does (used by tests and the bench; the web has its own copy in a worker-free loop). */
export function solveChallenge(salt: string, difficulty: number): string {
  for (let counter = 0; ; counter += 1) {
    const candidate = counter.toString(36);
    if (isSolution(salt, candidate, difficulty)) return candidate;
  }
}
