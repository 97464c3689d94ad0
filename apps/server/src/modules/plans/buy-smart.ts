import type { TBuySmartRequest } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { AppError } from '../../platform/errors/app-error.js';
import { getBalance, transfer } from '../ledger/index.js';
import {
  countFailure,
  failuresOn,
  findOrderByKey,
  holdsRunning,
  insertOrder,
  type PlanOrderRow,
  sampleEquity,
} from './plan-orders.repository.js';
import { type PlansContext, planSubaccount } from './plans.context.js';
import { USDT, USDT_DECIMALS } from './smart-product-wire.js';
import { findProduct, type SmartProductRow } from './smart-products.repository.js';

/**
 * Buying a smart plan (issue 18, SPEC §4 "Smart plan"): checks in the SPEC's order — the product
 * exists and sells (10010), the VIP level (10094 naming it), the amount within the minimum
 * (10016) and maximum (10095), a duration the product offers (10012), the same product not
 * already running (10025), at most two failed attempts per product and day (20096), the
 * appropriateness questions answered (10193: a plan trades leveraged products), the balance
 * (10011). A refusal after the product check counts as a failed attempt (written in its own
 * transaction, so the refusal's rollback keeps it), except the appropriateness questions: answered,
 * the user comes back. Then, in one transaction, the plan is
 * recorded and the amount moves from the live available balance to the plan's own ledger
 * account (`plan:<id>`), from which its strategy trades through the trading engine.
 */

const MAX_FAILED_ATTEMPTS = 2;
const DAY_MS = 86_400_000;

/** A purchase check's refusal, counted as a failed attempt. */
class CountedRefusal extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
}

async function checkPurchase(
  ctx: PlansContext,
  userId: string,
  product: SmartProductRow,
  amount: bigint,
  days: number,
): Promise<void> {
  const refuse = (error: AppError): never => {
    throw new CountedRefusal(error);
  };
  const level = await ctx.users.level(userId);
  if (level < product.min_level)
    refuse(new AppError('VIP_LEVEL_TOO_LOW', { params: { level: `VIP${product.min_level}` } }));
  if (amount < BigInt(product.min_amount)) refuse(new AppError('PURCHASE_AMOUNT_WRONG'));
  if (amount > BigInt(product.max_amount)) refuse(new AppError('INVESTMENT_ABOVE_MAXIMUM'));
  if (!product.days.includes(days)) refuse(new AppError('DAYS_NOT_FOUND'));
  if (await holdsRunning(ctx.db, userId, product.id)) refuse(new AppError('SAME_PRODUCT_BOUGHT'));
  const day = ctx.clock.now().toISOString().slice(0, 10);
  if ((await failuresOn(ctx.db, userId, product.id, day)) >= MAX_FAILED_ATTEMPTS) {
    // Not counted again: the limit is reached.
    throw new AppError('PURCHASE_ATTEMPTS_EXCEEDED');
  }
  // Not a failed purchase: the user is asked the questions and comes back (not counted).
  if (!(await ctx.users.hasAnsweredAppropriateness(userId))) throw new AppError('APPROPRIATENESS_REQUIRED');
  const available = await getBalance(ctx.db, 'live', USDT, { kind: 'available', userId });
  if (available < amount) refuse(new AppError('INSUFFICIENT_BALANCE'));
}

export async function buySmart(ctx: PlansContext, userId: string, request: TBuySmartRequest): Promise<PlanOrderRow> {
  if (request.idempotencyKey) {
    const earlier = await findOrderByKey(ctx.db, userId, request.idempotencyKey);
    if (earlier) return earlier;
  }
  const product = await findProduct(ctx.db, request.productId);
  if (!product?.enabled) throw new AppError('WRONG_SMART_PRODUCT');
  const amount = Decimal.parse(request.amount).toMinorUnits(USDT_DECIMALS, 'down');
  try {
    await checkPurchase(ctx, userId, product, amount, request.days);
    return await startPlan(ctx, userId, product, amount, request);
  } catch (error) {
    const refusal = error instanceof CountedRefusal ? error.error : error;
    const counted =
      error instanceof CountedRefusal ||
      (error instanceof AppError &&
        (error.catalogueName === 'INSUFFICIENT_BALANCE' || error.catalogueName === 'SAME_PRODUCT_BOUGHT'));
    if (counted) {
      await countFailure(ctx.db, userId, product.id, ctx.clock.now().toISOString().slice(0, 10));
    }
    throw refusal;
  }
}

async function startPlan(
  ctx: PlansContext,
  userId: string,
  product: SmartProductRow,
  amount: bigint,
  request: TBuySmartRequest,
): Promise<PlanOrderRow> {
  const started = ctx.clock.now();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const order = await insertOrder(trx, {
        user_id: userId,
        product_id: product.id,
        strategy: product.strategy,
        params: JSON.stringify(product.params),
        code: product.code,
        interval_minutes: product.interval_minutes,
        leverage: product.leverage,
        margin_share: product.margin_share,
        exit_fee_rate: product.exit_fee_rate,
        amount: amount.toString(),
        days: request.days,
        started_at: started,
        ends_at: new Date(started.getTime() + request.days * DAY_MS),
        ending: null,
        finished_at: null,
        exit_fee: null,
        returned: null,
        halted_reason: null,
        halted_detail: null,
        halted_at: null,
        last_bar_at: null,
        idempotency_key: request.idempotencyKey ?? null,
      });
      // The ledger refuses the move when the balance fell meanwhile (10037): nothing is kept.
      await transfer(trx, {
        book: 'live',
        asset: USDT,
        from: { kind: 'available', userId },
        to: { kind: 'plan', userId, name: planSubaccount(order.id) },
        amount,
        reason: 'smart_plan_funding',
        reference: { type: 'smart_order', id: order.id },
        idempotencyKey: `plan:${order.id}:funding`,
      });
      await sampleEquity(trx, order.id, started, amount);
      return order;
    });
  } catch (error) {
    // Two purchases at once: the second meets the one-running-plan-per-product index.
    if (isUniqueViolation(error)) {
      if (request.idempotencyKey) {
        const earlier = await findOrderByKey(ctx.db, userId, request.idempotencyKey);
        if (earlier) return earlier;
      }
      throw new AppError('SAME_PRODUCT_BOUGHT');
    }
    if (error instanceof AppError && error.catalogueName === 'INSUFFICIENT_ACCOUNT_BALANCE') {
      throw new AppError('INSUFFICIENT_BALANCE');
    }
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
