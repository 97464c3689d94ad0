import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { DbView } from '../../platform/db/database.js';
import type { PlatformTables } from '../../platform/db/platform.tables.js';
import type { LedgerTables } from '../ledger/index.js';
import type { NotifyTables } from '../notify/index.js';
import type { OptionsTables } from './options.tables.js';
import type { QuoteSigner } from './quote-token.js';
import type { VolatilityCache } from './volatility.js';

/**
 * The options module's view of the database: its tables, and what its workflows write through the
 * other modules' public faces in the same transaction — the ledger's transfers, notify's
 * notifications, the audit log.
 */
export type OptionsDbTables = OptionsTables & LedgerTables & NotifyTables & PlatformTables;
export type OptionsDb = Kysely<OptionsDbTables>;
export type OptionsView = DbView<OptionsDbTables>;

/** What options need of an underlying (the market's catalogue, through a port). */
export type OptionsInstrument = {
  code: string;
  /** The asset premiums and payouts are paid in (the instrument's quote currency, as the ledger names it). */
  asset: string;
  tickSize: string;
  /** The feed serving it (sandbox, replay, binance, test), null when none does. */
  feed: string | null;
};

export type UnderlyingPrice = { price: string; source: string; receivedAt: number | null };

/** The market, as options see it (filled at the composition root). */
export type OptionsMarket = {
  instrument(code: string): OptionsInstrument | null;
  /** The current price with its source, or null without one. */
  price(code: string): UnderlyingPrice | null;
  isStale(code: string): boolean;
  /** Whether the instrument trades now (its hours and closures). */
  isTradableNow(code: string): boolean;
  /** The stored 1-minute candles of its feed in [from, to), oldest first, with the feed named. */
  minuteCandles(
    code: string,
    from: number,
    to: number,
  ): Promise<{ source: string | null; candles: Array<{ openTime: number; close: string }> }>;
};

/** What options ask of identity and onboarding (filled at the root). */
export type OptionsUsers = {
  /** Whether the user answered the appropriateness questions (a live purchase needs it: 10193). */
  hasAnsweredAppropriateness(userId: string): Promise<boolean>;
};

/** The ledger's assets (their decimals), null when unknown. */
export type OptionsAssets = { assetDecimals(code: string): Promise<number | null> };

export type OptionsContext = {
  db: OptionsDb;
  market: OptionsMarket;
  users: OptionsUsers;
  assets: OptionsAssets;
  clock: Clock;
  quotes: QuoteSigner;
  volatility: VolatilityCache;
};

/** Who acts and from where: what the audit row records besides the change. */
export type OperatorAction = { operatorId: string; requestId: string; ip: string | null };
