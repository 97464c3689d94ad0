import type { LedgerDb as Db } from './ledger.tables.js';

/**
 * A user's balance summary (getUserInfo's balances and today's P&L) for a moment, so a page
 * polling user info does not cost two ledger queries each time. Every transfer that touches
 * a user's accounts forgets that user's entry in this process at once; another instance sees
 * the change within TTL_MS.
 *
 * A transfer forgets the entry inside its transaction, before the commit: a read in between
 * sees the old balance. So after a forget the user's summary "settles" for SETTLING_MS — read
 * fresh every time and not kept — which covers the commit of any transaction that does not
 * hang, instead of keeping a pre-commit balance for TTL_MS.
 */
const TTL_MS = 2_000;
/**
 * How long entries live is measured on the monotonic clock: it is an interval, not a time of
 * day, so it must not jump when the wall clock (or a test's fixed clock) does.
 */
const elapsedMs = () => performance.now();
export const SETTLING_MS = 1_000;
type Slot = { value: unknown; loadedAt: number } | { settlingUntil: number };
const caches = new WeakMap<object, Map<string, Slot>>();

function cacheOf(db: Db): Map<string, Slot> {
  const owner = db.getExecutor().adapter;
  let cache = caches.get(owner);
  if (!cache) {
    cache = new Map();
    caches.set(owner, cache);
  }
  return cache;
}

const isSettling = (slot: Slot | undefined, now: number) =>
  slot !== undefined && 'settlingUntil' in slot && now < slot.settlingUntil;

export async function cachedUserSummary<T>(db: Db, userId: string, book: string, load: () => Promise<T>): Promise<T> {
  const cache = cacheOf(db);
  const key = `${userId}:${book}`;
  const hit = cache.get(key);
  if (hit && 'value' in hit && elapsedMs() - hit.loadedAt < TTL_MS) return hit.value as T;
  const loadedAt = elapsedMs();
  const value = await load();
  // Not kept while settling, including a forget that came during this load.
  if (isSettling(cache.get(key), elapsedMs())) return value;
  cache.set(key, { value, loadedAt });
  if (cache.size > 100_000) cache.delete(cache.keys().next().value as string);
  return value;
}

export function forgetUserSummaries(db: Db, userIds: Iterable<string>): void {
  const cache = cacheOf(db);
  const settlingUntil = elapsedMs() + SETTLING_MS;
  for (const userId of userIds) {
    cache.set(`${userId}:live`, { settlingUntil });
    cache.set(`${userId}:demo`, { settlingUntil });
  }
  if (cache.size > 100_000) cache.delete(cache.keys().next().value as string);
}
