import type { TMarketItem } from '@openbourse/contracts';

/** The market table's sortable columns (issue 16). */
export const SORT_KEYS = ['name', 'price', 'zdf', 'high', 'low', 'volume'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';
export type MarketSort = { key: SortKey; direction: SortDirection };

export type SortableItem = Pick<TMarketItem, 'code' | 'appName' | 'price' | 'zdf'> &
  Partial<Pick<TMarketItem, 'high24h' | 'low24h' | 'volume24h'>>;

/**
 * Compares two decimal strings exactly ("-0.0123" < "0.5", "10" > "9.99"), without turning
 * them into floating-point numbers.
 */
export function compareDecimals(a: string, b: string): number {
  const sign = (value: string) => (value.startsWith('-') ? -1 : 1);
  const isZero = (value: string) => /^-?0*\.?0*$/.test(value);
  const signA = isZero(a) ? 0 : sign(a);
  const signB = isZero(b) ? 0 : sign(b);
  if (signA !== signB) return signA < signB ? -1 : 1;
  if (signA === 0) return 0;
  const [wholeA = '', fractionA = ''] = a.replace(/^[-+]/, '').split('.');
  const [wholeB = '', fractionB = ''] = b.replace(/^[-+]/, '').split('.');
  const intA = wholeA.replace(/^0+/, '');
  const intB = wholeB.replace(/^0+/, '');
  let magnitude = intA.length - intB.length;
  if (magnitude === 0) {
    const width = Math.max(fractionA.length, fractionB.length);
    const digitsA = intA + fractionA.padEnd(width, '0');
    const digitsB = intB + fractionB.padEnd(width, '0');
    magnitude = digitsA === digitsB ? 0 : digitsA < digitsB ? -1 : 1;
  }
  return signA > 0 ? Math.sign(magnitude) : -Math.sign(magnitude);
}

function sortValue(item: SortableItem, key: SortKey): string | null {
  switch (key) {
    case 'name':
      return item.appName;
    case 'price':
      return item.price;
    case 'zdf':
      return item.zdf;
    case 'high':
      return item.high24h ?? null;
    case 'low':
      return item.low24h ?? null;
    case 'volume':
      return item.volume24h ?? null;
  }
}

/**
 * The items in the column's order; items without a value (no price yet, no volume from an FX
 * feed) go last in either direction, and equal values keep the list's order.
 */
export function sortMarketItems<T extends SortableItem>(
  items: readonly T[],
  sort: MarketSort | null,
  locale = 'en',
): T[] {
  if (!sort) return [...items];
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const direction = sort.direction === 'asc' ? 1 : -1;
  return items
    .map((item, index) => ({ item, index, value: sortValue(item, sort.key) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) {
        if (a.value === b.value) return a.index - b.index;
        return a.value === null ? 1 : -1;
      }
      const order = sort.key === 'name' ? collator.compare(a.value, b.value) : compareDecimals(a.value, b.value);
      return order * direction || a.index - b.index;
    })
    .map((entry) => entry.item);
}

/**
 * The sort after a click on a column: a new column starts with its most useful order (names
 * A–Z, numbers largest first); the same column again flips it.
 */
export function nextSort(current: MarketSort | null, key: SortKey): MarketSort {
  if (current?.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: key === 'name' ? 'asc' : 'desc' };
}

/** The sort in the address (`?sort=zdf&dir=asc`); null when absent or not a column. */
export function parseSort(key: string | null, direction: string | null): MarketSort | null {
  if (!key || !(SORT_KEYS as readonly string[]).includes(key)) return null;
  return { key: key as SortKey, direction: direction === 'asc' ? 'asc' : 'desc' };
}

/** How many instruments the top movers list shows. */
export const TOP_MOVERS = 20;

/**
 * The instruments that moved most over 24 h, up or down (the largest absolute change first);
 * those without a change (no 24 h of data) are left out.
 */
export function topMovers<T extends SortableItem>(items: readonly T[], limit = TOP_MOVERS): T[] {
  const magnitude = (zdf: string) => zdf.replace(/^[-+]/, '');
  return items
    .filter((item): item is T & { zdf: string } => item.zdf !== null)
    .map((item, index) => ({ item, index }))
    .sort((a, b) => compareDecimals(magnitude(b.item.zdf), magnitude(a.item.zdf)) || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.item);
}
