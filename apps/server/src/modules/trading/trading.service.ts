import type { Book, TAccountSummary, TOpenPositionRequest, TOrdersQuery, TPosition } from '@openbourse/contracts';
import { inRetriedTransaction } from '../../platform/db/retried-transaction.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { EventPublisher } from '../../platform/events/event-bus.js';
import type { FeeSchedule, MarketHub } from '../market/index.js';
import { accountSummary } from './account-summary.js';
import { type AmendRequest, amendPosition } from './amend-position.js';
import { type BookActivity, bookActivity } from './book-activity.js';
import { cancelOrder } from './cancel-order.js';
import { closeDemoPositions } from './close-demo-positions.js';
import { closePlanPosition, closePosition, fireLevel, type LevelKind, stopOutPosition } from './close-position.js';
import { allOrders, getOrder, listOrders } from './list-orders.js';
import { OpenPositionWriter, prepareOpen } from './open-position.js';
import { positionToWire, unrealisedOf } from './position-wire.js';
import { tradedVolume24h } from './traded-volume.js';
import type { TradingEvents } from './trading.events.js';
import { type PositionRow, type PositionStatus, subaccountPositions } from './trading.repository.js';
import type { PositionOwner, TradingContext, TradingDb, TradingTrx, TrailingStops } from './trading-context.js';
import { tradingInstrument } from './trading-rules.js';

/**
 * Leveraged positions (issue 6): the use cases, one per file, bound into the object the routes,
 * the engine and the other modules call. Each change runs in its own transaction here and is
 * published as `position.changed` (one event per changed row) once it has committed.
 */

/**
 * A port onboarding fills: whether the user answered the appropriateness questions (ESMA, retail
 * CFDs). Every live open is leveraged-product trading, so every live open asks; demo never does.
 */
export type AppropriatenessGate = {
  hasAnsweredAppropriateness(userId: string): Promise<boolean>;
};

export type TradingOptions = {
  /** Treat USD and USDT as equal when converting P&L (disclosed in the UI). */
  usdIsUsdt: boolean;
  now: () => number;
  /** The fee schedule, shared with the market module so the ticket shows the rate charged. */
  feeSchedule: FeeSchedule;
  /** Where the changes are published (the engine re-arms, the owner's sockets hear). */
  events: EventPublisher<TradingEvents>;
  /** The trailing stops' current levels (the engine's triggers), shown with each position. */
  trailingStops: TrailingStops;
  appropriateness: AppropriatenessGate;
};

export function createTradingService(db: TradingDb, hub: MarketHub, options: TradingOptions) {
  const ctx: TradingContext = {
    hub,
    usdIsUsdt: options.usdIsUsdt,
    feeSchedule: options.feeSchedule,
    trailingStops: options.trailingStops,
    now: options.now,
  };
  const opens = new OpenPositionWriter(db, ctx);
  const changed = (rows: PositionRow[]) => {
    for (const position of rows) options.events.publish('position.changed', { position });
  };
  /** Runs a change in a transaction of its own and publishes the rows it changed. */
  const change = async (work: (trx: TradingTrx) => Promise<PositionRow[]>): Promise<PositionRow[]> => {
    const rows = await inRetriedTransaction(db, work);
    changed(rows);
    return rows;
  };

  return {
    tradingInstrument,

    /** An open position's P&L at the current price, or null without a price or conversion. */
    unrealisedOf: (row: PositionRow) => unrealisedOf(ctx, row),

    /** Opens a market position or places a pending limit/stop order. */
    async open(userId: string, book: Book, request: TOpenPositionRequest): Promise<PositionRow> {
      const prepared = await prepareOpen(ctx, userId, book, request);
      // Before the first live trade the appropriateness questions must be answered (10193);
      // asked after the order's own checks, so a malformed order hears its own reason first.
      if (book === 'live' && !(await options.appropriateness.hasAnsweredAppropriateness(userId))) {
        throw new AppError('APPROPRIATENESS_REQUIRED');
      }
      const row = await opens.submit(prepared);
      changed([row]);
      return row;
    },

    /**
     * A smart plan opens a market position from its own subaccount (issue 18): the same checks,
     * margin, fee and engine as the user's own; no appropriateness question here (asked when
     * the plan was bought).
     */
    async openForPlan(userId: string, subaccount: string, request: TOpenPositionRequest): Promise<PositionRow> {
      const prepared = await prepareOpen(ctx, userId, 'live', request, subaccount);
      const row = await opens.submit(prepared);
      changed([row]);
      return row;
    },

    /** A smart plan closes one of its own positions at the current price. */
    async closeForPlan(subaccount: string, orderNo: string): Promise<PositionRow> {
      const rows = await change((trx) => closePlanPosition(trx, ctx, subaccount, orderNo));
      return rows.at(-1) as PositionRow;
    },

    /** A subaccount's positions (a smart plan's), newest first. */
    subaccountPositions: (userId: string, subaccount: string, statuses: PositionStatus[]) =>
      subaccountPositions(db, userId, subaccount, statuses),

    /** Closes a position (all of it, or `lots` of it) at the current price. */
    async close(owner: PositionOwner, orderNo: string, lots?: string): Promise<PositionRow> {
      const rows = await change((trx) => closePosition(trx, ctx, owner, orderNo, lots));
      return rows.at(-1) as PositionRow;
    },

    /** A level the engine saw crossed: closes (or fills) at the tick that crossed it, once. */
    async fire(orderNo: string, kind: LevelKind, tickPrice: string, levelPrice: string): Promise<PositionRow | null> {
      const rows = await change((trx) => fireLevel(trx, ctx, orderNo, kind, tickPrice, levelPrice));
      return rows[0] ?? null;
    },

    /** Stop-out: closes at the current price with reason stop_out (the engine chooses which). */
    async stopOut(orderNo: string, price: string, marginLevelText: string): Promise<PositionRow | null> {
      const rows = await change((trx) => stopOutPosition(trx, ctx, orderNo, price, marginLevelText));
      return rows[0] ?? null;
    },

    async amend(owner: PositionOwner, request: AmendRequest): Promise<PositionRow> {
      const [row] = await change(async (trx) => [await amendPosition(trx, ctx, owner, request)]);
      return row as PositionRow;
    },

    async cancel(owner: PositionOwner, orderNo: string): Promise<PositionRow> {
      const [row] = await change(async (trx) => [await cancelOrder(trx, ctx, owner, orderNo)]);
      return row as PositionRow;
    },

    list: (userId: string, book: Book, query: TOrdersQuery) => listOrders(db, ctx, userId, book, query),

    get: (owner: PositionOwner, orderNo: string): Promise<TPosition> => getOrder(db, ctx, owner, orderNo),

    all: (userId: string, book: Book) => allOrders(db, ctx, userId, book),

    /** Balance, equity, used and free margin, margin level, for the book. */
    accountSummary: (
      userId: string,
      book: Book,
      subaccount?: string,
    ): Promise<TAccountSummary & { unrealisedMinor: bigint }> => accountSummary(db, ctx, userId, book, subaccount),

    /** Sum of USDT notional opened in the last 24 hours (the measured home figure). */
    tradedVolume24h: (): Promise<string> => tradedVolume24h(db, ctx),

    /** Per book: open positions, pending orders and the margin they reserve (the back office's dashboard). */
    bookActivity: (): Promise<BookActivity[]> => bookActivity(db),

    /** Closes every open demo position and cancels pending demo orders (before a demo reset). */
    closeDemoPositions: (userId: string): Promise<void> => closeDemoPositions(db, ctx, userId, changed),

    toWire: (row: PositionRow): TPosition => positionToWire(ctx, row),
  };
}

export type TradingService = ReturnType<typeof createTradingService>;
