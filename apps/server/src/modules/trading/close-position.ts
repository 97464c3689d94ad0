import { randomBytes } from 'node:crypto';
import type { CloseReason } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { AppError } from '../../platform/errors/app-error.js';
import { getBalance, hold, release, subaccountAccounts, transfer } from '../ledger/index.js';
import type { Instrument } from '../market/index.js';
import { fillPendingOrder } from './fill-pending-order.js';
import { insertPosition, type PositionRow, updatePosition } from './trading.repository.js';
import {
  lockPosition,
  type PositionOwner,
  pnlOf,
  type TradingContext,
  type TradingTrx,
  tradablePrice,
  USDT,
} from './trading-context.js';
import { fail } from './trading-errors.js';
import { tradingInstrument, validateCloseLots } from './trading-rules.js';

/**
 * Closing a position, all of it or part of it, by the user, a level the engine saw crossed, or a
 * stop-out. Money moves only through the ledger, each step with an idempotency key derived from
 * the order number: the margin hold is released (what stays open is held again), and the
 * realised P&L is settled between the user and treasury. A loss beyond the user's available
 * funds is first covered by treasury with its own transfer (negative-balance protection, SPEC
 * §0.7), so the user's balance never goes below zero.
 *
 * Each path locks the position row and checks its status first, so a close that arrives twice —
 * a user's click and a stop loss, or two engine instances — settles once. Each answers the rows
 * it changed, for the caller to announce once the transaction has committed.
 */

export type LevelKind = 'stop_loss' | 'take_profit' | 'trailing_stop' | 'entry';

/** Settles `closeLots` of a locked open position at `price`; a partial close leaves a closed child row. */
export async function settlePosition(
  trx: TradingTrx,
  ctx: TradingContext,
  row: PositionRow,
  instrument: Instrument,
  closeLots: string,
  price: string,
  reason: CloseReason,
  note: string | null,
): Promise<PositionRow[]> {
  const lots = Decimal.parse(row.lots);
  const closing = Decimal.parse(closeLots);
  const isFull = closing.eq(lots);
  const pnl = pnlOf(ctx, row, closeLots, price, instrument);
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
        subaccount: row.subaccount,
        amount: remainingMargin,
        reason: 'trade_margin_hold',
        reference,
        idempotencyKey: `${key}:rehold`,
      })
    ).holdId;
  }
  // The subaccount's free money: the user's available balance, or a smart plan's capital.
  const user = subaccountAccounts(row.user_id, row.subaccount).available;
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
  const closedAt = new Date(ctx.now());
  const closeFields = {
    close_price: price,
    closed_at: closedAt,
    close_reason: reason,
    close_note: note,
    realised_pnl: pnl.toString(),
    updated_at: closedAt,
  };
  if (isFull) {
    return [await updatePosition(trx, row.id, { ...closeFields, status: 'closed', margin_hold_id: null })];
  }
  const parent = await updatePosition(trx, row.id, {
    lots: lots.sub(closing).toString(),
    margin: remainingMargin.toString(),
    margin_hold_id: newHoldId,
    updated_at: closedAt,
  });
  const child = await insertPosition(trx, {
    order_no: closeNo,
    user_id: row.user_id,
    book: row.book,
    subaccount: row.subaccount,
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
  });
  return [parent, child];
}

/** The user closes a position (all of it, or `lots` of it) at the current price. */
export async function closePosition(
  trx: TradingTrx,
  ctx: TradingContext,
  owner: PositionOwner,
  orderNo: string,
  lots?: string,
): Promise<PositionRow[]> {
  const row = await lockPosition(trx, owner, orderNo);
  if (row.status !== 'open') throw new AppError('POSITION_NOT_OPEN');
  const instrument = ctx.hub.instrumentById(row.instrument_id);
  if (!instrument) throw new AppError('UNKNOWN_INSTRUMENT');
  const price = tradablePrice(ctx, instrument);
  const closeLots = lots ?? row.lots;
  const math = tradingInstrument(instrument);
  const closing = validateCloseLots(closeLots, row.lots, math);
  if (!closing.ok) fail(closing.code);
  return settlePosition(trx, ctx, row, instrument, closing.lots.toString(), price, 'manual', null);
}

/** A smart plan closes one of its own positions, all of it, at the current price (reason manual: the plan's decision). */
export async function closePlanPosition(
  trx: TradingTrx,
  ctx: TradingContext,
  subaccount: string,
  orderNo: string,
): Promise<PositionRow[]> {
  const row = await lockPosition(trx, { subaccount }, orderNo);
  if (row.status !== 'open') throw new AppError('POSITION_NOT_OPEN');
  const instrument = ctx.hub.instrumentById(row.instrument_id);
  if (!instrument) throw new AppError('UNKNOWN_INSTRUMENT');
  const price = tradablePrice(ctx, instrument);
  return settlePosition(trx, ctx, row, instrument, row.lots, price, 'manual', 'closed by its smart plan');
}

/** A level the engine saw crossed: closes (or fills) at the tick that crossed it, once. */
export async function fireLevel(
  trx: TradingTrx,
  ctx: TradingContext,
  orderNo: string,
  kind: LevelKind,
  tickPrice: string,
  levelPrice: string,
): Promise<PositionRow[]> {
  const row = await lockPosition(trx, null, orderNo);
  const instrument = ctx.hub.instrumentById(row.instrument_id);
  if (!instrument) return [];
  if (kind === 'entry') {
    if (row.status !== 'pending') return [];
    return [await fillPendingOrder(trx, ctx, row, instrument, tickPrice)];
  }
  if (row.status !== 'open') return [];
  const gap = Decimal.parse(tickPrice).eq(Decimal.parse(levelPrice))
    ? null
    : `filled at ${tickPrice}, the first price through ${levelPrice}`;
  return settlePosition(trx, ctx, row, instrument, row.lots, tickPrice, kind, gap);
}

/** Stop-out: closes at the given price with reason stop_out (the engine chooses which). */
export async function stopOutPosition(
  trx: TradingTrx,
  ctx: TradingContext,
  orderNo: string,
  price: string,
  marginLevelText: string,
): Promise<PositionRow[]> {
  const row = await lockPosition(trx, null, orderNo);
  const instrument = ctx.hub.instrumentById(row.instrument_id);
  if (!instrument || row.status !== 'open') return [];
  return settlePosition(trx, ctx, row, instrument, row.lots, price, 'stop_out', `margin level ${marginLevelText}`);
}
