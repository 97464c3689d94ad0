import type { CandleInterval, MarketType } from '@openbourse/contracts';

/**
 * The market constants of packages/contracts (market.contracts.ts), repeated here on purpose:
 * that module also builds its zod schemas when it loads, and importing any value from it would
 * put zod (24 KB gzipped) into the first load of `/`. Types still come from the contract, and
 * constants.test.ts fails the moment these differ from it.
 */
export const MARKET_TYPES = [1, 2, 3, 4, 5] as const satisfies readonly MarketType[];
export const MARKET_TYPE_KEYS = {
  1: 'forex',
  2: 'crypto',
  3: 'stock',
  4: 'etf',
  5: 'futures',
} as const satisfies Record<MarketType, string>;
/** SPEC §1: crypto (type 2) is the market shown first. */
export const DEFAULT_MARKET_TYPE: MarketType = 2;
export const CANDLE_INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d'] as const satisfies readonly CandleInterval[];
export const CANDLE_INTERVAL_MS: Record<CandleInterval, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
};
export const NON_LIVE_SOURCES = ['sandbox', 'replay', 'test'] as const;
export const SOCKET_RECONNECT_MS = 3000;
/** The longest wait between reconnection attempts while the server stays unreachable. */
export const SOCKET_MAX_RECONNECT_MS = 30_000;
export const MAX_WATCHLIST = 100;
