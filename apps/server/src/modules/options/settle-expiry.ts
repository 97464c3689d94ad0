import type { TSettleOptionsExpiryRequest } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { AppError } from '../../platform/errors/app-error.js';
import { notifyUser } from '../notify/index.js';
import { payoffPerUnit } from './option-quote.js';
import type { OperatorAction, OptionsContext } from './options.context.js';
import { moveForOrder, OPTIONS_ESCROW, treasuryMovesAtEnd } from './options-money.js';
import { claimOpenOrderOfExpiry, countOpenOrdersOfExpiry, updateOrder } from './options-orders.repository.js';
import { dueExpiries, type ExpiryRecord, findSeries, lockExpiry, updateExpiry } from './options-products.repository.js';

const MINUTE_MS = 60_000;
/** The last minute's candle reaches the database within seconds of its close (the hub's flush). */
export const SETTLEMENT_GRACE_MS = 15_000;
/** A window still missing a minute this long after expiry has a gap: an operator decides. */
export const SETTLEMENT_PATIENCE_MS = 120_000;
/** Settlement prices are kept at this many decimals (the average of closes, half-even). */
const SETTLEMENT_SCALE = 8;

export type UpkeepResult = { fixed: number; awaiting: number; settledOrders: number; settledExpiries: number };

/**
 * Expiry (issue 19), run by the options upkeep job (platform jobs, any instance, idempotent):
 *   1. fix the settlement price once: the average of the underlying's 1-minute closes from its
 *      named feed over the `settlementWindowMinutes` before expiry, recorded with the expiry — or,
 *      when a minute of that window has no price from the feed (stale, closed), the reason, and
 *      the expiry waits for an operator's price (never a guessed one);
 *   2. settle each open order in its own transaction, under its row lock, skipping ones another
 *      settler holds: payout = max(0, S−K) (capped) or max(0, K−S) per unit × size × quantity,
 *      rounded down, from the order's reserve to the holder; the rest of the reserve and the
 *      premium to the treasury; a notification. Keys per order and step: a second run, or a run
 *      after a crash between two orders, pays nothing twice and finishes what is left;
 *   3. mark the expiry settled when no open order is left.
 * `maxOrders` bounds step 2 for one call (tests stop a run part-way, as a crash would).
 */
export async function settleDueExpiries(
  ctx: OptionsContext,
  options: { maxOrders?: number } = {},
): Promise<UpkeepResult> {
  const now = ctx.clock.now();
  const result: UpkeepResult = { fixed: 0, awaiting: 0, settledOrders: 0, settledExpiries: 0 };
  let budget = options.maxOrders ?? Number.POSITIVE_INFINITY;
  for (const due of await dueExpiries(ctx.db, new Date(now.getTime() - SETTLEMENT_GRACE_MS))) {
    let expiry: ExpiryRecord | null = due;
    if (due.status === 'listed') {
      expiry = await fixSettlementPrice(ctx, due, now);
      if (expiry?.status === 'settling') result.fixed += 1;
      if (expiry?.status === 'awaiting_operator') result.awaiting += 1;
    }
    if (expiry?.status !== 'settling') continue;
    const settled = await settleOrders(ctx, expiry, budget);
    result.settledOrders += settled.orders;
    budget -= settled.orders;
    if (settled.done) result.settledExpiries += 1;
    if (budget <= 0) break;
  }
  return result;
}

async function fixSettlementPrice(ctx: OptionsContext, expiry: ExpiryRecord, now: Date): Promise<ExpiryRecord | null> {
  const to = expiry.expiresAt.getTime();
  const from = to - expiry.settlementWindowMinutes * MINUTE_MS;
  const { source, candles } = await ctx.market.minuteCandles(expiry.code, from, to);
  const byMinute = new Map(candles.map((candle) => [candle.openTime, candle.close]));
  const missing: number[] = [];
  for (let minute = from; minute < to; minute += MINUTE_MS) if (!byMinute.has(minute)) missing.push(minute);
  if (missing.length > 0 && now.getTime() < to + SETTLEMENT_PATIENCE_MS) return null;
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await lockExpiry(trx, expiry.id);
    if (locked?.status !== 'listed') return locked;
    if (missing.length > 0 || source === null) {
      const minutes = missing.map((minute) => new Date(minute).toISOString().slice(11, 16)).join(', ');
      return updateExpiry(trx, expiry.id, {
        status: 'awaiting_operator',
        awaiting_reason: `no price from the ${source ?? 'instrument’s'} feed for the minute(s) ${minutes} UTC of the settlement window`,
      });
    }
    const closes = [...byMinute.values()].map((close) => Decimal.parse(close));
    const sum = closes.reduce((total, close) => total.add(close), Decimal.ZERO);
    const average = sum.div(Decimal.fromInteger(closes.length), SETTLEMENT_SCALE, 'half-even');
    return updateExpiry(trx, expiry.id, {
      status: 'settling',
      settlement_price: average.toString(),
      settlement_source: `${source}: average of ${closes.length} one-minute closes before expiry`,
      fixed_at: now,
    });
  });
}

/** Settles up to `budget` open orders of a settling expiry; done when none is left (then marked settled). */
export async function settleOrders(
  ctx: OptionsContext,
  expiry: ExpiryRecord,
  budget: number,
): Promise<{ orders: number; done: boolean }> {
  const price = Decimal.parse(expiry.settlementPrice ?? '0');
  const decimals = await ctx.assets.assetDecimals(expiry.asset);
  if (decimals === null || !price.isPositive()) throw new Error(`options expiry ${expiry.id}: nothing to settle at`);
  let orders = 0;
  while (orders < budget) {
    const paid = await ctx.db.transaction().execute(async (trx) => {
      const order = await claimOpenOrderOfExpiry(trx, expiry.id);
      if (!order) return false;
      const series = await findSeries(trx, order.seriesId);
      if (!series) throw new Error(`options order ${order.id}: its series is missing`);
      const perUnit = payoffPerUnit(
        series.type,
        Decimal.parse(series.strike),
        series.cap === null ? null : Decimal.parse(series.cap),
        price,
      );
      const reserve = Decimal.parse(order.reserve);
      const payout = Decimal.min(
        perUnit
          .mul(Decimal.parse(series.contractSize))
          .mul(Decimal.fromInteger(order.quantity))
          .round(decimals, 'down'),
        reserve,
      );
      await moveForOrder(trx, order, decimals, [
        {
          from: OPTIONS_ESCROW,
          to: { kind: 'available', userId: order.userId },
          amount: payout,
          reason: 'option_payout',
          step: 'payout',
        },
        ...treasuryMovesAtEnd(order, payout),
      ]);
      await updateOrder(trx, order.id, {
        status: 'settled',
        settlement_price: price.toString(),
        settlement_source: expiry.settlementSource,
        payout: payout.toString(),
        closed_at: ctx.clock.now(),
      });
      await notifyUser(trx, {
        userId: order.userId,
        template: 'option_settled',
        params: { code: expiry.code, payout: payout.toString(), asset: order.asset },
      });
      return true;
    });
    if (!paid) break;
    orders += 1;
  }
  if ((await countOpenOrdersOfExpiry(ctx.db, expiry.id)) > 0) return { orders, done: false };
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockExpiry(trx, expiry.id);
    if (locked?.status === 'settling')
      await updateExpiry(trx, expiry.id, { status: 'settled', settled_at: ctx.clock.now() });
  });
  return { orders, done: true };
}

/**
 * POST /swx/admin/options-expiries/{id}/settlement — an operator's settlement price for an expiry
 * whose feed had no price over the window (10228 for any other state); audit-logged with the
 * reason and what the feed lacked. The orders are then settled by the caller (and by the job).
 */
export async function decideSettlementPrice(
  ctx: OptionsContext,
  action: OperatorAction,
  expiryId: string,
  input: TSettleOptionsExpiryRequest,
): Promise<ExpiryRecord> {
  const price = Decimal.parse(input.price);
  if (!price.isPositive()) throw new AppError('INVALID_INPUT', { data: { field: 'price' } });
  return ctx.db.transaction().execute(async (trx) => {
    const expiry = await lockExpiry(trx, expiryId);
    if (expiry?.status !== 'awaiting_operator') throw new AppError('OPTIONS_EXPIRY_WRONG');
    const next = await updateExpiry(trx, expiryId, {
      status: 'settling',
      settlement_price: price.toString(),
      settlement_source: 'operator',
      fixed_at: ctx.clock.now(),
      fixed_by: action.operatorId,
    });
    await recordAudit(trx, {
      actorUserId: action.operatorId,
      action: 'options.expiries.settle',
      targetType: 'options_expiry',
      targetId: expiryId,
      before: { status: expiry.status, awaitingReason: expiry.awaitingReason },
      after: { status: next.status, settlementPrice: next.settlementPrice },
      reason: input.reason,
      requestId: action.requestId,
      ip: action.ip,
    });
    return next;
  });
}
