import type { Book } from '@openbourse/contracts';
import { Decimal, formatAmount } from '@openbourse/money';
import type { Kysely } from 'kysely';
import type { DbView } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { IdentityTables } from '../identity/index.js';
import type { LedgerTables } from '../ledger/index.js';
import type { FeeSchedule, Instrument, MarketHub } from '../market/index.js';
import type { ReferralTables } from '../referral/index.js';
import { lockPositionRow, type PositionRow } from './trading.repository.js';
import type { TradingTables } from './trading.tables.js';
import { withRuleErrors } from './trading-errors.js';
import { quoteToUsdtRate, tradingInstrument, unrealisedPnl } from './trading-rules.js';

/**
 * What every trading use case shares: the tables its workflows touch (its own, and through their
 * public faces the ledger's and the referral programme's, which reads identity's users), the
 * prices, and the pricing helpers built on them.
 */
export type TradingWorkflowTables = TradingTables & LedgerTables & ReferralTables & IdentityTables;
/** The connection trading opens its transactions on. */
export type TradingDb = Kysely<TradingWorkflowTables>;
/** A connection or a transaction of it: what a use case runs in. */
export type TradingTrx = DbView<TradingWorkflowTables>;

/** Where a trailing stop's current (ratcheted) level is read from: the engine's triggers. */
export type TrailingStops = { trailingLevel(orderNo: string): number | undefined };

export type TradingContext = {
  hub: MarketHub;
  /** Treat USD and USDT as equal when converting P&L (disclosed in the UI). */
  usdIsUsdt: boolean;
  /** The fee schedule, shared with the market module so the ticket shows the rate charged. */
  feeSchedule: FeeSchedule;
  trailingStops: TrailingStops;
  now: () => number;
};

export const USDT = 'USDT';
export const USDT_DECIMALS = 6;

export const usdt = (minor: bigint) => formatAmount(minor, USDT_DECIMALS);

export const feeRateOf = (ctx: TradingContext, assetClass: string) => ctx.feeSchedule.rateOf(assetClass);

export function requireInstrument(ctx: TradingContext, code: string): Instrument {
  const instrument = ctx.hub.instrument(code);
  if (!instrument) throw new AppError('UNKNOWN_INSTRUMENT');
  return instrument;
}

/**
 * An instrument open to new positions: a disabled one (an operator's switch, issue 14) answers
 * as unknown. Its open positions and pending orders are not touched: they close, amend and fire
 * as before.
 */
export function requireListedInstrument(ctx: TradingContext, code: string): Instrument {
  const instrument = requireInstrument(ctx, code);
  if (!instrument.enabled) throw new AppError('UNKNOWN_INSTRUMENT');
  return instrument;
}

/** The current price, only while the market is open and the feed is not stale. */
export function tradablePrice(ctx: TradingContext, instrument: Instrument): string {
  const price = ctx.hub.state(instrument.code)?.price ?? null;
  if (!ctx.hub.isTradableAt(instrument, new Date(ctx.now())) || price === null || ctx.hub.isStale(instrument.code)) {
    throw new AppError('NOT_TRADABLE_NOW');
  }
  return price;
}

export function rateToUsdt(ctx: TradingContext, instrument: Instrument): Decimal {
  return withRuleErrors(() =>
    quoteToUsdtRate(instrument.quote_currency, (code) => ctx.hub.state(code)?.price ?? null, ctx.usdIsUsdt),
  );
}

/** The P&L of `lots` of a position at `price`, in USDT minor units (0 before it opened). */
export function pnlOf(
  ctx: TradingContext,
  row: PositionRow,
  lots: string,
  price: string,
  instrument: Instrument,
): bigint {
  if (row.open_price === null) return 0n;
  return unrealisedPnl(
    row.side,
    lots,
    row.open_price,
    price,
    tradingInstrument(instrument),
    rateToUsdt(ctx, instrument),
  );
}

/**
 * Locks a position for a change. `userId` null is the engine acting; otherwise someone else's
 * order and no order at all answer alike, so nothing is revealed.
 */
/** Who asks about a position: its user, in the book the request chose. */
export type PositionOwner = { userId: string; book: Book };

/** Whether a position is the owner's, in the owner's book: one in the other book answers as missing (#13). */
export function isOwnedBy(row: PositionRow, owner: PositionOwner): boolean {
  return row.user_id === owner.userId && row.book === owner.book;
}

/**
 * Locks a position for a change; `owner` null for the engine, which acts on anyone's. A smart
 * plan's position is the plan's to change (issue 18): its user hears POSITION_HELD_BY_PLAN, and
 * the plan (`{ subaccount }`) reaches only its own.
 */
export async function lockPosition(
  trx: TradingTrx,
  owner: PositionOwner | { subaccount: string } | null,
  orderNo: string,
): Promise<PositionRow> {
  const row = await lockPositionRow(trx, orderNo);
  if (!row) throw new AppError('NO_PERMISSION_ON_RECORD');
  if (owner === null) return row;
  if ('subaccount' in owner) {
    if (row.subaccount !== owner.subaccount) throw new AppError('NO_PERMISSION_ON_RECORD');
    return row;
  }
  if (!isOwnedBy(row, owner)) throw new AppError('NO_PERMISSION_ON_RECORD');
  if (row.subaccount !== '') throw new AppError('POSITION_HELD_BY_PLAN');
  return row;
}

/** A decimal column as its canonical text. */
export const canonical = (value: string | null) => (value === null ? null : Decimal.parse(value).toString());
