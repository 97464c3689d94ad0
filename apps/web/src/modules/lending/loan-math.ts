import type { TLoanLimit, TLoanSetting } from '@openbourse/contracts';
import { KYC_STATUS, type LoanVerificationLevel } from '@openbourse/contracts/constants';
import { Decimal } from '@openbourse/money';

/**
 * The loan screens' arithmetic (issue 17), in exact decimals: what a borrower may borrow, what the
 * collateral carries, the interest an offer will promise and where an LTV stands. Every figure
 * here is indicative: the server computes the offer and its answer is what is signed.
 */

/** Days in the year of the indicative APR: the daily rate × 365, simple (no compounding). */
export const DAYS_PER_YEAR = 365;

/** The loan limits' level for a KYC status: only a verified identity (1) gets the verified limits. */
export function verificationLevelOf(idefinderStatus: number | null | undefined): LoanVerificationLevel {
  return idefinderStatus === KYC_STATUS.verified ? 'verified' : 'unverified';
}

/** The minimum and maximum a borrower at `level` may borrow; null when that level cannot borrow. */
export function limitFor(setting: Pick<TLoanSetting, 'limits'>, level: LoanVerificationLevel): TLoanLimit | null {
  return setting.limits.find((limit) => limit.verification === level) ?? null;
}

/** A ratio as a percent, exactly: '0.0005' → '0.05', '0.5' → '50'. */
export function ratioToPercent(ratio: string | Decimal): string {
  return Decimal.from(ratio).mul(Decimal.fromInteger(100)).toString();
}

/** The indicative annual rate of a daily rate, as a ratio: 0.0005 × 365 = 0.1825. */
export function indicativeApr(dailyRate: string | Decimal): Decimal {
  return Decimal.from(dailyRate).mul(Decimal.fromInteger(DAYS_PER_YEAR));
}

/** The days of a term that bear interest: those after the interest-free days (never below 0). */
export function chargeableDays(termDays: number, interestFreeDays: number): number {
  return Math.max(0, termDays - interestFreeDays);
}

/**
 * The interest an offer promises on `amount` held to the repayment date: the interest-free days
 * bear none, each later day the daily rate on the principal; rounded down to the asset's decimals
 * (in the borrower's favour), as the server rounds.
 */
export function promisedInterest(input: {
  amount: Decimal;
  dailyRate: string | Decimal;
  termDays: number;
  interestFreeDays: number;
  decimals: number;
}): Decimal {
  const days = Decimal.fromInteger(chargeableDays(input.termDays, input.interestFreeDays));
  return input.amount.mul(Decimal.from(input.dailyRate)).mul(days).round(input.decimals, 'floor');
}

/** The largest loan `collateral` carries at the initial LTV: collateral × price × initialLtv, rounded down. */
export function maxLoanFor(collateral: Decimal, price: Decimal, initialLtv: Decimal, loanDecimals: number): Decimal {
  return collateral.mul(price).mul(initialLtv).round(loanDecimals, 'floor');
}

/** The least collateral that carries `amount` at the initial LTV: amount ÷ (price × initialLtv), rounded up. */
export function collateralRequiredFor(
  amount: Decimal,
  price: Decimal,
  initialLtv: Decimal,
  collateralDecimals: number,
): Decimal | null {
  const perUnit = price.mul(initialLtv);
  if (!perUnit.isPositive()) return null;
  return amount.div(perUnit, collateralDecimals, 'ceil');
}

/** Debt ÷ collateral value, rounded up at 6 digits as the server shows it; null without collateral value. */
export function ltvOf(debt: Decimal, collateral: Decimal, price: Decimal): Decimal | null {
  const value = collateral.mul(price);
  if (!value.isPositive()) return null;
  return debt.div(value, 6, 'ceil');
}

export type AmountReading =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'tooManyDecimals'; decimals: number }
  | { kind: 'notPositive' }
  | { kind: 'amount'; value: Decimal };

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/** What the borrower typed in an amount field: digits with an optional point, at most the asset's decimals, above 0. */
export function readAmount(input: string, decimals: number): AmountReading {
  const text = input.trim();
  if (text === '') return { kind: 'empty' };
  if (!PLAIN_DECIMAL.test(text)) return { kind: 'invalid' };
  const value = Decimal.parse(text);
  if (value.scale > decimals) return { kind: 'tooManyDecimals', decimals };
  if (!value.isPositive()) return { kind: 'notPositive' };
  return { kind: 'amount', value };
}

export type AmountProblem =
  | { problem: 'required' }
  | { problem: 'invalid' }
  | { problem: 'tooManyDecimals'; decimals: number }
  | { problem: 'notPositive' }
  | { problem: 'belowMinimum'; minimum: string }
  | { problem: 'aboveMaximum'; maximum: string }
  | { problem: 'aboveCollateral'; maximum: string }
  | { problem: 'aboveAvailable'; available: string };

/** A reading that is no amount, as the problem to show (null for an amount). */
export function readingProblem(reading: AmountReading): AmountProblem | null {
  switch (reading.kind) {
    case 'empty':
      return { problem: 'required' };
    case 'invalid':
      return { problem: 'invalid' };
    case 'tooManyDecimals':
      return { problem: 'tooManyDecimals', decimals: reading.decimals };
    case 'notPositive':
      return { problem: 'notPositive' };
    default:
      return null;
  }
}

/**
 * The loan amount's problem before it is sent, in the order the server checks: a number above 0,
 * within the limits of the borrower's level, and for a crypto-backed loan within what the
 * collateral carries at the initial LTV (when a price is known).
 */
export function loanAmountProblem(
  input: string,
  rules: { decimals: number; limit: TLoanLimit | null; collateralMaximum: Decimal | null },
): AmountProblem | null {
  const reading = readAmount(input, rules.decimals);
  if (reading.kind !== 'amount') return readingProblem(reading);
  if (rules.limit) {
    if (reading.value.lt(Decimal.parse(rules.limit.minAmount))) {
      return { problem: 'belowMinimum', minimum: rules.limit.minAmount };
    }
    if (reading.value.gt(Decimal.parse(rules.limit.maxAmount))) {
      return { problem: 'aboveMaximum', maximum: rules.limit.maxAmount };
    }
  }
  if (rules.collateralMaximum && reading.value.gt(rules.collateralMaximum)) {
    return { problem: 'aboveCollateral', maximum: rules.collateralMaximum.toString() };
  }
  return null;
}

/** An amount to pay or lock from a balance: a number above 0 and not above what is available. */
export function balanceAmountProblem(
  input: string,
  rules: { decimals: number; available: string | null; maximum?: { value: string; problem: 'aboveMaximum' } },
): AmountProblem | null {
  const reading = readAmount(input, rules.decimals);
  if (reading.kind !== 'amount') return readingProblem(reading);
  if (rules.maximum && reading.value.gt(Decimal.parse(rules.maximum.value))) {
    return { problem: 'aboveMaximum', maximum: rules.maximum.value };
  }
  if (rules.available !== null && reading.value.gt(Decimal.parse(rules.available))) {
    return { problem: 'aboveAvailable', available: rules.available };
  }
  return null;
}

/** The value of a well-formed amount field, or null. */
export function amountOf(input: string, decimals: number): Decimal | null {
  const reading = readAmount(input, decimals);
  return reading.kind === 'amount' ? reading.value : null;
}

export type LtvZone = 'healthy' | 'marginCall' | 'liquidation';

/** Where an LTV stands against a product's thresholds. */
export function ltvZone(ltv: Decimal, marginCallLtv: Decimal, liquidationLtv: Decimal): LtvZone {
  if (ltv.gte(liquidationLtv)) return 'liquidation';
  if (ltv.gte(marginCallLtv)) return 'marginCall';
  return 'healthy';
}

/**
 * The gauge's scale in percent: from 0 to 100, or to just past the LTV when it has gone beyond
 * 100% (a collateral worth less than the debt), so the needle never leaves the gauge.
 */
export function gaugeMaximumPercent(ltv: Decimal | null): Decimal {
  const hundred = Decimal.fromInteger(100);
  if (ltv === null) return hundred;
  const percent = ltv.mul(hundred);
  return percent.gt(hundred) ? percent.round(0, 'ceil') : hundred;
}

/** Where a ratio sits on a gauge whose scale ends at `maximumPercent`, as a CSS percentage with 2 decimals (0–100). */
export function gaugePosition(ratio: Decimal, maximumPercent: Decimal): string {
  const position = ratio
    .mul(Decimal.fromInteger(100))
    .mul(Decimal.fromInteger(100))
    .div(maximumPercent, 2, 'half-even');
  return Decimal.min(Decimal.max(position, Decimal.ZERO), Decimal.fromInteger(100)).toFixed(2);
}
