import { Decimal } from '@openbourse/money';
import { convertToUsdt } from './conversion.js';
import {
  assertNotNegative,
  DEFAULT_STOP_OUT_LEVEL,
  type DecimalInput,
  MARGIN_LEVEL_SCALE,
  type PositionSide,
  positiveLots,
  positivePrice,
  positiveRate,
  type TradingInstrument,
  USDT_DECIMALS,
} from './instrument.js';
import { validateLeverage } from './order-checks.js';
import { TradingMathError } from './problems.js';

// ---------------------------------------------------------------------------------------------
// Notional, margin, fee

/** lots × contractSize × price, in the quote currency, exact. */
export function notional(
  lots: DecimalInput,
  price: DecimalInput,
  instrument: Pick<TradingInstrument, 'contractSize'>,
): Decimal {
  return positiveLots(lots).mul(Decimal.parse(instrument.contractSize)).mul(positivePrice(price));
}

/** The notional converted to USDT, exact (margin and fee round it once, upward). */
export function notionalUsdt(
  lots: DecimalInput,
  price: DecimalInput,
  instrument: Pick<TradingInstrument, 'contractSize'>,
  rateToUsdt: DecimalInput,
): Decimal {
  return convertToUsdt(notional(lots, price, instrument), rateToUsdt);
}

/**
 * The margin a position holds: notional ÷ leverage, rounded up to the USDT minor unit, so the
 * hold always covers the exact requirement. Throws LEVERAGE_INVALID outside 1…leverageCap.
 */
export function requiredMargin(
  notionalUsdtValue: Decimal,
  leverage: number,
  instrument: Pick<TradingInstrument, 'leverageCap'>,
): bigint {
  if (validateLeverage(leverage, instrument)) {
    throw new TradingMathError(
      'LEVERAGE_INVALID',
      `leverage ${leverage} is not a whole number from 1 to ${instrument.leverageCap}`,
    );
  }
  assertNotNegative(notionalUsdtValue, 'notional');
  return notionalUsdtValue
    .div(Decimal.fromInteger(leverage), USDT_DECIMALS, 'ceil')
    .toMinorUnits(USDT_DECIMALS, 'ceil');
}

/** notional × feeRate (e.g. '0.001' for 0.1%), rounded up to the USDT minor unit. */
export function tradeFee(notionalUsdtValue: Decimal, feeRate: DecimalInput): bigint {
  assertNotNegative(notionalUsdtValue, 'notional');
  const rate = Decimal.from(feeRate);
  if (rate.isNegative()) throw new RangeError(`a fee rate cannot be negative, got ${rate}`);
  return notionalUsdtValue.mul(rate).toMinorUnits(USDT_DECIMALS, 'ceil');
}

// ---------------------------------------------------------------------------------------------
// Profit and loss, tick value

/** (current − open) × lots × contractSize, negated for a short: in the quote currency, exact. */
export function unrealisedPnlQuote(
  side: PositionSide,
  lots: DecimalInput,
  openPrice: DecimalInput,
  currentPrice: DecimalInput,
  instrument: Pick<TradingInstrument, 'contractSize'>,
): Decimal {
  const move = positivePrice(currentPrice).sub(positivePrice(openPrice));
  const value = move.mul(positiveLots(lots)).mul(Decimal.parse(instrument.contractSize));
  return side === 'long' ? value : value.neg();
}

/**
 * P&L in USDT minor units, rounded toward negative infinity (floor). The platform never pays
 * a fraction it has not earned: a profit of 335.5704697… USDT is 335.570469, never …470. Floor
 * (rather than toward zero) rounds a loss of 12.3456781… to −12.345679: every position rounds
 * the same way, so P&L is monotonic in the price and the sub-millionth residue of the whole
 * book never has to be paid by anyone; it stays with the platform (at most 0.000001 USDT per
 * position and settlement).
 */
export function unrealisedPnl(
  side: PositionSide,
  lots: DecimalInput,
  openPrice: DecimalInput,
  currentPrice: DecimalInput,
  instrument: Pick<TradingInstrument, 'contractSize'>,
  rateToUsdt: DecimalInput,
): bigint {
  const inQuote = unrealisedPnlQuote(side, lots, openPrice, currentPrice, instrument);
  return convertToUsdt(inQuote, rateToUsdt).toMinorUnits(USDT_DECIMALS, 'floor');
}

/** What one tick of price move is worth in the quote currency: tickSize × lots × contractSize. */
export function tickValueQuote(
  lots: DecimalInput,
  instrument: Pick<TradingInstrument, 'tickSize' | 'contractSize'>,
): Decimal {
  return Decimal.parse(instrument.tickSize).mul(positiveLots(lots)).mul(Decimal.parse(instrument.contractSize));
}

/**
 * What one tick of price move is worth, in USDT: tickSize × lots × contractSize × rate. Exact
 * (a description of the position, not an amount that moves), so tiny positions do not show 0.
 */
export function pipValue(
  lots: DecimalInput,
  instrument: Pick<TradingInstrument, 'tickSize' | 'contractSize'>,
  rateToUsdt: DecimalInput,
): Decimal {
  return convertToUsdt(tickValueQuote(lots, instrument), rateToUsdt);
}

// ---------------------------------------------------------------------------------------------
// Margin level and stop-out

/**
 * equity ÷ used margin (0.5 is 50%), floored to MARGIN_LEVEL_SCALE places; null when nothing
 * is used. For the stop-out decision itself use `reachesStopOut`, which compares exactly.
 */
export function marginLevel(equity: Decimal, usedMargin: Decimal): Decimal | null {
  assertNotNegative(usedMargin, 'used margin');
  if (usedMargin.isZero()) return null;
  return equity.div(usedMargin, MARGIN_LEVEL_SCALE, 'floor');
}

/** True when equity ÷ used margin ≤ stopOutLevel, compared exactly (equity ≤ level × used). */
export function reachesStopOut(
  equity: Decimal,
  usedMargin: Decimal,
  stopOutLevel: DecimalInput = DEFAULT_STOP_OUT_LEVEL,
): boolean {
  assertNotNegative(usedMargin, 'used margin');
  if (usedMargin.isZero()) return false;
  return equity.lte(Decimal.from(stopOutLevel).mul(usedMargin));
}

/**
 * The price at which the account's margin level reaches `stopOutLevel` if only this position's
 * price moves: the first whole tick at or beyond the exact solution (rounded down for a long,
 * up for a short), or null when no positive price gets there.
 *
 * With k = lots × contractSize × rateToUsdt (USDT per unit of price) and E the equity without
 * this position's P&L:
 *   long:  E + (p − open) × k = level × usedMargin  →  p = open + (level × usedMargin − E) ÷ k
 *   short: E + (open − p) × k = level × usedMargin  →  p = open − (level × usedMargin − E) ÷ k
 *
 * The conversion rate is held constant. For a USD-quoted instrument under `usdIsUsdt` (and for
 * USDT-quoted ones) it is exactly 1; for other quotes (USDJPY: rate = 1 ÷ USDJPY) it really
 * moves with the price, so the result is an estimate for display. Unrealised P&L is also taken
 * unrounded here. The stop-out decision itself belongs to `reachesStopOut` on real equity.
 */
export function stopOutPrice(
  side: PositionSide,
  openPrice: DecimalInput,
  lots: DecimalInput,
  instrument: Pick<TradingInstrument, 'tickSize' | 'contractSize'>,
  rateToUsdt: DecimalInput,
  equityExcludingThisPosition: Decimal,
  usedMargin: Decimal,
  stopOutLevel: DecimalInput = DEFAULT_STOP_OUT_LEVEL,
): Decimal | null {
  assertNotNegative(usedMargin, 'used margin');
  if (usedMargin.isZero()) return null;
  const open = positivePrice(openPrice);
  const tick = Decimal.parse(instrument.tickSize);
  const k = positiveLots(lots).mul(Decimal.parse(instrument.contractSize)).mul(positiveRate(rateToUsdt));
  const shortfall = Decimal.from(stopOutLevel).mul(usedMargin).sub(equityExcludingThisPosition);
  // p = (open × k ± shortfall) ÷ k, in whole ticks: (open × k ± shortfall) ÷ (k × tick).
  const numerator = side === 'long' ? open.mul(k).add(shortfall) : open.mul(k).sub(shortfall);
  const ticks = numerator.div(k.mul(tick), 0, side === 'long' ? 'floor' : 'ceil');
  if (!ticks.isPositive()) return null;
  return ticks.mul(tick);
}
