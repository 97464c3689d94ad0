import { createRequire } from 'node:module';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): slow enough to
 * make guessing expensive, fast enough for a login to feel instant (measured in
 * docs/BENCHMARKS.md).
 */
// Algorithm is a const enum that isolated modules cannot read; 2 is its Argon2id member.
const ARGON2ID = 2 as Algorithm;
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const MIN_PASSWORD_LENGTH = 8;

const require = createRequire(import.meta.url);
// Firefox Accounts' list of common passwords, shipped as an npm package with the project.
const commonPasswords = require('fxa-common-password-list') as { test: (password: string) => boolean };

export function isPasswordAcceptable(password: string): boolean {
  if ([...password].length < MIN_PASSWORD_LENGTH) return false;
  return !commonPasswords.test(password) && !commonPasswords.test(password.toLowerCase());
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the account does not exist keeps a missing account from
// answering faster than a wrong password.
let dummyHash: Promise<string> | null = null;
export async function spendPasswordTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('openbourse-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
