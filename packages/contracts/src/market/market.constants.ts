/**
 * The market's constants and literal unions, free of zod: the web's first page imports them
 * through `@openbourse/contracts/constants` without loading any schema (issue 12).
 */

/** SPEC §3 market types: 1 forex, 2 crypto, 3 stocks, 4 ETFs, 5 futures. */
export const MARKET_TYPES = [1, 2, 3, 4, 5] as const;
export type MarketType = (typeof MARKET_TYPES)[number];
export const MARKET_TYPE_KEYS = { 1: 'forex', 2: 'crypto', 3: 'stock', 4: 'etf', 5: 'futures' } as const;

export const CANDLE_INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];
export const CANDLE_INTERVAL_MS: Record<CandleInterval, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
};
/** The most candles one request may ask for. */
export const MAX_CANDLES_PER_REQUEST = 1500;

/** Feeds that are not a live market: the UI shows a badge for these (SPEC §0.2). */
export const NON_LIVE_SOURCES = ['sandbox', 'replay', 'test'] as const;

/** SPEC §9: the client reconnects this long after a socket closes, then resubscribes. */
export const SOCKET_RECONNECT_MS = 3000;
/** Per client, at most one update per instrument in this window. */
export const PUSH_COALESCE_MS = 250;
/** Socket frames from clients larger than this are refused. */
export const MAX_CLIENT_FRAME_BYTES = 4096;

/** SPEC §1: crypto (type 2) is the market shown first. */
export const DEFAULT_MARKET_TYPE: MarketType = 2;
/** The longest wait between reconnection attempts while the server stays unreachable. */
export const SOCKET_MAX_RECONNECT_MS = 30_000;
/** The most instruments a watchlist holds. */
export const MAX_WATCHLIST = 100;
/** The realtime socket (prices, and a signed-in user's own messages). */
export const SOCKET_PATH = '/swx/customer/message';
