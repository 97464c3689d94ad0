import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFieldCipher, deriveFieldKey, FieldCipherError } from './field-cipher.js';

describe('the field cipher', () => {
  const master = randomBytes(32);
  const cipher = createFieldCipher(master, 'kyc');

  it('seals a value without its plaintext and opens it at the same place', () => {
    const sealed = cipher.seal('Ada Lovelace', 'kyc_submissions/1/first_name');
    expect(sealed.includes(Buffer.from('Ada'))).toBe(false);
    expect(cipher.open(sealed, 'kyc_submissions/1/first_name')).toBe('Ada Lovelace');
    // A fresh IV each time: the same value seals differently.
    expect(cipher.seal('Ada Lovelace', 'kyc_submissions/1/first_name').equals(sealed)).toBe(false);
  });

  it('refuses a value moved to another row or column, altered, or opened with another key', () => {
    const sealed = cipher.seal('1990-12-10', 'kyc_submissions/1/birthdate');
    expect(() => cipher.open(sealed, 'kyc_submissions/2/birthdate')).toThrow(FieldCipherError);
    expect(() => cipher.open(sealed, 'kyc_submissions/1/address')).toThrow(FieldCipherError);
    const altered = Buffer.from(sealed);
    altered[altered.length - 1] = (altered[altered.length - 1] ?? 0) ^ 1;
    expect(() => cipher.open(altered, 'kyc_submissions/1/birthdate')).toThrow(FieldCipherError);
    expect(() => createFieldCipher(randomBytes(32), 'kyc').open(sealed, 'kyc_submissions/1/birthdate')).toThrow(
      FieldCipherError,
    );
    expect(() => createFieldCipher(master, 'other').open(sealed, 'kyc_submissions/1/birthdate')).toThrow(
      FieldCipherError,
    );
  });

  it('derives a key of its own per purpose, never the master key itself', () => {
    expect(deriveFieldKey(master, 'kyc').equals(master)).toBe(false);
    expect(deriveFieldKey(master, 'kyc').equals(deriveFieldKey(master, 'support'))).toBe(false);
    expect(deriveFieldKey(master, 'kyc').equals(deriveFieldKey(master, 'kyc'))).toBe(true);
  });
});
