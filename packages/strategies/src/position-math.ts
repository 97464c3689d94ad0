import type { Decimal } from '@openbourse/money';
import { type PositionSide, USDT_DECIMALS } from '@openbourse/trading-rules';

/**
 * Exact P&L of one open position at prices given in integer price units (candles.ts), for the
 * per-bar work of the backtest, where building Decimals every minute would cost the speed goal.
 * The figures equal `unrealisedPnl` and `reachesStopOut` of @openbourse/trading-rules for a
 * USDT or USD (as USDT) quote (position-math.test.ts checks both on random positions); the
 * backtest still uses those functions for each trade's own open and close.
 */

/** USDT minor units per price unit of the position, as num ÷ den (den a power of ten). */
export type PnlFactor = { readonly num: bigint; readonly den: bigint };

/** lots × contractSize in USDT minor units per price unit of `priceScale` fraction digits. */
export function pnlFactor(lots: Decimal, contractSize: Decimal, priceScale: number): PnlFactor {
  const size = lots.mul(contractSize);
  const exponent = USDT_DECIMALS - priceScale - size.scale;
  return exponent >= 0
    ? { num: size.coefficient * 10n ** BigInt(exponent), den: 1n }
    : { num: size.coefficient, den: 10n ** BigInt(-exponent) };
}

/** a ÷ b rounded toward negative infinity (b > 0). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const quotient = a / b;
  return a % b !== 0n && a < 0n ? quotient - 1n : quotient;
}

/** a ÷ b rounded toward positive infinity (b > 0). */
export function ceilDiv(a: bigint, b: bigint): bigint {
  const quotient = a / b;
  return a % b !== 0n && a > 0n ? quotient + 1n : quotient;
}

/** P&L in USDT minor units, floored as the platform floors it (trading-rules `unrealisedPnl`). */
export function pnlAtUnits(side: PositionSide, openUnits: number, priceUnits: number, factor: PnlFactor): bigint {
  const move = BigInt(side === 'long' ? priceUnits - openUnits : openUnits - priceUnits);
  return factor.den === 1n ? move * factor.num : floorDiv(move * factor.num, factor.den);
}

/**
 * `pnlAtUnits` in float64, for a factor whose num and den are whole float64s and a move with
 * |move × num| < 2^53: every step is then integer arithmetic below 2^53, which float64 does
 * exactly, and the floor of the division is corrected by the exact remainder. The caller checks
 * the bounds (the backtest does so once per position, against the series' highest price).
 */
export function pnlAtUnitsFloat64(
  side: PositionSide,
  openUnits: number,
  priceUnits: number,
  num: number,
  den: number,
): number {
  const product = (side === 'long' ? priceUnits - openUnits : openUnits - priceUnits) * num;
  if (den === 1) return product;
  let quotient = Math.floor(product / den);
  const remainder = product - quotient * den;
  if (remainder < 0) quotient -= 1;
  else if (remainder >= den) quotient += 1;
  return quotient;
}

/**
 * The price (in units) at which the account's margin level reaches `stopOutLevel` with this
 * position its only one: for a long the highest price where equity ≤ level × margin, for a short
 * the lowest. Equity = available + margin + P&L(price), P&L floored to the minor unit, as the
 * platform's trading engine measures it. The available balance and the margin do not move while
 * the position is open, so this is computed once, at the open, and each bar compares its worst
 * price with it.
 *
 * With level = ln ÷ ld and T the largest whole P&L that stops out:
 *   ld × (available + margin + pnl) ≤ ln × margin  ⇔  pnl ≤ T = ⌊(ln × margin − ld × (available + margin)) ÷ ld⌋
 *   ⌊move × num ÷ den⌋ ≤ T  ⇔  move × num < (T + 1) × den  ⇔  move ≤ ⌈(T + 1) × den ÷ num⌉ − 1 = D
 * where move = price − open for a long (stop-out at price ≤ open + D) and open − price for a
 * short (stop-out at price ≥ open − D). A price no series can hold (beyond ±2^53 units) is ±∞.
 */
export function stopOutUnits(
  side: PositionSide,
  openUnits: number,
  factor: PnlFactor,
  available: bigint,
  margin: bigint,
  stopOutLevel: Decimal,
): number {
  const ln = stopOutLevel.coefficient;
  const ld = 10n ** BigInt(stopOutLevel.scale);
  const worstPnl = floorDiv(ln * margin - ld * (available + margin), ld);
  const distance = ceilDiv((worstPnl + 1n) * factor.den, factor.num) - 1n;
  const open = BigInt(openUnits);
  const at = side === 'long' ? open + distance : open - distance;
  // Beyond 2^53 units no price of a series can reach it (and a float64 would round it).
  if (at > MAX_UNITS) return Number.POSITIVE_INFINITY;
  if (at < -MAX_UNITS) return Number.NEGATIVE_INFINITY;
  return Number(at);
}

const MAX_UNITS = BigInt(Number.MAX_SAFE_INTEGER);
