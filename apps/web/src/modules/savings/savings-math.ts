import type { TFinancialProduct } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';

/**
 * The savings screens' arithmetic (issue 18), in exact decimals, as the server computes it
 * (apps/server/src/modules/savings/savings-math.ts): the interest promised at maturity, the
 * penalty of an early exit, and what an amount typed may be. The summary shows these before
 * anything is sent; the server's answer is the order.
 */

export const DAY_MS = 86_400_000;
/** Days in the year of the indicative annual rate: the daily rate × 365, simple (no compounding). */
export const DAYS_PER_YEAR = 365;

/** principal × daily rate × period days, rounded down to the asset's unit. */
export function interestAtMaturity(amount: Decimal, dailyRate: string, periodDays: number, decimals: number): Decimal {
  return amount.mul(Decimal.parse(dailyRate)).mul(Decimal.fromInteger(periodDays)).round(decimals, 'floor');
}

/** principal × penalty rate, rounded down to the asset's unit (the investor's favour). */
export function earlyExitPenalty(amount: Decimal, penaltyRate: string, decimals: number): Decimal {
  return amount.mul(Decimal.parse(penaltyRate)).round(decimals, 'floor');
}

/** The indicative annual rate of a daily rate, as a ratio: 0.0005 × 365 = 0.1825. */
export function indicativeAnnualRate(dailyRate: string): Decimal {
  return Decimal.parse(dailyRate).mul(Decimal.fromInteger(DAYS_PER_YEAR));
}

/** When an order subscribed at `from` matures. */
export function maturityFrom(from: Date, periodDays: number): Date {
  return new Date(from.getTime() + periodDays * DAY_MS);
}

export type AmountProblem =
  | { problem: 'required' | 'invalid' }
  | { problem: 'tooManyDecimals'; decimals: number }
  | { problem: 'belowMinimum'; minimum: string }
  | { problem: 'aboveMaximum'; maximum: string }
  | { problem: 'aboveCapacity'; remaining: string }
  | { problem: 'aboveAvailable'; available: string };

/** Every problem the amount rules report (the texts test names each). */
export const AMOUNT_PROBLEMS: ReadonlyArray<AmountProblem['problem']> = [
  'required',
  'invalid',
  'tooManyDecimals',
  'belowMinimum',
  'aboveMaximum',
  'aboveCapacity',
  'aboveAvailable',
];

/** An amount as typed: digits with an optional point and decimals (no sign, no exponent, no comma). */
const AMOUNT = /^\d{1,20}(\.\d{1,18})?$/;

/** The amount typed, or null when it is not a well-formed one at the asset's precision. */
export function amountOf(input: string, decimals: number): Decimal | null {
  const text = input.trim();
  if (!AMOUNT.test(text)) return null;
  const value = Decimal.parse(text);
  return value.scale > decimals ? null : value;
}

/**
 * What is wrong with the amount typed for a product, in the server's order of checks (minimum,
 * maximum, then the balance and the capacity): null when nothing is. `available` null: unknown.
 */
export function amountProblem(
  input: string,
  product: Pick<TFinancialProduct, 'minAmount' | 'maxAmount' | 'remainingCapacity' | 'decimals'>,
  available: string | null,
): AmountProblem | null {
  const text = input.trim();
  if (text === '') return { problem: 'required' };
  if (!AMOUNT.test(text)) return { problem: 'invalid' };
  const value = Decimal.parse(text);
  if (value.scale > product.decimals) return { problem: 'tooManyDecimals', decimals: product.decimals };
  if (value.lt(Decimal.parse(product.minAmount))) return { problem: 'belowMinimum', minimum: product.minAmount };
  if (value.gt(Decimal.parse(product.maxAmount))) return { problem: 'aboveMaximum', maximum: product.maxAmount };
  if (available !== null && value.gt(Decimal.parse(available))) return { problem: 'aboveAvailable', available };
  if (value.gt(Decimal.parse(product.remainingCapacity))) {
    return { problem: 'aboveCapacity', remaining: product.remainingCapacity };
  }
  return null;
}

/** The smallest unit of an asset with `decimals` places, as a decimal string: 6 → '0.000001'. */
export function smallestUnit(decimals: number): string {
  return Decimal.fromMinorUnits(1n, decimals).toString();
}
