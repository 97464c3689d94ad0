import { randomBytes, randomUUID } from 'node:crypto';
import type {
  Book,
  CatalogueName,
  CloseReason,
  PositionSide,
  TAccountSummary,
  TOpenPositionRequest,
  TOrdersQuery,
  TPosition,
} from '@openbourse/contracts';
import { STOP_OUT_MARGIN_LEVEL } from '@openbourse/contracts';
import { Decimal, formatAmount } from '@openbourse/money';
import {
  convertToUsdt,
  marginLevel,
  notionalUsdt,
  quoteToUsdtRate,
  requiredMargin,
  type TradingInstrument,
  TradingMathError,
  tradeFee,
  unrealisedPnl,
  validateCloseLots,
  validateEntryPrice,
  validateLeverage,
  validateLots,
  validateStops,
  validateTrailingDistance,
} from '@openbourse/trading-rules';
import { sql } from 'kysely';
import type { Db } from '../../database.js';
import { createGroupCommit, type Outcome } from '../../platform/db/group-commit.js';
import { AppError } from '../../platform/errors/app-error.js';
import {
  getBalance,
  hold,
  holdBatch,
  lockAvailableBalances,
  ownerBalanceKey,
  release,
  transfer,
} from '../ledger/index.js';
import { type FeeSchedule, type Instrument, isOpenAt, type MarketHub } from '../market/index.js';
import { recordReferralStep, recordReferralSteps } from '../referral/index.js';
import type { TradingTables } from './trading.tables.js';

/**
 * Leveraged positions (issue 6). Money moves only through the ledger, each step with an
 * idempotency key derived from the order number: the margin is a hold (available → held) at
 * open, the fee goes to the fees account, and at close the hold is released and the realised
 * P&L is settled between the user and treasury. A loss beyond the user's available funds is
 * first covered by treasury with its own transfer (negative-balance protection, SPEC §0.7), so
 * the user's balance never goes below zero.
 *
 * Every state change locks the position row (`FOR UPDATE`) and checks its status, so a close
 * that arrives twice — a user's click and a stop loss, or two engine instances — settles once.
 */

export type PositionRow = TradingTables['trading_positions'] & { id: string; created_at: Date; updated_at: Date };

export type TradingOptions = {
  /** Treat USD and USDT as equal when converting P&L (disclosed in the UI). */
  usdIsUsdt: boolean;
  now: () => number;
  /** Told after every committed change of a position (the engine re-arms, the socket pushes). */
  onChange?: (position: PositionRow) => void;
  /** The fee schedule, shared with the market module so the ticket shows the rate charged. */
  feeSchedule: FeeSchedule;
};

const USDT = 'USDT';
const USDT_DECIMALS = 6;
/** The most opens one group commit writes (a few statements whatever the number). */
const OPENS_PER_COMMIT = 500;

type Owner = { userId: string; book: Book };
type Exposure = { used: bigint; unrealised: bigint };

/** An open validated against the instrument and the price, waiting for its group commit. */
type PreparedOpen = Owner & {
  orderNo: string;
  instrumentId: number;
  side: PositionSide;
  type: 'market' | 'limit' | 'stop';
  lots: string;
  leverage: number;
  /** The fill price of a market order, or the entry price of a pending one. */
  entry: string;
  stopLoss: string | null;
  takeProfit: string | null;
  trailingDistance: string | null;
  margin: bigint;
  fee: bigint;
  notionalMinor: bigint;
};

// The rules answer catalogue names (packages/trading-rules): no mapping between vocabularies.
function fail(name: CatalogueName): never {
  throw new AppError(name);
}

export function tradingInstrument(instrument: Instrument): TradingInstrument {
  return {
    code: instrument.code,
    contractSize: instrument.contract_size,
    tickSize: instrument.tick_size,
    quoteCurrency: instrument.quote_currency,
    lotStep: instrument.lot_step,
    minLots: instrument.min_lots,
    maxLots: instrument.max_lots,
    leverageCap: instrument.leverage_cap,
  };
}

function newOrderNo(): string {
  // randomUUID draws from a pooled buffer; randomBytes(4) asked the kernel on every open (about
  // 35 µs each here). A v4 UUID's first eight hex digits are random.
  return `P${Date.now().toString(36).toUpperCase()}${randomUUID().slice(0, 8).toUpperCase()}`;
}

const decimalsOf = (tick: string) => (tick.split('.')[1] ?? '').length;
const usdt = (minor: bigint) => formatAmount(minor, USDT_DECIMALS);
const dec = (value: string | null) => (value === null ? null : Decimal.parse(value).toString());

export function createTradingService(db: Db, hub: MarketHub, options: TradingOptions) {
  const feeRateOf = (assetClass: string) => options.feeSchedule.rateOf(assetClass);

  const requireInstrument = (code: string) => {
    const instrument = hub.instrument(code);
    if (!instrument) throw new AppError('UNKNOWN_INSTRUMENT');
    return instrument;
  };

  /** The current price, only while the market is open and the feed is not stale. */
  const tradablePrice = (instrument: Instrument): string => {
    const price = hub.state(instrument.code)?.price ?? null;
    if (!isOpenAt(instrument.hours, new Date(options.now())) || price === null || hub.isStale(instrument.code)) {
      throw new AppError('NOT_TRADABLE_NOW');
    }
    return price;
  };

  const rateToUsdt = (instrument: Instrument): Decimal => {
    try {
      return quoteToUsdtRate(instrument.quote_currency, (code) => hub.state(code)?.price ?? null, options.usdIsUsdt);
    } catch (error) {
      if (error instanceof TradingMathError) fail(error.code);
      throw error;
    }
  };

  const pnlOf = (row: PositionRow, lots: string, price: string, instrument: Instrument): bigint => {
    if (row.open_price === null) return 0n;
    return unrealisedPnl(row.side, lots, row.open_price, price, tradingInstrument(instrument), rateToUsdt(instrument));
  };

  const lockPosition = async (trx: Db, userId: string | null, orderNo: string): Promise<PositionRow> => {
    const row = await trx
      .selectFrom('trading_positions')
      .selectAll()
      .where('order_no', '=', orderNo)
      .forUpdate()
      .executeTakeFirst();
    // Someone else's order and no order at all answer alike: nothing is revealed.
    if (!row || (userId !== null && row.user_id !== userId)) throw new AppError('NO_PERMISSION_ON_RECORD');
    return row as PositionRow;
  };

  const changed = (rows: PositionRow[]) => {
    for (const row of rows) options.onChange?.(row);
  };

  /** The entry price of a pending order must wait for a better (limit) or worse (stop) price. */
  const checkEntry = (side: PositionSide, type: 'limit' | 'stop', entry: string, current: string) => {
    const problem = validateEntryPrice(side, type, entry, current);
    if (problem) fail(problem);
  };

  const checkTrailing = (distance: string | undefined | null, instrument: Instrument) => {
    const problem = validateTrailingDistance(distance, { tickSize: instrument.tick_size });
    if (problem) fail(problem);
  };

  const settle = async (
    trx: Db,
    row: PositionRow,
    instrument: Instrument,
    closeLots: string,
    price: string,
    reason: CloseReason,
    note: string | null,
  ): Promise<PositionRow[]> => {
    const lots = Decimal.parse(row.lots);
    const closing = Decimal.parse(closeLots);
    const isFull = closing.eq(lots);
    const pnl = pnlOf(row, closeLots, price, instrument);
    const margin = BigInt(row.margin);
    // The margin of the closed part, in proportion (floored: the rest stays held).
    const closedMargin = isFull
      ? margin
      : (margin * closing.coefficient * 10n ** BigInt(lots.scale)) / (lots.coefficient * 10n ** BigInt(closing.scale));
    const remainingMargin = margin - closedMargin;
    const closeNo = isFull ? row.order_no : `${row.order_no}-${randomBytes(3).toString('hex').toUpperCase()}`;
    const key = `trade:${closeNo}:close`;
    const reference = { type: 'position', id: row.order_no };
    if (row.margin_hold_id) {
      await release(trx, {
        holdId: row.margin_hold_id,
        idempotencyKey: `${key}:release`,
        reason: 'trade_margin_release',
      });
    }
    let newHoldId: string | null = null;
    if (!isFull && remainingMargin > 0n) {
      newHoldId = (
        await hold(trx, {
          book: row.book,
          asset: USDT,
          userId: row.user_id,
          amount: remainingMargin,
          reason: 'trade_margin_hold',
          reference,
          idempotencyKey: `${key}:rehold`,
        })
      ).holdId;
    }
    const user = { kind: 'available' as const, userId: row.user_id };
    if (pnl > 0n) {
      await transfer(trx, {
        book: row.book,
        asset: USDT,
        from: { kind: 'treasury' },
        to: user,
        amount: pnl,
        reason: 'trade_pnl',
        reference,
        idempotencyKey: `${key}:pnl`,
      });
    } else if (pnl < 0n) {
      const loss = -pnl;
      const available = await getBalance(trx, row.book, USDT, user);
      if (loss > available) {
        // Negative-balance protection: treasury absorbs what the user's funds cannot cover,
        // recorded as its own transfer before the loss is settled.
        await transfer(trx, {
          book: row.book,
          asset: USDT,
          from: { kind: 'treasury' },
          to: user,
          amount: loss - available,
          reason: 'negative_balance_protection',
          reference,
          idempotencyKey: `${key}:nbp`,
        });
      }
      await transfer(trx, {
        book: row.book,
        asset: USDT,
        from: user,
        to: { kind: 'treasury' },
        amount: loss,
        reason: 'trade_pnl',
        reference,
        idempotencyKey: `${key}:pnl`,
      });
    }
    const closedAt = new Date(options.now());
    const closeFields = {
      close_price: price,
      closed_at: closedAt,
      close_reason: reason,
      close_note: note,
      realised_pnl: pnl.toString(),
      updated_at: closedAt,
    };
    if (isFull) {
      const updated = await trx
        .updateTable('trading_positions')
        .set({ ...closeFields, status: 'closed', margin_hold_id: null })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return [updated as PositionRow];
    }
    const parent = await trx
      .updateTable('trading_positions')
      .set({
        lots: lots.sub(closing).toString(),
        margin: remainingMargin.toString(),
        margin_hold_id: newHoldId,
        updated_at: closedAt,
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const child = await trx
      .insertInto('trading_positions')
      .values({
        order_no: closeNo,
        user_id: row.user_id,
        book: row.book,
        instrument_id: row.instrument_id,
        side: row.side,
        order_type: row.order_type,
        status: 'closed',
        lots: closing.toString(),
        leverage: row.leverage,
        entry_price: row.entry_price,
        open_price: row.open_price,
        opened_at: row.opened_at,
        stop_loss: row.stop_loss,
        take_profit: row.take_profit,
        trailing_distance: null,
        margin: closedMargin.toString(),
        margin_hold_id: null,
        fee: '0',
        notional: '0',
        parent_id: row.id,
        ...closeFields,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return [parent as PositionRow, child as PositionRow];
  };

  /**
   * Accounts' used margin and unrealised P&L (one query for a whole group of owners), from the
   * sums per account, instrument, side and status that `trading_exposures` keeps (migration 0008):
   * Σ lots and Σ lots × open price give the P&L at the current price as
   * ±(price × Σlots − Σ(lots × open)) × contract size — one computation per instrument held,
   * not per position, so it stays cheap for an account with thousands of positions. (Each
   * position's own P&L is floored when it is settled; this sum is floored once.)
   */
  const exposuresOf = async (trx: Db, owners: Owner[]): Promise<Map<string, Exposure>> => {
    const rows = await sql<{
      user_id: string;
      book: Book;
      instrument_id: number;
      side: PositionSide;
      status: string;
      lots: string;
      cost: string;
      margin: string;
    }>`
      SELECT user_id::text, book, instrument_id, side, status, lots::text, cost::text, margin::text
        FROM trading_exposures
       WHERE (user_id, book) IN (SELECT * FROM unnest(${owners.map((o) => o.userId)}::bigint[],
                                                      ${owners.map((o) => o.book)}::text[]))`.execute(trx);
    const exposures = new Map(owners.map((owner) => [ownerBalanceKey(owner), { used: 0n, unrealised: 0n }]));
    for (const row of rows.rows) {
      const exposure = exposures.get(ownerBalanceKey({ userId: row.user_id, book: row.book }));
      if (!exposure) continue;
      exposure.used += BigInt(row.margin);
      if (row.status !== 'open') continue;
      const instrument = hub.instrumentById(row.instrument_id);
      const price = instrument ? hub.state(instrument.code)?.price : null;
      if (!instrument || !price) continue;
      const inQuote = Decimal.parse(price)
        .mul(Decimal.parse(row.lots))
        .sub(Decimal.parse(row.cost))
        .mul(Decimal.parse(instrument.contract_size));
      const signed = row.side === 'long' ? inQuote : inQuote.neg();
      exposure.unrealised += convertToUsdt(signed, rateToUsdt(instrument)).toMinorUnits(USDT_DECIMALS, 'floor');
    }
    return exposures;
  };
  const exposureOf = async (trx: Db, userId: string, book: Book): Promise<Exposure> =>
    (await exposuresOf(trx, [{ userId, book }])).get(ownerBalanceKey({ userId, book })) as Exposure;

  // Users whose invitation "trade" step needs no more writing (process memory, bounded).
  const tradeStepSettled = new Set<string>();
  const writeOpens = async (opens: PreparedOpen[]): Promise<Array<Outcome<PositionRow>>> => {
    const outcomes = await writeOpenGroup(opens);
    // Committed: these users' invitation "trade" step is recorded, or they were not invited —
    // for good either way (an invitation is fixed at registration), so later opens skip it.
    if (tradeStepSettled.size > 100_000) tradeStepSettled.clear();
    opens.forEach((open, index) => {
      if (open.type === 'market' && outcomes[index]?.ok) tradeStepSettled.add(open.userId);
    });
    return outcomes;
  };
  /**
   * Writes a group of validated opens in one transaction (group commit): the owners' accounts
   * locked once, each open's free margin checked in order against what the ones before it took,
   * then one hold-and-fee batch, one insert of the positions and, for users not yet settled, one
   * of the invitation steps. An open without the margin is refused alone.
   */
  const writeOpenGroup = (opens: PreparedOpen[]): Promise<Array<Outcome<PositionRow>>> =>
    db.transaction().execute(async (trx) => {
      const available = await lockAvailableBalances(trx, USDT, opens);
      const exposures = await exposuresOf(trx, opens);
      const outcomes: Array<Outcome<PositionRow> | null> = [];
      const accepted: PreparedOpen[] = [];
      for (const open of opens) {
        const key = ownerBalanceKey(open);
        const left = available.get(key) ?? 0n;
        // Free margin: what is available, less any unrealised loss of the open positions.
        const unrealised = exposures.get(key)?.unrealised ?? 0n;
        const free = left + (unrealised < 0n ? unrealised : 0n);
        if (free < open.margin + open.fee) {
          outcomes.push({ ok: false, error: new AppError('INSUFFICIENT_ACCOUNT_BALANCE') });
          continue;
        }
        available.set(key, left - open.margin - open.fee);
        accepted.push(open);
        outcomes.push(null);
      }
      if (accepted.length === 0) return outcomes as Array<Outcome<PositionRow>>;
      const reference = (open: PreparedOpen) => ({ type: 'position', id: open.orderNo });
      const { holds } = await holdBatch(
        trx,
        accepted.map((open) => ({
          book: open.book,
          asset: USDT,
          userId: open.userId,
          amount: open.margin,
          reason: 'trade_margin_hold' as const,
          reference: reference(open),
          idempotencyKey: `trade:${open.orderNo}:margin`,
        })),
        accepted
          .filter((open) => open.fee > 0n)
          .map((open) => ({
            book: open.book,
            asset: USDT,
            from: { kind: 'available' as const, userId: open.userId },
            to: { kind: 'fees' as const },
            amount: open.fee,
            reason: 'trade_fee' as const,
            reference: reference(open),
            idempotencyKey: `trade:${open.orderNo}:fee`,
          })),
      );
      const at = new Date(options.now());
      const inserted = await trx
        .insertInto('trading_positions')
        .values(
          accepted.map((open, index) => {
            const isMarket = open.type === 'market';
            return {
              order_no: open.orderNo,
              user_id: open.userId,
              book: open.book,
              instrument_id: open.instrumentId,
              side: open.side,
              order_type: open.type,
              status: isMarket ? ('open' as const) : ('pending' as const),
              lots: open.lots,
              leverage: open.leverage,
              entry_price: isMarket ? null : open.entry,
              open_price: isMarket ? open.entry : null,
              opened_at: isMarket ? at : null,
              stop_loss: open.stopLoss,
              take_profit: open.takeProfit,
              trailing_distance: open.trailingDistance,
              margin: open.margin.toString(),
              margin_hold_id: holds[index]?.holdId ?? null,
              fee: open.fee.toString(),
              notional: isMarket ? open.notionalMinor.toString() : '0',
              close_price: null,
              closed_at: null,
              close_reason: null,
              close_note: null,
              realised_pnl: null,
              parent_id: null,
            };
          }),
        )
        .returningAll()
        .execute();
      await recordReferralSteps(
        trx,
        accepted.filter((open) => open.type === 'market' && !tradeStepSettled.has(open.userId)).map((o) => o.userId),
        'trade',
      );
      const byOrderNo = new Map(inserted.map((row) => [row.order_no, row as PositionRow]));
      let next = 0;
      return outcomes.map((outcome) => {
        if (outcome) return outcome;
        const row = byOrderNo.get((accepted[next++] as PreparedOpen).orderNo);
        return row ? { ok: true, value: row } : { ok: false, error: new Error('opened position missing') };
      });
    });
  const openQueue = createGroupCommit<PreparedOpen, PositionRow>({ write: writeOpens, maxWeight: OPENS_PER_COMMIT });

  const service = {
    tradingInstrument,

    /** An open position's P&L at the current price, or null without a price or conversion. */
    unrealisedOf(row: PositionRow): { pnl: bigint; price: string } | null {
      const instrument = hub.instrumentById(row.instrument_id);
      const price = instrument ? hub.state(instrument.code)?.price : null;
      if (!instrument || !price || row.status !== 'open') return null;
      try {
        return { pnl: pnlOf(row, row.lots, price, instrument), price };
      } catch {
        return null;
      }
    },

    /** Set by the engine: a trailing stop's current level. */
    trailingLevelOf: (_orderNo: string): number | undefined => undefined,

    /** Opens a market position or places a pending limit/stop order. */
    async open(userId: string, book: Book, request: TOpenPositionRequest): Promise<PositionRow> {
      const instrument = requireInstrument(request.code);
      const current = tradablePrice(instrument);
      const math = tradingInstrument(instrument);
      const lots = validateLots(request.lots, math);
      if (!lots.ok) fail(lots.code);
      const leverageProblem = validateLeverage(request.leverage, math);
      if (leverageProblem) fail(leverageProblem);
      const type = request.orderType;
      let entry = current;
      if (type !== 'market') {
        if (!request.price) fail('PRICE_INVALID');
        const stops = validateStops(request.side, request.price, null, null, math);
        if (stops) fail(stops);
        checkEntry(request.side, type, request.price, current);
        entry = request.price;
      }
      const stopProblem = validateStops(request.side, entry, request.stopLoss, request.takeProfit, math);
      if (stopProblem) fail(stopProblem);
      checkTrailing(request.trailingDistance, instrument);
      const notional = notionalUsdt(request.lots, entry, math, rateToUsdt(instrument));
      const row = await openQueue.submit({
        userId,
        book,
        orderNo: newOrderNo(),
        instrumentId: instrument.id,
        side: request.side,
        type,
        lots: lots.lots.toString(),
        leverage: request.leverage,
        entry,
        stopLoss: request.stopLoss ?? null,
        takeProfit: request.takeProfit ?? null,
        trailingDistance: request.trailingDistance ?? null,
        margin: requiredMargin(notional, request.leverage, math),
        fee: type === 'market' ? tradeFee(notional, await feeRateOf(instrument.asset_class)) : 0n,
        notionalMinor: notional.toMinorUnits(USDT_DECIMALS, 'half-even'),
      });
      changed([row]);
      return row;
    },

    /** Closes a position (all of it, or `lots` of it) at the current price. */
    async close(userId: string, orderNo: string, lots?: string): Promise<PositionRow> {
      const rows = await db.transaction().execute(async (trx) => {
        const row = await lockPosition(trx, userId, orderNo);
        if (row.status !== 'open') throw new AppError('POSITION_NOT_OPEN');
        const instrument = hub.instrumentById(row.instrument_id);
        if (!instrument) throw new AppError('UNKNOWN_INSTRUMENT');
        const price = tradablePrice(instrument);
        const closeLots = lots ?? row.lots;
        const math = tradingInstrument(instrument);
        const closing = validateCloseLots(closeLots, row.lots, math);
        if (!closing.ok) fail(closing.code);
        return settle(trx, row, instrument, closing.lots.toString(), price, 'manual', null);
      });
      changed(rows);
      return rows.at(-1) as PositionRow;
    },

    /** A level the engine saw crossed: closes (or fills) at the tick that crossed it, once. */
    async fire(
      orderNo: string,
      kind: 'stop_loss' | 'take_profit' | 'trailing_stop' | 'entry',
      tickPrice: string,
      levelPrice: string,
    ): Promise<PositionRow | null> {
      const rows = await db.transaction().execute(async (trx) => {
        const row = await lockPosition(trx, null, orderNo);
        const instrument = hub.instrumentById(row.instrument_id);
        if (!instrument) return [];
        if (kind === 'entry') {
          if (row.status !== 'pending') return [];
          return [await fillPending(trx, row, instrument, tickPrice)];
        }
        if (row.status !== 'open') return [];
        const gap = Decimal.parse(tickPrice).eq(Decimal.parse(levelPrice))
          ? null
          : `filled at ${tickPrice}, the first price through ${levelPrice}`;
        return settle(trx, row, instrument, row.lots, tickPrice, kind, gap);
      });
      changed(rows);
      return rows[0] ?? null;
    },

    /** Stop-out: closes at the current price with reason stop_out (the engine chooses which). */
    async stopOut(orderNo: string, price: string, marginLevelText: string): Promise<PositionRow | null> {
      const rows = await db.transaction().execute(async (trx) => {
        const row = await lockPosition(trx, null, orderNo);
        const instrument = hub.instrumentById(row.instrument_id);
        if (!instrument || row.status !== 'open') return [];
        return settle(trx, row, instrument, row.lots, price, 'stop_out', `margin level ${marginLevelText}`);
      });
      changed(rows);
      return rows[0] ?? null;
    },

    async amend(
      userId: string,
      request: {
        orderNo: string;
        stopLoss?: string | null;
        takeProfit?: string | null;
        trailingDistance?: string | null;
      },
    ): Promise<PositionRow> {
      const row = await db.transaction().execute(async (trx) => {
        const current = await lockPosition(trx, userId, request.orderNo);
        if (current.status !== 'open' && current.status !== 'pending') throw new AppError('POSITION_NOT_OPEN');
        const instrument = hub.instrumentById(current.instrument_id);
        if (!instrument) throw new AppError('UNKNOWN_INSTRUMENT');
        const stopLoss = request.stopLoss === undefined ? current.stop_loss : request.stopLoss;
        const takeProfit = request.takeProfit === undefined ? current.take_profit : request.takeProfit;
        const trailing = request.trailingDistance === undefined ? current.trailing_distance : request.trailingDistance;
        const reference =
          current.status === 'pending' ? (current.entry_price as string) : (hub.state(instrument.code)?.price ?? null);
        if (reference === null) throw new AppError('NOT_TRADABLE_NOW');
        const problem = validateStops(current.side, reference, stopLoss, takeProfit, tradingInstrument(instrument));
        if (problem) fail(problem);
        checkTrailing(trailing, instrument);
        return (await trx
          .updateTable('trading_positions')
          .set({
            stop_loss: stopLoss,
            take_profit: takeProfit,
            trailing_distance: trailing,
            updated_at: new Date(options.now()),
          })
          .where('id', '=', current.id)
          .returningAll()
          .executeTakeFirstOrThrow()) as PositionRow;
      });
      changed([row]);
      return row;
    },

    async cancel(userId: string, orderNo: string): Promise<PositionRow> {
      const row = await db.transaction().execute(async (trx) => {
        const current = await lockPosition(trx, userId, orderNo);
        if (current.status !== 'pending') throw new AppError('ORDER_NOT_PENDING');
        if (current.margin_hold_id) {
          await release(trx, {
            holdId: current.margin_hold_id,
            idempotencyKey: `trade:${orderNo}:cancel`,
            reason: 'trade_margin_release',
          });
        }
        const at = new Date(options.now());
        return (await trx
          .updateTable('trading_positions')
          .set({ status: 'cancelled', close_reason: 'cancelled', closed_at: at, margin_hold_id: null, updated_at: at })
          .where('id', '=', current.id)
          .returningAll()
          .executeTakeFirstOrThrow()) as PositionRow;
      });
      changed([row]);
      return row;
    },

    async list(userId: string, book: Book, query: TOrdersQuery) {
      const { status, page, size } = query;
      const statuses = status === 'closed' ? (['closed', 'cancelled'] as const) : ([status] as const);
      const ofStatus = db
        .selectFrom('trading_positions')
        .where('user_id', '=', userId)
        .where('book', '=', book)
        .where('status', 'in', [...statuses]);
      let filtered = ofStatus;
      if (query.code !== undefined) filtered = filtered.where('instrument_id', '=', requireInstrument(query.code).id);
      if (query.reason === 'cancelled') filtered = filtered.where('status', '=', 'cancelled');
      else if (query.reason !== undefined) filtered = filtered.where('close_reason', '=', query.reason);
      const [rows, count, instruments] = await Promise.all([
        filtered
          .selectAll()
          .orderBy('id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        filtered.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        ofStatus.select('instrument_id').distinct().execute(),
      ]);
      const codes = instruments
        .map((row) => hub.instrumentById(row.instrument_id)?.code)
        .filter((code): code is string => code !== undefined)
        .sort();
      return { items: (rows as PositionRow[]).map((row) => service.toWire(row)), total: Number(count.n), codes };
    },

    async get(userId: string, orderNo: string): Promise<TPosition> {
      const row = await db
        .selectFrom('trading_positions')
        .selectAll()
        .where('order_no', '=', orderNo)
        .executeTakeFirst();
      if (!row || row.user_id !== userId) throw new AppError('NO_PERMISSION_ON_RECORD');
      return service.toWire(row as PositionRow);
    },

    async all(userId: string, book: Book) {
      const rows = await db
        .selectFrom('trading_positions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('book', '=', book)
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      return (rows as PositionRow[]).map((row) => ({ ...service.toWire(row), kind: 'position' as const }));
    },

    /** Balance, equity, used and free margin, margin level, for the book. */
    async accountSummary(userId: string, book: Book): Promise<TAccountSummary & { unrealisedMinor: bigint }> {
      const available = await getBalance(db, book, USDT, { kind: 'available', userId });
      const { used, unrealised } = await exposureOf(db, userId, book);
      const equity = available + used + unrealised;
      const level = used > 0n ? marginLevel(Decimal.fromMinorUnits(equity, 6), Decimal.fromMinorUnits(used, 6)) : null;
      return {
        balance: usdt(available),
        equity: usdt(equity),
        usedMargin: usdt(used),
        freeMargin: usdt(equity - used),
        marginLevel: level ? level.round(6, 'floor').toString() : null,
        unrealisedPnl: usdt(unrealised),
        stopOutLevel: STOP_OUT_MARGIN_LEVEL,
        unrealisedMinor: unrealised,
      };
    },

    /** Sum of USDT notional opened in the last 24 hours (the measured home figure). */
    async tradedVolume24h(): Promise<string> {
      const since = new Date(options.now() - 86_400_000);
      const row = await sql<{ total: string }>`
        SELECT coalesce(sum(notional), 0)::text AS total FROM trading_positions
         WHERE opened_at >= ${since} AND parent_id IS NULL AND book = 'live'`.execute(db);
      return usdt(BigInt(row.rows[0]?.total ?? '0'));
    },

    /** Closes every open demo position and cancels pending demo orders (before a demo reset). */
    async closeDemoPositions(userId: string): Promise<void> {
      const rows = await db
        .selectFrom('trading_positions')
        .select(['order_no', 'status', 'instrument_id'])
        .where('user_id', '=', userId)
        .where('book', '=', 'demo')
        .where('status', 'in', ['open', 'pending'])
        .execute();
      for (const row of rows) {
        if (row.status === 'pending') await service.cancel(userId, row.order_no);
        else {
          const instrument = hub.instrumentById(row.instrument_id);
          const price = instrument ? hub.state(instrument.code)?.price : null;
          if (!price) throw new AppError('NOT_TRADABLE_NOW');
          const closed = await db.transaction().execute(async (trx) => {
            const locked = await lockPosition(trx, userId, row.order_no);
            if (locked.status !== 'open' || !instrument) return [];
            return settle(trx, locked, instrument, locked.lots, price, 'manual', 'demo account reset');
          });
          changed(closed);
        }
      }
    },

    toWire(row: PositionRow): TPosition {
      const instrument = hub.instrumentById(row.instrument_id);
      const price = instrument ? (hub.state(instrument.code)?.price ?? null) : null;
      const unrealised =
        row.status === 'open' && instrument && price ? usdt(pnlOf(row, row.lots, price, instrument)) : null;
      return {
        orderNo: row.order_no,
        code: instrument?.code ?? '',
        appName: instrument?.name ?? '',
        side: row.side,
        orderType: row.order_type,
        status: row.status,
        lots: dec(row.lots) ?? '0',
        leverage: row.leverage,
        entryPrice: dec(row.entry_price),
        openPrice: dec(row.open_price),
        openedAt: row.opened_at?.toISOString() ?? null,
        stopLoss: dec(row.stop_loss),
        takeProfit: dec(row.take_profit),
        trailingDistance: dec(row.trailing_distance),
        trailingStop: (() => {
          const level = row.status === 'open' ? service.trailingLevelOf(row.order_no) : undefined;
          return level === undefined || !instrument
            ? null
            : Decimal.parse(String(level)).round(decimalsOf(instrument.tick_size), 'half-even').toString();
        })(),
        margin: usdt(BigInt(row.margin)),
        fee: usdt(BigInt(row.fee)),
        closePrice: dec(row.close_price),
        closedAt: row.closed_at?.toISOString() ?? null,
        closeReason: row.close_reason,
        closeNote: row.close_note,
        realisedPnl: row.realised_pnl === null ? null : usdt(BigInt(row.realised_pnl)),
        unrealisedPnl: unrealised,
        currentPrice: row.status === 'open' || row.status === 'pending' ? price : null,
        book: row.book,
        createdAt: row.created_at.toISOString(),
      };
    },
  };

  /** A pending order's entry crossed: the position opens at the crossing tick, the fee is charged. */
  async function fillPending(trx: Db, row: PositionRow, instrument: Instrument, price: string): Promise<PositionRow> {
    const math = tradingInstrument(instrument);
    const notional = notionalUsdt(row.lots, price, math, rateToUsdt(instrument));
    const fee = tradeFee(notional, await feeRateOf(instrument.asset_class));
    const available = await getBalance(trx, row.book, USDT, { kind: 'available', userId: row.user_id });
    const reference = { type: 'position', id: row.order_no };
    const at = new Date(options.now());
    if (fee > available) {
      // Nothing left to pay the fee with: the order cannot open; its margin goes back.
      if (row.margin_hold_id) {
        await release(trx, {
          holdId: row.margin_hold_id,
          idempotencyKey: `trade:${row.order_no}:unfilled`,
          reason: 'trade_margin_release',
        });
      }
      return (await trx
        .updateTable('trading_positions')
        .set({
          status: 'cancelled',
          close_reason: 'cancelled',
          close_note: 'insufficient funds for the fee at fill',
          closed_at: at,
          margin_hold_id: null,
          updated_at: at,
        })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow()) as PositionRow;
    }
    if (fee > 0n) {
      await transfer(trx, {
        book: row.book,
        asset: USDT,
        from: { kind: 'available', userId: row.user_id },
        to: { kind: 'fees' },
        amount: fee,
        reason: 'trade_fee',
        reference,
        idempotencyKey: `trade:${row.order_no}:fee`,
      });
    }
    await recordReferralStep(trx, row.user_id, 'trade');
    return (await trx
      .updateTable('trading_positions')
      .set({
        status: 'open',
        open_price: price,
        opened_at: at,
        fee: fee.toString(),
        notional: notional.toMinorUnits(USDT_DECIMALS, 'half-even').toString(),
        updated_at: at,
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow()) as PositionRow;
  }

  return service;
}

export type TradingService = ReturnType<typeof createTradingService>;
