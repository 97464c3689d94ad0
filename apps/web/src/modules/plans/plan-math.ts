import type { TEquityPoint } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';

/**
 * The plan screens' arithmetic (issue 18), in exact decimals: what an amount typed may be, the
 * early-exit fee a plan discloses, and where an equity curve's points lie on its small chart.
 * The server decides: these figures are shown before a request, its answer is what happened.
 */

/** USDT is counted in millionths: an amount has at most 6 decimals (the contract's rule). */
export const PLAN_AMOUNT_DECIMALS = 6;

export type PlanAmountProblem =
  | { problem: 'required' }
  | { problem: 'invalid' }
  | { problem: 'tooManyDecimals'; decimals: number }
  | { problem: 'notPositive' }
  | { problem: 'belowMinimum'; minimum: string }
  | { problem: 'aboveMaximum'; maximum: string }
  | { problem: 'aboveAvailable'; available: string };

const PLAIN_DECIMAL = /^\d{1,20}(\.\d+)?$/;

/**
 * The amount's problem before it is sent, in the server's order (10016 below the minimum, 10095
 * above the maximum, 10011 above the balance): digits with an optional point, at most 6 decimals,
 * above 0, within the product's limits, within the available balance (when known).
 */
export function planAmountProblem(
  input: string,
  rules: { minAmount: string; maxAmount: string; available: string | null },
): PlanAmountProblem | null {
  const text = input.trim();
  if (text === '') return { problem: 'required' };
  if (!PLAIN_DECIMAL.test(text)) return { problem: 'invalid' };
  const value = Decimal.parse(text);
  if (value.scale > PLAN_AMOUNT_DECIMALS) return { problem: 'tooManyDecimals', decimals: PLAN_AMOUNT_DECIMALS };
  if (!value.isPositive()) return { problem: 'notPositive' };
  if (value.lt(Decimal.parse(rules.minAmount))) return { problem: 'belowMinimum', minimum: rules.minAmount };
  if (value.gt(Decimal.parse(rules.maxAmount))) return { problem: 'aboveMaximum', maximum: rules.maxAmount };
  if (rules.available !== null && value.gt(Decimal.parse(rules.available))) {
    return { problem: 'aboveAvailable', available: rules.available };
  }
  return null;
}

/**
 * The early-exit fee of a plan of `amount`: exitFeeRate × amount, rounded down to the millionth
 * as the server charges it (wind-up-plan.ts): 500 × 0.01 = 5; 333.33 × 0.015 = 4.99995.
 */
export function exitFeeOf(amount: string, exitFeeRate: string): string {
  return Decimal.parse(amount).mul(Decimal.parse(exitFeeRate)).round(PLAN_AMOUNT_DECIMALS, 'floor').toString();
}

/**
 * What an early exit would return now: the plan's equity at current prices less the fee, never
 * below 0 (the server charges at most what the plan holds). Prices move until the exit is done.
 */
export function exitReturnOf(equity: string, exitFee: string): string {
  const rest = Decimal.parse(equity).sub(Decimal.parse(exitFee));
  return (rest.isNegative() ? Decimal.ZERO : rest).toString();
}

/** A ratio as a percent rounded to 2 decimals, still a decimal string: '0.123456' → '0.1235'. */
export function roundedRatio(ratio: string): string {
  return Decimal.parse(ratio).round(4, 'half-even').toString();
}

/** Where a curve's points are drawn: a path, the first value's level, and the extremes it spans. */
export type CurveGeometry = {
  path: string;
  /** The y of the first value (the starting capital): a dashed line to read gains and losses against. */
  baselineY: number;
  first: string;
  last: string;
  low: string;
  high: string;
};

/** A difference of two values as a float, for a pixel coordinate only. */
const plotNumber = (difference: Decimal) => Number(difference.toString());

/** The share of the chart's height left free above and below the curve. */
const CURVE_PADDING = 0.1;

/**
 * A curve's path on a `width` × `height` chart: x by time (a gap in the data stays a gap in
 * time), y from the highest value at the top padding to the lowest at the bottom one (a flat
 * curve in the middle). The extremes are compared exactly; only the coordinates are floats.
 * Null with fewer than two points: no line is drawn from one value (or none).
 */
export function curveGeometry(points: readonly TEquityPoint[], width: number, height: number): CurveGeometry | null {
  if (points.length < 2) return null;
  const first = points[0] as TEquityPoint;
  const last = points[points.length - 1] as TEquityPoint;
  let low = Decimal.parse(first.value);
  let high = low;
  for (const point of points) {
    const value = Decimal.parse(point.value);
    if (value.lt(low)) low = value;
    if (value.gt(high)) high = value;
  }
  const start = Date.parse(first.time);
  const span = Date.parse(last.time) - start;
  const top = height * CURVE_PADDING;
  const usable = height - 2 * top;
  // Floats for drawing only, each measured from the lowest value (exact differences, then pixels).
  const range = plotNumber(high.sub(low));
  const yOf = (level: string) =>
    range === 0 ? height / 2 : top + ((range - plotNumber(Decimal.parse(level).sub(low))) / range) * usable;
  const round = (coordinate: number) => Math.round(coordinate * 100) / 100;
  const path = points
    .map((point, index) => {
      const x = span > 0 ? ((Date.parse(point.time) - start) / span) * width : (index / (points.length - 1)) * width;
      return `${index === 0 ? 'M' : 'L'}${round(x)},${round(yOf(point.value))}`;
    })
    .join(' ');
  return {
    path,
    baselineY: round(yOf(first.value)),
    first: first.value,
    last: last.value,
    low: low.toString(),
    high: high.toString(),
  };
}
