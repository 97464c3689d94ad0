import type { Db } from '../../platform/db/database.js';

/**
 * A user's balance summary (getUserInfo's balances and today's P&L) for a moment, so a page
 * polling user info does not cost two ledger queries each time. Every transfer that touches
 * a user's accounts forgets that user's entry in this process at once; another instance sees
 * the change within TTL_MS.
 */
const TTL_MS = 2_000;
const caches = new WeakMap<object, Map<string, { value: unknown; at: number }>>();

function cacheOf(db: Db): Map<string, { value: unknown; at: number }> {
  const owner = db.getExecutor().adapter;
  let cache = caches.get(owner);
  if (!cache) {
    cache = new Map();
    caches.set(owner, cache);
  }
  return cache;
}

export async function cachedUserSummary<T>(db: Db, userId: string, book: string, load: () => Promise<T>): Promise<T> {
  const cache = cacheOf(db);
  const key = `${userId}:${book}`;
  const hit = cache.get(key);
  const now = Date.now();
  if (hit && now - hit.at < TTL_MS) return hit.value as T;
  const value = await load();
  cache.set(key, { value, at: now });
  if (cache.size > 100_000) cache.delete(cache.keys().next().value as string);
  return value;
}

export function forgetUserSummaries(db: Db, userIds: Iterable<string>): void {
  const cache = cacheOf(db);
  for (const userId of userIds) {
    cache.delete(`${userId}:live`);
    cache.delete(`${userId}:demo`);
  }
}
