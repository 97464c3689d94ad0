import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Session tokens: 256 random bits, base64url; only their SHA-256 is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export function newEmailCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

// No 0/O or 1/I: invite codes are read aloud and typed by hand.
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newInviteCode(): string {
  return Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)]).join('');
}
