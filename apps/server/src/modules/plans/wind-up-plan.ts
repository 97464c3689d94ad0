import { Decimal } from '@openbourse/money';
import { AppError } from '../../platform/errors/app-error.js';
import { getBalance, transfer } from '../ledger/index.js';
import { notifyUser } from '../notify/index.js';
import { findOrder, lockOrder, type PlanOrderRow, sampleEquity, updateOrder } from './plan-orders.repository.js';
import { type PlansContext, planSubaccount } from './plans.context.js';
import { USDT, USDT_DECIMALS, usdt } from './smart-product-wire.js';
import { findProduct } from './smart-products.repository.js';

/**
 * Ending a plan (SPEC §4 "Smart plan"): finished at the end of its days, or exited early by its
 * user. In three steps, each safe to repeat: the plan is marked `ending` (it opens nothing more);
 * its open positions are closed through the engine at current prices; then, in one transaction,
 * the early-exit fee (exitFeeRate × amount, floored, at most what the plan holds) goes to fees
 * and the rest of the plan's account back to the live available balance, the plan is settled
 * and its user notified. A crash between steps leaves `ending` set, and the upkeep completes it.
 * Positions that cannot close now (the market is closed) leave the plan ending until they can.
 */

export type WindUpKind = 'finish' | 'exit';

/** Marks a running plan as ending; an exit of a plan not running answers 10220. */
export async function markEnding(ctx: PlansContext, orderId: string, kind: WindUpKind): Promise<PlanOrderRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (!order) throw new AppError('NO_PERMISSION_ON_RECORD');
    if (order.status !== 'running') throw new AppError('SMART_ORDER_NOT_RUNNING');
    // An exit asked while the plan is finishing on its own finishes it (no fee).
    if (order.ending !== null) return order;
    return updateOrder(trx, orderId, { ending: kind });
  });
}

/** Closes the plan's open positions; false when one could not be closed now. */
async function closePositions(ctx: PlansContext, order: PlanOrderRow): Promise<boolean> {
  const sub = planSubaccount(order.id);
  const open = await ctx.trading.positions(order.user_id, sub, 'open');
  let allClosed = true;
  for (const position of open) {
    try {
      await ctx.trading.close(sub, position.orderNo);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Closed meanwhile by a level or a stop-out: fine. Not tradable now: later.
      if (error.catalogueName !== 'POSITION_NOT_OPEN') allClosed = false;
    }
  }
  return allClosed;
}

/** Completes an ending plan: pays out and settles it once. Answers the plan as it is after. */
export async function completeWindUp(ctx: PlansContext, orderId: string): Promise<PlanOrderRow> {
  const marked = await findOrder(ctx.db, orderId);
  if (!marked) throw new AppError('NO_PERMISSION_ON_RECORD');
  if (marked.status !== 'running' || marked.ending === null) return marked;
  if (!(await closePositions(ctx, marked))) return marked;
  const product = await findProduct(ctx.db, marked.product_id);
  const settled = await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (order?.status !== 'running' || order.ending === null) return { order: order ?? marked, paid: null };
    const owner = order.user_id;
    const name = planSubaccount(order.id);
    const held = await getBalance(trx, 'live', USDT, { kind: 'plan_held', userId: owner, name });
    // A position opened after the closes above (cannot happen once ending is set, but the ledger decides).
    if (held > 0n) return { order, paid: null };
    const balance = await getBalance(trx, 'live', USDT, { kind: 'plan', userId: owner, name });
    const amount = BigInt(order.amount);
    const isExit = order.ending === 'exit';
    const fullFee = isExit
      ? Decimal.fromMinorUnits(amount, USDT_DECIMALS)
          .mul(Decimal.parse(order.exit_fee_rate))
          .toMinorUnits(USDT_DECIMALS, 'floor')
      : 0n;
    const fee = fullFee < balance ? fullFee : balance;
    const reference = { type: 'smart_order', id: order.id };
    if (fee > 0n) {
      await transfer(trx, {
        book: 'live',
        asset: USDT,
        from: { kind: 'plan', userId: owner, name },
        to: { kind: 'fees' },
        amount: fee,
        reason: 'smart_plan_exit_fee',
        reference,
        idempotencyKey: `plan:${order.id}:exit-fee`,
      });
    }
    const returned = balance - fee;
    if (returned > 0n) {
      await transfer(trx, {
        book: 'live',
        asset: USDT,
        from: { kind: 'plan', userId: owner, name },
        to: { kind: 'available', userId: owner },
        amount: returned,
        reason: 'smart_plan_return',
        reference,
        idempotencyKey: `plan:${order.id}:return`,
      });
    }
    const at = ctx.clock.now();
    await sampleEquity(trx, order.id, at, balance);
    const next = await updateOrder(trx, order.id, {
      status: isExit ? 'exited_early' : 'finished',
      finished_at: at,
      exit_fee: fee.toString(),
      returned: returned.toString(),
    });
    await notifyUser(trx, {
      userId: owner,
      template: 'plan_finished',
      params: {
        plan: product?.names.en ?? order.code,
        amount: usdt(returned),
        asset: USDT,
        pnl: usdt(balance - amount),
      },
    });
    return { order: next, paid: returned };
  });
  if (settled.paid !== null) ctx.log.info({ orderId, returned: settled.paid.toString() }, 'smart plan settled');
  return settled.order;
}

/** A user exits a running plan early: marked, positions closed, fee charged, the rest returned. */
export async function exitSmart(ctx: PlansContext, userId: string, orderId: string): Promise<PlanOrderRow> {
  const order = await findOrder(ctx.db, orderId);
  if (!order || order.user_id !== userId) throw new AppError('NO_PERMISSION_ON_RECORD');
  if (order.status !== 'running') throw new AppError('SMART_ORDER_NOT_RUNNING');
  // Positions close at current prices: outside the instrument's hours nothing is changed (10015).
  const open = await ctx.trading.positions(order.user_id, planSubaccount(order.id), 'open');
  if (open.length > 0 && (!ctx.market.isTradableNow(order.code) || ctx.market.isStale(order.code))) {
    throw new AppError('NOT_TRADABLE_NOW');
  }
  await markEnding(ctx, orderId, 'exit');
  return completeWindUp(ctx, orderId);
}
