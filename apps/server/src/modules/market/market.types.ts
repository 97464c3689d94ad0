import type { MarketType } from '@openbourse/contracts';

/**
 * Shapes shared inside the market module: the instrument catalogue, trading hours and the
 * feed adapter interface. A new price provider (stocks, forex) is one new file implementing
 * `FeedAdapter` in feeds/, registered in feeds/index.ts.
 */

/** Keys of the trading-hour schedules in trading-hours.ts. */
export type TradingHoursKey =
  | 'crypto_24_7'
  | 'forex_24_5'
  | 'us_equity'
  | 'cme_equity_index'
  | 'cme_energy'
  | 'cme_metals'
  | 'cme_fx';

/** Asset classes with their default leverage caps (SPEC §0.7, ESMA retail limits). */
export type AssetClass =
  | 'forex_major'
  | 'forex_minor'
  | 'crypto'
  | 'stock'
  | 'etf'
  | 'index_major'
  | 'index_minor'
  | 'gold'
  | 'commodity';

export type LogoSpec =
  /** An icon of the openly licensed `cryptocurrency-icons` package (CC0), by lower-case symbol. */
  | { kind: 'crypto'; symbol: string }
  /** Two currency flags (flag-icons, MIT), by ISO 3166 / `eu` code. */
  | { kind: 'flags'; base: string; quote: string }
  /** A generated monogram badge: never a trademarked logo. */
  | { kind: 'monogram'; text: string };

export type InstrumentSeed = {
  code: string;
  type: MarketType;
  assetClass: AssetClass;
  /** English display name; the web shows it as is (names are proper nouns). */
  name: string;
  base: string;
  quote: string;
  /** One or two plain English sentences: what the instrument is and where it trades. */
  description: string;
  /** Decimal strings. */
  tickSize: string;
  contractSize: string;
  minLots: string;
  maxLots: string;
  lotStep: string;
  hours: TradingHoursKey;
  /** Where the sandbox simulator starts (a recent real-world level, labelled sandbox anyway). */
  referencePrice: string;
  logo: LogoSpec;
  /** Symbols of live feeds that list the instrument, e.g. { binance: 'BTCUSDT' }. */
  feedSymbols?: { binance?: string };
};

/** One price from a feed, before normalisation. `time` is epoch milliseconds. */
export type RawTick = { code: string; price: string; time: number; volume?: string };

export type FeedEvents = {
  /** Prices, in the order the feed sent them. */
  ticks(ticks: RawTick[]): void;
  /** Any sign of life from the feed (a message, a pong); staleness is measured from it. */
  alive(): void;
  /** Connection state changes and problems, for the log and /metrics. */
  status(event: { state: 'connecting' | 'open' | 'closed' | 'error'; detail?: string }): void;
};

export interface FeedAdapter {
  /** The source name every price of this feed carries (SPEC §0.2). */
  readonly name: string;
  /** Starts producing prices for these instrument codes (the feed maps them to its symbols). */
  start(instruments: InstrumentSeed[], events: FeedEvents): Promise<void>;
  stop(): Promise<void>;
}
