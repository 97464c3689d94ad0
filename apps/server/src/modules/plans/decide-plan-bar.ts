import { Decimal } from '@openbourse/money';
import {
  aggregateCandles,
  type Bar,
  bucketStart,
  levelToPrice,
  type PositionView,
  type StrategyOrder,
  sizePosition,
  strategyById,
} from '@openbourse/strategies';
import { AppError } from '../../platform/errors/app-error.js';
import { lockOrder, type PlanOrderRow, sampleEquity, updateOrder } from './plan-orders.repository.js';
import { type PlansContext, planSubaccount } from './plans.context.js';

/**
 * One decision of a running plan (issue 18): when a bar of its interval has closed since the last
 * one it decided on, the strategy (packages/strategies, the code its backtest ran) is rebuilt
 * from the stored 1-minute candles — the last `warmupBars` bars, fed without acting — and asked
 * about the new bar; what it orders goes through the trading engine from the plan's own
 * subaccount, sized by the rule the backtest used. Deterministic and stateless between
 * decisions, so a restart or another instance taking over decides exactly as this one would.
 *
 * It never trades an instrument outside its hours (the bar is skipped), and a stale price or a
 * strategy that throws stops it opening positions, said on the plan (`halted_*`): a stale price
 * until a fresh one returns, an error for good. Closing stays possible either way.
 */

/** How long after a bar closes its candles may still be on their way to the database. */
const CANDLE_GRACE_MS = 15_000;

export type BarDecision = 'not-due' | 'skipped-closed-market' | 'halted' | 'decided';

const barOf = (candle: {
  openTime: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}): Bar => ({
  time: candle.openTime,
  // Indicators are statistics: float64 here; the money (margin, fee, P&L) is exact in the engine.
  open: Number(candle.open),
  high: Number(candle.high),
  low: Number(candle.low),
  close: Number(candle.close),
  volume: Number(candle.volume),
});

async function halt(ctx: PlansContext, order: PlanOrderRow, reason: 'strategy_error' | 'stale_price', detail: string) {
  await updateOrder(ctx.db, order.id, {
    halted_reason: reason,
    halted_detail: detail.slice(0, 500),
    halted_at: ctx.clock.now(),
  });
  ctx.log.warn({ orderId: order.id, reason, detail }, 'smart plan stopped opening positions');
}

export async function decidePlanBar(ctx: PlansContext, order: PlanOrderRow): Promise<BarDecision> {
  if (order.status !== 'running' || order.ending !== null) return 'not-due';
  const now = ctx.clock.now().getTime();
  if (now >= order.ends_at.getTime()) return 'not-due';
  const intervalMs = order.interval_minutes * 60_000;
  // The open time of the last bar that has closed.
  const lastClosed = bucketStart(now, order.interval_minutes) - intervalMs;
  if (lastClosed < order.started_at.getTime() - intervalMs) return 'not-due';
  if (order.last_bar_at && order.last_bar_at.getTime() >= lastClosed) return 'not-due';
  const markDecided = async () => {
    await updateOrder(ctx.db, order.id, { last_bar_at: new Date(lastClosed) });
    const sub = planSubaccount(order.id);
    const funds = await ctx.trading.funds(order.user_id, sub);
    await sampleEquity(ctx.db, order.id, new Date(lastClosed + intervalMs), funds.equity);
  };
  if (!ctx.market.isTradableNow(order.code)) {
    await markDecided();
    return 'skipped-closed-market';
  }
  const price = ctx.market.price(order.code);
  if (price === null || ctx.market.isStale(order.code)) {
    if (order.halted_reason === null) await halt(ctx, order, 'stale_price', `${order.code} had no fresh price`);
    await markDecided();
    return 'halted';
  }
  if (order.halted_reason === 'stale_price') {
    await updateOrder(ctx.db, order.id, { halted_reason: null, halted_detail: null, halted_at: null });
    order = { ...order, halted_reason: null };
  }
  const sub = planSubaccount(order.id);
  let orders: readonly StrategyOrder[];
  let position: { orderNo: string; view: PositionView } | null = null;
  try {
    const strategy = strategyById(order.strategy);
    if (!strategy) throw new Error(`unknown strategy ${order.strategy}`);
    const warmup = strategy.warmupBars(order.params);
    const stored = await ctx.market.minuteCandles(
      order.code,
      lastClosed - warmup * intervalMs,
      lastClosed + intervalMs,
    );
    const bars = aggregateCandles(stored.candles, order.interval_minutes);
    const last = bars.at(-1);
    if (!last || last.openTime !== lastClosed) {
      // The bar's minutes reach the database a moment after it closes (the hub flushes candles
      // every second or so): ask again on the next pass. Still none after the grace: a quiet
      // feed, nothing to decide on.
      if (now < lastClosed + intervalMs + CANDLE_GRACE_MS) return 'not-due';
      await markDecided();
      return 'decided';
    }
    const [open] = await ctx.trading.positions(order.user_id, sub, 'open');
    // The bar a position was opened on the decision of (the one that closed before it opened):
    // the strategy saw it from the next bar on, whose decision came after it opened.
    const openedAt = open?.openedAt ? Date.parse(open.openedAt) : Number.POSITIVE_INFINITY;
    const view: PositionView = open?.openPrice ? { side: open.side, entryPrice: Number(open.openPrice) } : null;
    position = open ? { orderNo: open.orderNo, view } : null;
    const run = strategy.start(order.params);
    orders = [];
    for (const bar of bars) {
      // The plan's position as it was at that bar: none before it opened.
      const asked = run.step(barOf(bar), bar.openTime + intervalMs >= openedAt ? view : null);
      if (bar === last) orders = asked;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    await halt(ctx, order, 'strategy_error', error instanceof Error ? error.message : String(error));
    await markDecided();
    return 'halted';
  }
  for (const asked of orders) {
    if (asked.kind === 'close' && position) {
      await ctx.trading.close(sub, position.orderNo);
      position = null;
    } else if (asked.kind === 'open' && !position && order.halted_reason === null) {
      await openFor(ctx, order, sub, asked, price);
    }
  }
  await markDecided();
  return 'decided';
}

async function openFor(
  ctx: PlansContext,
  order: PlanOrderRow,
  sub: string,
  asked: Extract<StrategyOrder, { kind: 'open' }>,
  price: string,
): Promise<void> {
  const instrument = ctx.market.instrument(order.code);
  if (!instrument) return;
  const funds = await ctx.trading.funds(order.user_id, sub);
  const sizing = sizePosition({
    equity: funds.equity,
    available: funds.free,
    price,
    leverage: order.leverage,
    marginShare: order.margin_share,
    feeRate: await ctx.market.feeRate(instrument.assetClass),
    instrument,
  });
  if (!sizing.ok) {
    ctx.log.info({ orderId: order.id, reason: sizing.reason }, 'smart plan order too small to open');
    return;
  }
  const level = (value: number | null) => (value === null ? undefined : levelToPrice(value, instrument.tickSize));
  try {
    await ctx.trading.open(order.user_id, sub, {
      code: order.code,
      side: asked.side,
      orderType: 'market',
      lots: sizing.lots.toString(),
      leverage: sizing.leverage,
      stopLoss: level(asked.stopLoss),
      takeProfit: level(asked.takeProfit),
    });
  } catch (error) {
    // A refusal of the engine (stops on the wrong side of a moved price, funds): logged, the plan goes on.
    if (!(error instanceof AppError)) throw error;
    ctx.log.warn({ orderId: order.id, code: error.catalogueName }, 'smart plan order refused by the engine');
  }
}

/** Locks a plan and answers it (for the wind-up). */
export { lockOrder };
export const decimalOf = (minor: bigint) => Decimal.fromMinorUnits(minor, 6);
