import { SAVINGS_FAILED_ATTEMPTS_PER_DAY, type TInvestRequest, USER_LEVELS } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { AppError } from '../../platform/errors/app-error.js';
import { assertTreasuryCovers, getBalance } from '../ledger/index.js';
import type { Investor, SavingsContext, SavingsView } from './savings.context.js';
import { maturityOf, minorUnits, promisedInterest } from './savings-math.js';
import { moveForOrder, SAVINGS_ESCROW } from './savings-money.js';
import {
  addFailedAttempt,
  failedAttemptsOn,
  findEarningOrder,
  insertSavingsOrder,
  type SavingsOrderRow,
} from './savings-orders.repository.js';
import { auditedSavingsProduct, remainingCapacityOf } from './savings-product-wire.js';
import {
  lockSavingsProduct,
  principalEarningByProduct,
  updateSavingsProductRow,
} from './savings-products.repository.js';

/**
 * Subscribing to a savings product (issue 18; SPEC §5, §8, §0 rule 4), in one transaction holding
 * the product's row lock — so two subscriptions of a product never both take its last capacity,
 * and a user's second subscription sees the first — with the checks in this order, each with its
 * code:
 *   1. the product exists and is on sale ............................ 10211
 *   2. the caller's VIP level reaches the product's minimum ......... 10094 (naming the level)
 *   3. a valid amount at the asset's precision, not below the minimum 10013
 *   4. not above the maximum ........................................ 10095
 *   5. the same product not already held earning .................... 10025
 *   6. fewer than 2 failed attempts at it today (UTC) ............... 20096
 *   7. the available balance covers the amount ...................... 10011
 *   8. the product's remaining capacity takes it .................... 10212
 *   9. the treasury can fund the whole promised interest ............ 10201 (the product pauses itself)
 * Then the order (its terms copied from the product), and the money: the principal from the
 * user's available balance and the whole promised interest from the treasury, both into escrow.
 *
 * Every refusal after the product check counts as a failed attempt (SPEC §9), written in a
 * transaction of its own after the refusal rolled back; the treasury's refusal also pauses the
 * product there, with an audit row by the system, until an operator resumes it.
 */

/** A decimal typed by a user, or null when it is not one. */
function parseAmount(raw: string | number | undefined): Decimal | null {
  if (raw === undefined) return null;
  const text = typeof raw === 'number' ? (Number.isFinite(raw) ? String(raw) : '') : raw.trim();
  if (!/^\d{1,20}(\.\d{1,18})?$/.test(text)) return null;
  return Decimal.parse(text);
}

/** The UTC day of a time, as the failed attempts are counted. */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Refusals that are not failed attempts: the product check itself, and the attempts limit. */
const isCounted = (error: AppError) =>
  error.catalogueName !== 'SAVINGS_PRODUCT_NOT_ON_SALE' && error.catalogueName !== 'PURCHASE_ATTEMPTS_EXCEEDED';

export async function invest(
  ctx: SavingsContext,
  investor: Investor,
  input: TInvestRequest,
  language: string,
): Promise<SavingsOrderRow> {
  const productId = String(input.productId ?? '').trim();
  try {
    return await subscribe(ctx, investor, productId, input.amount, language);
  } catch (error) {
    if (error instanceof AppError && isCounted(error)) {
      const at = ctx.clock.now();
      await ctx.db.transaction().execute(async (trx) => {
        await addFailedAttempt(trx, { userId: investor.id, productId, day: utcDay(at), code: error.code, at });
        if (error.catalogueName === 'TREASURY_CANNOT_FUND') await pauseForTreasury(trx, productId, error, at);
      });
    }
    throw error;
  }
}

async function subscribe(
  ctx: SavingsContext,
  investor: Investor,
  productId: string,
  rawAmount: TInvestRequest['amount'],
  language: string,
): Promise<SavingsOrderRow> {
  return ctx.db.transaction().execute(async (trx) => {
    // 1. On sale, read under its lock (a pause committed meanwhile is seen).
    const product = await lockSavingsProduct(trx, productId);
    if (product?.status !== 'on_sale') throw new AppError('SAVINGS_PRODUCT_NOT_ON_SALE');
    // 2. VIP level, named in the message ('VIP1 or higher').
    if (investor.level < product.minLevel) {
      const level = USER_LEVELS[product.minLevel] ?? `VIP${product.minLevel}`;
      throw new AppError('VIP_LEVEL_TOO_LOW', { params: { level }, data: { minLevel: product.minLevel } });
    }
    // 3–4. The amount, within the product's limits at the asset's precision.
    const decimals = await ctx.assets.assetDecimals(product.asset);
    if (decimals === null) throw new AppError('SAVINGS_PRODUCT_NOT_ON_SALE');
    const minimum = Decimal.parse(product.minAmount);
    const maximum = Decimal.parse(product.maxAmount);
    const amount = parseAmount(rawAmount);
    if (amount === null || amount.scale > decimals || amount.lt(minimum)) {
      throw new AppError('INVESTMENT_AMOUNT_WRONG', {
        data: { minimum: minimum.toString(), maximum: maximum.toString(), decimals },
      });
    }
    if (amount.gt(maximum)) throw new AppError('INVESTMENT_ABOVE_MAXIMUM', { data: { maximum: maximum.toString() } });
    // 5. The same product is not held twice at once.
    if (await findEarningOrder(trx, investor.id, product.id)) throw new AppError('SAME_PRODUCT_BOUGHT');
    // 6. At most two failed attempts a day.
    const now = ctx.clock.now();
    if ((await failedAttemptsOn(trx, investor.id, product.id, utcDay(now))) >= SAVINGS_FAILED_ATTEMPTS_PER_DAY) {
      throw new AppError('PURCHASE_ATTEMPTS_EXCEEDED');
    }
    // 7. The balance (read here; the transfer below checks it again under the account's lock).
    const principal = minorUnits(amount, decimals);
    const available = await getBalance(trx, 'live', product.asset, { kind: 'available', userId: investor.id });
    if (available < principal) throw new AppError('INSUFFICIENT_BALANCE');
    // 8. Capacity: the principal earning now, under the product's lock.
    const earning = (await principalEarningByProduct(trx, [product.id])).get(product.id) ?? Decimal.ZERO;
    const remaining = remainingCapacityOf(product, earning);
    if (amount.gt(remaining)) {
      throw new AppError('SAVINGS_CAPACITY_EXHAUSTED', {
        params: { remaining: remaining.toString(), asset: product.asset },
        data: { remaining: remaining.toString() },
      });
    }
    // 9. The whole promise funded now (SPEC §0 rule 4), under the ledger's treasury funding lock.
    const interest = promisedInterest({
      principal: amount,
      dailyRate: Decimal.parse(product.dailyRate),
      periodDays: product.periodDays,
      decimals,
    });
    await assertTreasuryCovers(trx, product.asset, minorUnits(interest, decimals));

    const order = await insertSavingsOrder(trx, {
      user_id: investor.id,
      product_id: product.id,
      product_version: product.version,
      asset: product.asset,
      asset_decimals: decimals,
      principal: amount.toString(),
      daily_rate: product.dailyRate,
      period_days: product.periodDays,
      penalty_rate: product.penaltyRate,
      promised_interest: interest.toString(),
      status: 'earning',
      invested_at: now,
      matures_at: maturityOf(now, product.periodDays),
      language,
      closed_at: null,
      returned: null,
      penalty: null,
      created_at: now,
      updated_at: now,
    });
    try {
      await moveForOrder(trx, order, [
        {
          from: { kind: 'available', userId: investor.id },
          to: SAVINGS_ESCROW,
          amount: principal,
          reason: 'savings_principal',
          step: 'principal',
        },
        {
          from: { kind: 'treasury' },
          to: SAVINGS_ESCROW,
          amount: minorUnits(interest, decimals),
          reason: 'savings_interest_reserve',
          step: 'interest-reserve',
        },
      ]);
    } catch (error) {
      // A concurrent spend of the balance since step 7: the same refusal.
      if (error instanceof AppError && error.catalogueName === 'INSUFFICIENT_BALANCE') {
        throw new AppError('INSUFFICIENT_BALANCE');
      }
      throw error;
    }
    return order;
  });
}

/**
 * SPEC §0 rule 4: "when the treasury cannot fund it, the product refuses new subscriptions". The
 * product pauses itself (reason `treasury`) until an operator resumes it, with an audit row by the
 * system naming the refusal. Nothing else changes; a product already paused stays as it is.
 */
async function pauseForTreasury(trx: SavingsView, productId: string, error: AppError, at: Date): Promise<void> {
  const current = await lockSavingsProduct(trx, productId);
  if (current?.status !== 'on_sale') return;
  const next = await updateSavingsProductRow(trx, productId, {
    state: { status: 'paused', pausedReason: 'treasury' },
    at,
  });
  await recordAudit(trx, {
    actorUserId: null,
    action: 'savings.products.pause_treasury',
    targetType: 'savings_product',
    targetId: productId,
    before: auditedSavingsProduct(current),
    after: auditedSavingsProduct(next),
    reason: 'the treasury cannot fund the interest a subscription would promise',
    details: { code: error.code },
    requestId: null,
    ip: null,
  });
}
