import type { MarketType } from '@openbourse/contracts';
import { MARKET_TYPES } from '@openbourse/contracts/constants';

export type MarketTab = `${MarketType}` | 'watchlist' | 'movers';

/**
 * The tabs of /market by their place in the row, as `?tab=` numbers them: 0 the watchlist,
 * 1–5 the market types (their own numbers), 6 the top movers. `/market?tab=0` opened the
 * crypto list before (issue 16, fix 10): only type numbers were read.
 */
export const MARKET_PAGE_TABS: readonly MarketTab[] = [
  'watchlist',
  ...MARKET_TYPES.map((type) => `${type}` as const),
  'movers',
];

/** Reads a tab: its index on /market (`0`, `6`), a market type, or a name (`watchlist`, `movers`). */
export function parseMarketTab(value: string | null, allowWatchlist: boolean): MarketTab | null {
  if (value === null) return null;
  const byIndex = /^[0-9]$/.test(value) ? MARKET_PAGE_TABS[Number(value)] : undefined;
  const tab = byIndex ?? (MARKET_PAGE_TABS.includes(value as MarketTab) ? (value as MarketTab) : null);
  if (tab === null) return null;
  if (!allowWatchlist && (tab === 'watchlist' || tab === 'movers')) return null;
  return tab;
}

/** The tab as the address writes it: its index (`?tab=0` is the watchlist). */
export function marketTabParam(tab: MarketTab): string {
  return String(MARKET_PAGE_TABS.indexOf(tab));
}
