import { Decimal } from '@openbourse/money';
import { accrueInterest, interestDue, outstandingOf } from './interest.js';
import { LIQUIDATION_DUST_SHARE } from './lending-constants.js';
import type { EpochMs, LoanAsset, LoanBalance, LoanTerms, TransferIntent } from './loan-types.js';
import {
  assertLtvThresholds,
  type LtvThresholds,
  ltvOf,
  ltvReaches,
  type PriceQuote,
  type PriceRefusal,
  priceRefusal,
} from './ltv.js';
import { settleDebt } from './repayment.js';
import { type LoanStep, pushTransfer } from './transfer-intents.js';

/**
 * Liquidation of a crypto-backed loan at its liquidation LTV (issue 17), as a plan the lending
 * service carries out in one database transaction: the transfers (with their idempotency keys)
 * and the loan's balance after.
 *
 * The collateral sold goes from the user's held balance to the treasury at the market price; the
 * proceeds (collateral sold × price, rounded UP to the loan asset: the user is credited the last
 * fraction) settle the debt, interest first, then principal, like a repayment. The debt is owed
 * to the treasury, so the part of the proceeds that settles it moves no money of the loan's asset;
 * only a surplus does (treasury → user).
 *
 * - Partial: sell s = (D − L₀·C·p) / (p·(1 − L₀)), rounded up to the collateral's precision, the
 *   least that brings the LTV back to the initial LTV L₀ (D debt, C collateral, p price):
 *   (D − s·p) / ((C − s)·p) = L₀. Rounding s up and the proceeds up only lowers the LTV after.
 * - Full, when the collateral covers the debt but a partial sale would leave dust (see
 *   LIQUIDATION_DUST_SHARE) or no collateral: sell ⌈D / p⌉ (to the collateral's precision), settle
 *   the whole debt, return the surplus of the proceeds in the loan's asset and the collateral not
 *   sold, in kind, to the user's available balance.
 * - Full, under water (C·p < D): all the collateral is sold, the proceeds settle what they can and
 *   the rest is written off (LIQUIDATION_SHORTFALL_POLICY).
 *
 * A price the market marks stale, or older than LOAN_PRICE_MAX_AGE_MS, never liquidates.
 */

export type LiquidationInput = {
  terms: LoanTerms;
  /** The loan's balance (accrued to `now` here before anything else). */
  balance: LoanBalance;
  collateralAsset: LoanAsset;
  /** The collateral held for the loan. */
  collateral: Decimal;
  thresholds: LtvThresholds;
  quote: PriceQuote;
  now: EpochMs;
  step: LoanStep;
};

export type LiquidationRefusal =
  | { ok: false; reason: 'price_refused'; price: PriceRefusal }
  | { ok: false; reason: 'price_pair_mismatch' }
  | { ok: false; reason: 'nothing_owed' }
  | { ok: false; reason: 'below_liquidation_ltv'; ltv: Decimal | null };

export type LiquidationPlan = {
  ok: true;
  kind: 'partial' | 'full';
  price: { value: Decimal; source: string; time: EpochMs };
  debtBefore: Decimal;
  collateralBefore: Decimal;
  ltvBefore: Decimal | null;
  /** Held → treasury, at `price`. */
  collateralSold: Decimal;
  /** collateralSold × price, rounded up to the loan asset. */
  proceeds: Decimal;
  interestPaid: Decimal;
  principalPaid: Decimal;
  /** Proceeds beyond the debt, returned to the user in the loan's asset. */
  surplus: Decimal;
  /** Collateral returned to the user's available balance (full liquidation). */
  collateralReleased: Decimal;
  /** Collateral still held for the loan (partial liquidation). */
  collateralAfter: Decimal;
  /** Debt written off because the collateral did not cover it (under water). */
  shortfall: Decimal;
  /** Exact interest below one minor unit forgiven when the debt is closed. */
  interestWaived: Decimal;
  balance: LoanBalance;
  debtAfter: Decimal;
  /** The LTV after a partial liquidation (≤ the initial LTV); null after a full one. */
  ltvAfter: Decimal | null;
  transfers: TransferIntent[];
};

export type LiquidationResult = LiquidationRefusal | LiquidationPlan;

export function planLiquidation(input: LiquidationInput): LiquidationResult {
  const { terms, collateralAsset, collateral, thresholds, quote, step } = input;
  assertLtvThresholds(thresholds);
  const refusal = priceRefusal(quote, input.now);
  if (refusal !== null) return { ok: false, reason: 'price_refused', price: refusal };
  if (quote.base !== collateralAsset.code || quote.quote !== terms.asset.code) {
    return { ok: false, reason: 'price_pair_mismatch' };
  }
  if (collateral.isNegative() || collateral.scale > collateralAsset.decimals) {
    throw new RangeError(`bad collateral amount ${collateral.toString()}`);
  }
  const p = quote.price;
  const accrued = accrueInterest(terms, input.balance, input.now);
  const debt = outstandingOf(terms, accrued);
  if (!debt.isPositive()) return { ok: false, reason: 'nothing_owed' };
  const ltvBefore = ltvOf(debt, collateral, p);
  if (!ltvReaches(debt, collateral, p, thresholds.liquidationLtv)) {
    return { ok: false, reason: 'below_liquidation_ltv', ltv: ltvBefore };
  }

  const value = collateral.mul(p);
  const proceedsOf = (sold: Decimal) => sold.mul(p).round(terms.asset.decimals, 'ceil');
  let kind: 'partial' | 'full' = 'full';
  let sold: Decimal;
  if (value.lt(debt)) {
    sold = collateral; // under water: everything goes
  } else {
    const l0 = thresholds.initialLtv;
    const partial = debt.sub(l0.mul(value)).div(p.mul(Decimal.ONE.sub(l0)), collateralAsset.decimals, 'ceil');
    const remainingDebt = debt.sub(proceedsOf(partial));
    const isPartialWorth =
      partial.lt(collateral) && remainingDebt.isPositive() && remainingDebt.gte(debt.mul(LIQUIDATION_DUST_SHARE));
    if (isPartialWorth) {
      kind = 'partial';
      sold = partial;
    } else {
      // ⌈D / p⌉ ≤ C, since D ≤ C·p and C is on the collateral's grid.
      sold = debt.div(p, collateralAsset.decimals, 'ceil');
    }
  }

  const proceeds = proceedsOf(sold);
  const applied = Decimal.min(proceeds, debt);
  const settlement = settleDebt(terms, accrued, applied);
  const surplus = proceeds.sub(applied);
  const shortfall = kind === 'full' ? debt.sub(applied) : Decimal.ZERO;
  const balance: LoanBalance =
    kind === 'full'
      ? { principal: Decimal.ZERO, accruedInterest: Decimal.ZERO, accruedDays: accrued.accruedDays }
      : settlement.balance;
  // Closed under water: the exact interest below one minor unit goes with the shortfall.
  const interestWaived =
    kind === 'full' && !settlement.isSettled
      ? settlement.balance.accruedInterest.sub(interestDue(terms, settlement.balance))
      : settlement.interestWaived;
  const collateralAfter = kind === 'partial' ? collateral.sub(sold) : Decimal.ZERO;
  const collateralReleased = kind === 'full' ? collateral.sub(sold) : Decimal.ZERO;
  const debtAfter = outstandingOf(terms, balance);

  const held = { kind: 'held', userId: step.userId } as const;
  const available = { kind: 'available', userId: step.userId } as const;
  const treasury = { kind: 'treasury' } as const;
  const transfers: TransferIntent[] = [];
  pushTransfer(transfers, step, 'collateral_sale', collateralAsset, sold, held, treasury);
  pushTransfer(transfers, step, 'surplus_return', terms.asset, surplus, treasury, available);
  pushTransfer(transfers, step, 'collateral_release', collateralAsset, collateralReleased, held, available);

  return {
    ok: true,
    kind,
    price: { value: p, source: quote.source, time: quote.time },
    debtBefore: debt,
    collateralBefore: collateral,
    ltvBefore,
    collateralSold: sold,
    proceeds,
    interestPaid: settlement.interestPaid,
    principalPaid: settlement.principalPaid,
    surplus,
    collateralReleased,
    collateralAfter,
    shortfall,
    interestWaived,
    balance,
    debtAfter,
    ltvAfter: kind === 'partial' ? ltvOf(debtAfter, collateralAfter, p) : null,
    transfers,
  };
}
