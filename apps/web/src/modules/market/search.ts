import type { TMarketItem } from '@openbourse/contracts';

export const MAX_INSTRUMENT_RESULTS = 20;

/**
 * Below this many matches of the better kinds, matches inside a name word are added too: "eth"
 * is inside every "… / Tether" name, which buried Ethereum among 20 results (issue 16, fix 5),
 * while "coin" still finds "Bitcoin" and "Dogecoin", where nothing starts with it. One: the
 * inside-a-word matches come only when nothing better was found.
 */
export const NAME_SUBSTRING_THRESHOLD = 1;

/** Quote currencies an instrument code may end with; what is left before one is the base asset. */
const QUOTE_SUFFIXES = ['USDT', 'USDC', 'USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'NZD', 'BTC', 'ETH'];

/** The base asset of a code ("ETHUSDT" → "ETH", "EURUSD" → "EUR"); the code itself when it names no quote. */
export function baseAsset(code: string): string {
  const upper = code.toUpperCase();
  for (const quote of QUOTE_SUFFIXES) {
    if (upper.length > quote.length && upper.endsWith(quote)) return upper.slice(0, -quote.length);
  }
  return upper;
}

/** True when the needle starts a word of the name ("bit" in "Ether / Bitcoin", not "eth" in "Tether"). */
function startsAWord(name: string, needle: string): boolean {
  for (let index = 0; index < name.length; index += 1) {
    const atWordStart = index === 0 || !/[\p{L}\p{N}]/u.test(name[index - 1] as string);
    if (atWordStart && name.startsWith(needle, index)) return true;
  }
  return false;
}

/** How well an instrument matches, best first; null when it does not. */
export const MATCH_RANKS = {
  exactCode: 0,
  exactBase: 1,
  codePrefix: 2,
  namePrefix: 3,
  nameWord: 4,
  codeInside: 5,
  nameInside: 6,
} as const;

export function matchRank(item: Pick<TMarketItem, 'code' | 'appName'>, needle: string): number | null {
  const code = item.code.toLocaleLowerCase();
  const name = item.appName.toLocaleLowerCase();
  if (code === needle) return MATCH_RANKS.exactCode;
  if (baseAsset(item.code).toLocaleLowerCase() === needle) return MATCH_RANKS.exactBase;
  if (code.startsWith(needle)) return MATCH_RANKS.codePrefix;
  if (name.startsWith(needle)) return MATCH_RANKS.namePrefix;
  if (startsAWord(name, needle)) return MATCH_RANKS.nameWord;
  if (code.includes(needle)) return MATCH_RANKS.codeInside;
  if (name.includes(needle)) return MATCH_RANKS.nameInside;
  return null;
}

/**
 * Instruments matching the query, ignoring case, best first: the exact code, the base asset
 * ("eth" → ETHUSDT, ETHBTC), codes that start with it, names that start with it or have a word
 * that does, codes that contain it; names that merely contain it only when the rest found fewer
 * than NAME_SUBSTRING_THRESHOLD. Within a rank, list order.
 */
export function searchInstruments<T extends Pick<TMarketItem, 'code' | 'appName'>>(
  items: readonly T[],
  query: string,
  limit = MAX_INSTRUMENT_RESULTS,
): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return [];
  const seen = new Set<string>();
  const ranked = items
    .map((item, index) => ({ item, index, rank: matchRank(item, needle) }))
    .filter(
      (entry): entry is { item: T; index: number; rank: number } =>
        entry.rank !== null && !seen.has(entry.item.code) && Boolean(seen.add(entry.item.code)),
    )
    .sort((a, b) => a.rank - b.rank || a.index - b.index);
  const better = ranked.filter((entry) => entry.rank < MATCH_RANKS.nameInside);
  const chosen = better.length >= NAME_SUBSTRING_THRESHOLD ? better : ranked;
  return chosen.slice(0, limit).map((entry) => entry.item);
}
