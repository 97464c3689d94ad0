import type { TMarketItem } from '@openbourse/contracts';

export const MAX_INSTRUMENT_RESULTS = 20;

/**
 * Instruments whose code or name contains the query, ignoring case: exact codes first, then
 * codes and names that start with it, then the rest, each group in list order.
 */
export function searchInstruments<T extends Pick<TMarketItem, 'code' | 'appName'>>(
  items: readonly T[],
  query: string,
  limit = MAX_INSTRUMENT_RESULTS,
): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return [];
  const rank = (item: T): number => {
    const code = item.code.toLocaleLowerCase();
    const name = item.appName.toLocaleLowerCase();
    if (code === needle) return 0;
    if (code.startsWith(needle)) return 1;
    if (name.startsWith(needle)) return 2;
    if (code.includes(needle) || name.includes(needle)) return 3;
    return -1;
  };
  const seen = new Set<string>();
  return items
    .map((item, index) => ({ item, index, rank: rank(item) }))
    .filter((entry) => entry.rank >= 0 && !seen.has(entry.item.code) && seen.add(entry.item.code))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.item);
}
