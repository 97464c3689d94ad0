import { readFileSync } from 'node:fs';
import { LANGUAGES, LOAN_KINDS, LOAN_VERIFICATION_LEVELS } from '@openbourse/contracts/constants';
import { describe, expect, it } from 'vitest';
import { isCodeLike, itemFacts, KNOWN_DETAIL_KEYS, kycPhotoLabels } from './queue-details';

describe('queue item facts', () => {
  it('marks hashes and addresses as code and known keys as translatable', () => {
    expect(
      itemFacts({
        details: [
          { key: 'network', value: 'local' },
          { key: 'txHash', value: `0x${'ab'.repeat(32)}` },
          { key: 'memo', value: 'hello' },
          { key: 'tronAddress', value: 'TXYZ' },
        ],
      }),
    ).toEqual([
      { key: 'network', value: 'local', code: false, known: true },
      { key: 'txHash', value: `0x${'ab'.repeat(32)}`, code: true, known: true },
      { key: 'memo', value: 'hello', code: false, known: false },
      { key: 'tronAddress', value: 'TXYZ', code: true, known: false },
    ]);
  });

  it('recognises an address by its shape under an unknown key, not a plain word or amount', () => {
    expect(isCodeLike('payee', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true);
    expect(isCodeLike('payee', 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC')).toBe(true);
    expect(isCodeLike('payee', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(true);
    expect(isCodeLike('fee', '1.5')).toBe(false);
    expect(isCodeLike('network', 'ethereum')).toBe(false);
  });

  it('shows an identity verification’s address and phone as words, not as copyable code', () => {
    const details = [
      { key: 'address', value: '12 St James’s Square, London' },
      { key: 'phone', value: '+44 02079460018' },
    ];
    expect(itemFacts({ kind: 'kyc', details }).map((fact) => fact.code)).toEqual([false, false]);
    expect(itemFacts({ kind: 'withdrawal', details: [{ key: 'address', value: '0xabc' }] })[0]?.code).toBe(true);
  });

  it('shows a loan’s facts as words: a borrower’s name or note is never copyable code', () => {
    const details = [
      { key: 'borrowerName', value: 'Grace Hopper' },
      { key: 'note', value: 'Bankwire12345678901234567890ABCDEFGH' },
    ];
    for (const kind of ['loan', 'repayment'] as const) {
      expect(itemFacts({ kind, details }).map((fact) => fact.code)).toEqual([false, false]);
    }
    expect(itemFacts({ kind: 'loan', details }).map((fact) => fact.known)).toEqual([true, true]);
  });

  it.each(LANGUAGES)('names every loan kind and verification level of a loan item in %s', (language) => {
    const texts = JSON.parse(readFileSync(new URL(`../locales/queues.${language}.json`, import.meta.url), 'utf8')) as {
      details: { values: Record<string, Record<string, string>> };
    };
    expect(LOAN_KINDS.filter((kind) => !texts.details.values.loanKind?.[kind])).toEqual([]);
    expect(LOAN_VERIFICATION_LEVELS.filter((level) => !texts.details.values.verification?.[level])).toEqual([]);
  });

  it('names the files of an identity verification in the order the server lists them', () => {
    expect(kycPhotoLabels(4)).toEqual(['front', 'back', 'handheld', 'signature']);
    // A passport without its back: front, hand-held photo, signature.
    expect(kycPhotoLabels(3)).toEqual(['front', 'handheld', 'signature']);
    // Purged (none) or anything unexpected: no labels to guess.
    expect(kycPhotoLabels(0)).toBeNull();
    expect(kycPhotoLabels(2)).toBeNull();
  });

  it('has an English word for every key the server shows by default', () => {
    const english = JSON.parse(readFileSync(new URL('../locales/queues.en.json', import.meta.url), 'utf8')) as {
      details: { keys: Record<string, string> };
    };
    expect(KNOWN_DETAIL_KEYS.filter((key) => !(key in english.details.keys))).toEqual([]);
  });
});
