import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Field-by-field encryption of personal data at rest (issue 17: KYC names, birth date, address,
 * phone…). AES-256-GCM under a key derived with HKDF-SHA256 from the file store's master key
 * (`FILE_STORE_KEY`, or the sandbox's generated one) and a purpose, so fields and files never share
 * a key while one secret is managed for both. Every value gets a fresh 12-byte IV; the associated
 * data names where the value belongs (e.g. `kyc_submissions/<id>/first_name`), so a ciphertext
 * copied into another row or column fails to open rather than answering someone else's value.
 *
 * Sealed form: `version (1) ‖ IV (12) ‖ tag (16) ‖ ciphertext`, stored as BYTEA.
 * Platform only: no business rule; which fields are sealed is the owning module's business.
 */
export type FieldCipher = {
  seal(plaintext: string, place: string): Buffer;
  /** Throws `FieldCipherError` when the value was altered, moved, or sealed under another key. */
  open(sealed: Uint8Array, place: string): string;
};

export class FieldCipherError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FieldCipherError';
  }
}

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;
const SALT = Buffer.from('openbourse field cipher v1', 'utf8');

/** The 32-byte key of one purpose, derived from the master key (HKDF-SHA256). */
export function deriveFieldKey(masterKey: Buffer, purpose: string): Buffer {
  if (masterKey.length !== 32) throw new Error('the master key must be 32 bytes');
  if (!/^[a-z0-9_.:-]{1,64}$/.test(purpose)) throw new Error('a purpose is a short lower-case word');
  return Buffer.from(hkdfSync('sha256', masterKey, SALT, Buffer.from(`fields:${purpose}`, 'utf8'), 32));
}

export function createFieldCipher(masterKey: Buffer, purpose: string): FieldCipher {
  const key = deriveFieldKey(masterKey, purpose);
  return {
    seal(plaintext, place) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(place, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), ciphertext]);
    },
    open(sealed, place) {
      const bytes = Buffer.from(sealed);
      if (bytes.length < HEADER_BYTES || bytes[0] !== VERSION) throw new FieldCipherError('not a sealed field');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(1, 1 + IV_BYTES));
      decipher.setAAD(Buffer.from(place, 'utf8'));
      decipher.setAuthTag(bytes.subarray(1 + IV_BYTES, HEADER_BYTES));
      try {
        return Buffer.concat([decipher.update(bytes.subarray(HEADER_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new FieldCipherError('the sealed field failed its authentication check');
      }
    },
  };
}
