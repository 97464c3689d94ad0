import type { TPushItem } from '@openbourse/contracts';

/** A pushed price with the moment this page received it. */
export type LivePush = TPushItem & { receivedAt: number };

/** The fields a pushed price replaces in an item (a market item, a market info). */
export type LiveFields = {
  code: string;
  price: string | null;
  nowPrice?: string | null;
  zdf: string | null;
  source: string;
  stale: boolean;
};

/**
 * Items with their pushed prices laid over. A push replaces price, change and source only when
 * it arrived after the items were fetched (`dataUpdatedAt`); an older push is already in the
 * fetched data, or behind it. A price just pushed is fresh, so `stale` is cleared.
 */
export function mergeLivePrices<T extends LiveFields>(
  items: readonly T[],
  pushes: ReadonlyMap<string, LivePush>,
  dataUpdatedAt = 0,
): T[] {
  if (pushes.size === 0) return items as T[];
  return items.map((item) => {
    const push = pushes.get(item.code);
    if (!push || push.receivedAt < dataUpdatedAt) return item;
    const merged: T = { ...item, price: push.price, zdf: push.zdf ?? item.zdf, source: push.source, stale: false };
    if ('nowPrice' in item) merged.nowPrice = push.price;
    return merged;
  });
}

/** Adds a batch of pushes to the map (a new map, for React state). */
export function withPushes(
  current: ReadonlyMap<string, LivePush>,
  items: readonly TPushItem[],
  receivedAt: number,
): Map<string, LivePush> {
  const next = new Map(current);
  for (const item of items) {
    const previous = next.get(item.code);
    // Out-of-order frames cannot move a price back in time.
    if (previous && previous.time > item.time) continue;
    next.set(item.code, { ...item, receivedAt });
  }
  return next;
}
