import type { TOpenPositionRequest, TPosition } from '@openbourse/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { DbView } from '../../platform/db/database.js';
import type { PlatformTables } from '../../platform/db/platform.tables.js';
import type { LedgerTables } from '../ledger/index.js';
import type { NotifyTables } from '../notify/index.js';
import type { PlansTables } from './plans.tables.js';

/**
 * The plans module's view of the database: its tables, and what its workflows write through the
 * other modules' public faces in the same transaction — the ledger's transfers, notify's
 * notifications, the audit log.
 */
export type PlansDbTables = PlansTables & LedgerTables & NotifyTables & PlatformTables;
export type PlansDb = Kysely<PlansDbTables>;
export type PlansView = DbView<PlansDbTables>;

/** What a plan needs of an instrument (the market's catalogue, through a port). */
export type PlanInstrument = {
  code: string;
  contractSize: string;
  tickSize: string;
  lotStep: string;
  minLots: string;
  maxLots: string;
  leverageCap: number;
  quoteCurrency: string;
  assetClass: string;
  /** The feed serving it (sandbox, replay, binance, test), null when none does. */
  feed: string | null;
};

/** The market, as plans see it (filled at the composition root). */
export type PlanMarket = {
  instrument(code: string): PlanInstrument | null;
  /** The current price, or null without one. */
  price(code: string): string | null;
  isStale(code: string): boolean;
  /** Whether the instrument trades now (its hours and closures). */
  isTradableNow(code: string): boolean;
  /** The stored 1-minute candles of its feed in [from, to), oldest first. */
  minuteCandles(
    code: string,
    from: number,
    to: number,
  ): Promise<{
    source: string | null;
    candles: Array<{ openTime: number; open: string; high: string; low: string; close: string; volume: string }>;
  }>;
  feeRate(assetClass: string): Promise<string>;
};

/** The trading engine, as a plan uses it: its own positions, from its own subaccount. */
export type PlanTrading = {
  open(userId: string, subaccount: string, request: TOpenPositionRequest): Promise<{ orderNo: string }>;
  close(subaccount: string, orderNo: string): Promise<void>;
  /** The plan's positions (open ones, or all), newest first, as the API shows them. */
  positions(userId: string, subaccount: string, which: 'open' | 'all'): Promise<TPosition[]>;
  /** The plan account's balance (margin held included) and equity at current prices, USDT minor units. */
  funds(userId: string, subaccount: string): Promise<{ balance: bigint; equity: bigint; free: bigint }>;
};

/** What plans ask of identity and onboarding (filled at the root). */
export type PlanUsers = {
  level(userId: string): Promise<number>;
  hasAnsweredAppropriateness(userId: string): Promise<boolean>;
};

/** Where backtests find recorded history besides the platform's candles. */
export type BacktestData = {
  /** The replay feed's folder of `<CODE>_1m.csv` files (a deployment started with `--replay DIR`). */
  replayDir: string | null;
  /** A folder in the shared market-data layout (`<class>/<CODE>_1m.csv`), e.g. ../shared/market-data. */
  recordedDir: string | null;
  /** How far back the platform's stored candles are replayed, in days. */
  storedDays: number;
};

export type PlansLog = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export type PlansContext = {
  db: PlansDb;
  clock: Clock;
  market: PlanMarket;
  trading: PlanTrading;
  users: PlanUsers;
  backtestData: BacktestData;
  log: PlansLog;
};

/** Who acts and from where: what the audit row records besides the change. */
export type OperatorAction = { operatorId: string; requestId: string; ip: string | null };

/** A smart plan's ledger subaccount (migration 0029). */
export const planSubaccount = (orderId: string) => `plan:${orderId}`;
