import type { ReviewItem, ReviewItemDescription } from './review.types.js';

/**
 * The payload keys shown as an item's facts when its handler describes nothing itself, in this
 * order: what a deposit claim or a withdrawal queues (#15). The back office translates these keys.
 */
export const DEFAULT_DETAIL_KEYS = [
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
] as const;

/** A payload value worth showing as text: a non-empty string, or a finite number / bigint. */
function asText(value: unknown): string | null {
  if (typeof value === 'string') return value.length > 0 ? value : null;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'bigint') return value.toString();
  return null;
}

/** The uploads an item holds: its payload's `fileIds`, when that is a list of strings. */
export function payloadFileIds(payload: Record<string, unknown>): string[] {
  const ids = payload.fileIds;
  return Array.isArray(ids) && ids.every((id) => typeof id === 'string') ? [...ids] : [];
}

/** The default description: the known payload keys that hold text or a number, and `fileIds`. */
export function describeFromPayload(item: Pick<ReviewItem, 'payload'>): ReviewItemDescription {
  const details: ReviewItemDescription['details'] = [];
  for (const key of DEFAULT_DETAIL_KEYS) {
    const value = asText(item.payload[key]);
    if (value !== null) details.push({ key, value });
  }
  return { details, fileIds: payloadFileIds(item.payload) };
}
