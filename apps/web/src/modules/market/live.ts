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
  /** Epoch milliseconds of the latest price, where the item carries it. */
  time?: number | null;
  high24h?: string | null;
  low24h?: string | null;
};

/** The larger (or smaller) of a 24 h extreme and a newer price, as the strings they are. */
function extreme(current: string | null | undefined, price: string, pick: 'high' | 'low'): string {
  if (current === null || current === undefined) return price;
  const isBeyond = pick === 'high' ? Number(price) > Number(current) : Number(price) < Number(current);
  return isBeyond ? price : current;
}

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
    if ('time' in item) merged.time = push.time;
    // A pushed price beyond the day's range widens it until the next read of the list.
    if ('high24h' in item) merged.high24h = extreme(item.high24h, push.price, 'high');
    if ('low24h' in item) merged.low24h = extreme(item.low24h, push.price, 'low');
    return merged;
  });
}

/**
 * `next` with every item equal (field by field, shallowly) to the previous list's item of the
 * same code replaced by that previous object: memoised rows then skip the instruments a push
 * did not change: a list read again every few seconds re-renders only what moved.
 */
export function keepUnchanged<T extends { code: string }>(previous: readonly T[] | undefined, next: T[]): T[] {
  if (!previous || previous.length === 0) return next;
  const byCode = new Map(previous.map((item) => [item.code, item]));
  let changed = previous.length !== next.length;
  const kept = next.map((item, index) => {
    const before = byCode.get(item.code);
    const same = before !== undefined && shallowEqual(before, item);
    if (!same || previous[index] !== before) changed = true;
    return same ? before : item;
  });
  // Nothing moved: the previous array itself, so whatever depends on the list stays as it was.
  return changed ? kept : (previous as T[]);
}

function shallowEqual(a: object, b: object): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** Equal values; arrays (a sparkline's points, read again with the list) compare element by element. */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((value, index) => Object.is(value, b[index]));
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
