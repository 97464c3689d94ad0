import type { QueueItem } from './queue-rules';

/** The detail keys the back office has words for (`admin.queues.details.keys.<key>`, the server's defaults); others show as sent. */
export const KNOWN_DETAIL_KEYS = [
  'network',
  'txHash',
  'logIndex',
  'fromLast6',
  'toAddress',
  'address',
  'fee',
  'source',
  'walletAddress',
  'blockNumber',
  'depositId',
  'withdrawalId',
  // An identity verification's facts (#17), opened for the reviewer (each opening audit-logged).
  'firstName',
  'lastName',
  'sex',
  'birthdate',
  'country',
  'phone',
  'documentType',
  'submissionId',
  'purgedAt',
  // A loan's and a repayment application's facts (#17), for the loan and repayment queues.
  'loanId',
  'loanKind',
  'term',
  'dailyRate',
  'interestFreeDays',
  'interest',
  'totalRepayable',
  'verification',
  'collateral',
  'ltv',
  'priceSource',
  'borrowerName',
  'outstanding',
  'note',
  'repaymentApplicationId',
] as const;

export type KnownDetailKey = (typeof KNOWN_DETAIL_KEYS)[number];

export function isKnownDetailKey(key: string): key is KnownDetailKey {
  return (KNOWN_DETAIL_KEYS as readonly string[]).includes(key);
}

/** Keys whose values are hashes or addresses: shown in monospace, with a copy button. */
const CODE_KEYS = new Set(['txHash', 'address', 'walletAddress', 'fromLast6', 'fromAddress', 'toAddress', 'hash']);

/**
 * Whether a fact is a hash or an address (a key naming one, or a value that looks like a 0x hex
 * string or a long base58 / bech32 word): read character by character, so monospace and copyable.
 */
export function isCodeLike(key: string, value: string): boolean {
  if (CODE_KEYS.has(key) || /(Hash|Address)$/.test(key)) return true;
  return (
    /^0x[0-9a-fA-F]{8,}$/.test(value) || /^[1-9A-HJ-NP-Za-km-z]{25,}$/.test(value) || /^bc1[0-9a-z]{20,}$/.test(value)
  );
}

export type ItemFact = { key: string; value: string; code: boolean; known: boolean };

/** Kinds whose facts are words (a name, an address, a note), never a hash or an address to copy. */
const WORDS_ONLY_KINDS: ReadonlySet<string> = new Set(['kyc', 'loan', 'repayment']);

/**
 * The item's details as the drawer lists them; an item from an older server without them has none.
 * An identity verification's facts are a person's name, address and phone, a loan's its terms and
 * the borrower's name: words, never code.
 */
export function itemFacts(item: Pick<QueueItem, 'details'> & { kind?: QueueItem['kind'] }): ItemFact[] {
  return (item.details ?? []).map(({ key, value }) => ({
    key,
    value,
    code: !WORDS_ONLY_KINDS.has(item.kind ?? '') && isCodeLike(key, value),
    known: isKnownDetailKey(key),
  }));
}

export type KycPhoto = 'front' | 'back' | 'handheld' | 'signature';

/**
 * What each file of an identity verification shows, in the order the server lists them (#17:
 * front, back, hand-held photo, signature; a passport sent without a back has three). Any other
 * count is not labelled (null): the files are then shown as numbered proofs.
 */
export function kycPhotoLabels(fileCount: number): KycPhoto[] | null {
  if (fileCount === 4) return ['front', 'back', 'handheld', 'signature'];
  if (fileCount === 3) return ['front', 'handheld', 'signature'];
  return null;
}
