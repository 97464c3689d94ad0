import { Decimal } from '@openbourse/money';
import {
  LOAN_PRICE_MAX_AGE_MS,
  LOAN_PRICE_MAX_FUTURE_SKEW_MS,
  LTV_DISPLAY_SCALE,
  MARGIN_CALL_REPEAT_STEP,
  TRIGGER_PRICE_SCALE,
} from './lending-constants.js';
import type { EpochMs, LoanAsset } from './loan-types.js';

/**
 * Loan-to-value of crypto-backed loans (issue 17): LTV = debt / (collateral amount × price), the
 * price being the collateral's price in the loan's asset, with its source and time (SPEC §0.2).
 * Every check is exact: "LTV ≥ L" is decided as "debt ≥ L × collateral × price" in exact decimals;
 * a rounded LTV is only ever shown or recorded.
 */

/** A price as the market gives it: what, in what, from which feed, when, and whether it is stale. */
export type PriceQuote = {
  /** The collateral asset, e.g. BTC. */
  base: string;
  /** The loan's asset, e.g. USDT. */
  quote: string;
  price: Decimal;
  source: string;
  /** The feed's time of the price, epoch ms. */
  time: EpochMs;
  /** The market marks the source stale (quiet feed): never acted on. */
  isStale: boolean;
};

export type PriceRefusal = 'source_stale' | 'too_old' | 'from_future' | 'not_positive';

/** Whether a price may move a loan at `now`: fresh, from a live source, positive. */
export function priceRefusal(quote: PriceQuote, now: EpochMs): PriceRefusal | null {
  if (quote.isStale) return 'source_stale';
  if (!quote.price.isPositive()) return 'not_positive';
  if (now - quote.time > LOAN_PRICE_MAX_AGE_MS) return 'too_old';
  if (quote.time - now > LOAN_PRICE_MAX_FUTURE_SKEW_MS) return 'from_future';
  return null;
}

/** A crypto-backed product's thresholds: 0 < initial < margin call < liquidation < 1. */
export type LtvThresholds = { initialLtv: Decimal; marginCallLtv: Decimal; liquidationLtv: Decimal };

export function assertLtvThresholds(t: LtvThresholds): void {
  const ordered =
    t.initialLtv.isPositive() &&
    t.initialLtv.lt(t.marginCallLtv) &&
    t.marginCallLtv.lt(t.liquidationLtv) &&
    t.liquidationLtv.lt(Decimal.ONE);
  if (!ordered) {
    throw new RangeError(
      `LTV thresholds must satisfy 0 < initial < margin call < liquidation < 1, got ${t.initialLtv}, ${t.marginCallLtv}, ${t.liquidationLtv}`,
    );
  }
}

/** The collateral's value in the loan's asset, exact. */
export function collateralValue(collateral: Decimal, price: Decimal): Decimal {
  return collateral.mul(price);
}

/** The LTV for showing and recording, rounded up at LTV_DISPLAY_SCALE; null without collateral value. */
export function ltvOf(debt: Decimal, collateral: Decimal, price: Decimal): Decimal | null {
  const value = collateralValue(collateral, price);
  if (!value.isPositive()) return null;
  return debt.div(value, LTV_DISPLAY_SCALE, 'ceil');
}

/** Exactly: LTV ≥ threshold (debt ≥ threshold × collateral × price). No collateral value and a debt: true. */
export function ltvReaches(debt: Decimal, collateral: Decimal, price: Decimal, threshold: Decimal): boolean {
  if (!debt.isPositive()) return false;
  return debt.gte(threshold.mul(collateralValue(collateral, price)));
}

/** The largest loan the collateral allows at the initial LTV, rounded down to the loan asset. */
export function maxLoanFor(collateral: Decimal, price: Decimal, initialLtv: Decimal, loanAsset: LoanAsset): Decimal {
  return collateralValue(collateral, price).mul(initialLtv).round(loanAsset.decimals, 'floor');
}

/** The least collateral for `amount` at the initial LTV, rounded up to the collateral asset. */
export function collateralRequiredFor(
  amount: Decimal,
  price: Decimal,
  initialLtv: Decimal,
  collateralAsset: LoanAsset,
): Decimal {
  return amount.div(price.mul(initialLtv), collateralAsset.decimals, 'ceil');
}

/**
 * The price at or below which LTV ≥ threshold: debt / (collateral × threshold), rounded down at
 * TRIGGER_PRICE_SCALE, so for any price with at most that many digits
 * `price ≤ triggerPrice` ⟺ `ltvReaches(debt, collateral, price, threshold)`. Null without debt
 * (no price reaches it).
 */
export function triggerPrice(debt: Decimal, collateral: Decimal, threshold: Decimal): Decimal | null {
  if (!debt.isPositive()) return null;
  if (!collateral.isPositive() || !threshold.isPositive()) {
    throw new RangeError('a loan with debt needs positive collateral and threshold to be monitored');
  }
  return debt.div(collateral.mul(threshold), TRIGGER_PRICE_SCALE, 'floor');
}

export type LtvAssessment =
  | { state: 'price_refused'; reason: PriceRefusal }
  | {
      state: 'healthy' | 'margin_call' | 'liquidation';
      ltv: Decimal | null;
      price: Decimal;
      source: string;
      priceTime: EpochMs;
    };

/**
 * Where a loan stands at a price: liquidation at or above the liquidation LTV, margin call at or
 * above the margin-call LTV, healthy below. A stale or otherwise refused price says so and
 * nothing else: it never produces a margin call or a liquidation.
 */
export function assessLtv(input: {
  debt: Decimal;
  collateral: Decimal;
  quote: PriceQuote;
  thresholds: LtvThresholds;
  now: EpochMs;
}): LtvAssessment {
  const { debt, collateral, quote, thresholds } = input;
  const refusal = priceRefusal(quote, input.now);
  if (refusal !== null) return { state: 'price_refused', reason: refusal };
  const state = ltvReaches(debt, collateral, quote.price, thresholds.liquidationLtv)
    ? 'liquidation'
    : ltvReaches(debt, collateral, quote.price, thresholds.marginCallLtv)
      ? 'margin_call'
      : 'healthy';
  return {
    state,
    ltv: ltvOf(debt, collateral, quote.price),
    price: quote.price,
    source: quote.source,
    priceTime: quote.time,
  };
}

/**
 * The LTV at which the next margin-call warning fires, given the LTV now: the margin-call LTV
 * while below it, then the next MARGIN_CALL_REPEAT_STEP above it strictly beyond `ltvNow`; null
 * once that would be at or beyond the liquidation LTV (liquidation is the next event).
 */
export function nextWarningLtv(thresholds: LtvThresholds, ltvNow: Decimal | null): Decimal | null {
  let level = thresholds.marginCallLtv;
  if (ltvNow?.gte(level)) {
    const steps = ltvNow.sub(level).div(MARGIN_CALL_REPEAT_STEP, 0, 'floor').add(Decimal.ONE);
    level = level.add(steps.mul(MARGIN_CALL_REPEAT_STEP));
  }
  return level.lt(thresholds.liquidationLtv) ? level : null;
}
