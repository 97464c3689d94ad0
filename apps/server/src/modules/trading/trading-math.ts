import { Decimal, MoneyFormatError } from '@openbourse/money';

/**
 * The arithmetic of leveraged CFD-style positions (SPEC §0.7, §3 Position, §5 Trading): pure
 * functions, no I/O, every figure a `Decimal` and never a float.
 *
 * Conventions:
 * - Prices, lots, contract sizes and rates come in as decimal strings (as the catalogue and
 *   feeds carry them) or as Decimals.
 * - A figure in the instrument's quote currency (USD for EURUSD, JPY for USDJPY, USDT for
 *   BTCUSDT) is converted to USDT by multiplying with the instrument's `rateToUsdt` (USDT per
 *   one unit of the quote currency, from `quoteToUsdtRate`).
 * - Money that moves through the ledger (margin, fee, P&L) is returned as USDT minor units
 *   (`bigint`, 6 decimals), rounded once, at the end, in the direction each function names.
 *   Figures that only describe a position (notional, pip value, margin level, stop-out price)
 *   stay Decimals: the caller formats them.
 */

/** USDT is counted in millionths (SPEC §9: amounts with 6 decimals). */
export const USDT_DECIMALS = 6;
/** Fraction digits of a conversion rate computed by division (1 ÷ USDJPY). */
export const CONVERSION_SCALE = 30;
/** Fraction digits of a margin level ratio. */
export const MARGIN_LEVEL_SCALE = 18;
/** SPEC §0.7: a position is closed when the margin level falls to 50%. */
export const DEFAULT_STOP_OUT_LEVEL = Decimal.parse('0.5');

export type PositionSide = 'long' | 'short';

/** A decimal as a string (catalogue, feed, request body) or already parsed. */
export type DecimalInput = Decimal | string;

/** The fields of an instrument this module needs; decimal strings as in the catalogue. */
export type TradingInstrument = {
  code: string;
  /** Units of the base per lot: 100000 for forex, 1 for crypto and stocks. */
  contractSize: string;
  tickSize: string;
  /** The currency prices are quoted in: 'USD', 'USDT', 'JPY', 'CHF', 'GBP', … */
  quoteCurrency: string;
  lotStep: string;
  minLots: string;
  maxLots: string;
  /** The highest leverage allowed (SPEC §0.7: 30, 20, 10, 5 or 2). */
  leverageCap: number;
};

/** The current price of an instrument code ('USDJPY', 'GBPUSD'), or null when there is none. */
export type RateSource = (code: string) => string | null;

export type TradingMathErrorCode = 'NO_CONVERSION' | 'LOTS_INVALID' | 'LEVERAGE_INVALID' | 'PRICE_INVALID';

export type StopValidationCode =
  | 'PRICE_INVALID'
  | 'STOP_LOSS_UNREASONABLE'
  | 'TAKE_PROFIT_UNREASONABLE'
  | 'STOP_COMBINATION_UNREASONABLE';

/** Thrown when an input makes a figure impossible to compute; `code` says which rule failed. */
export class TradingMathError extends Error {
  constructor(
    readonly code: TradingMathErrorCode,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
    this.name = 'TradingMathError';
  }
}

// ---------------------------------------------------------------------------------------------
// Currency conversion

const CURRENCY_CODE = /^[A-Z0-9]{2,10}$/;

/**
 * USDT per one unit of `quoteCurrency`:
 * - USDT → 1;
 * - USD → 1 when the deployment treats USD as USDT (`usdIsUsdt`), else NO_CONVERSION;
 * - another currency XXX → 1 ÷ price(USDXXX) when that instrument has a price, else
 *   price(XXXUSD) (both routes only when `usdIsUsdt`: they give USD, not USDT), else
 *   price(XXXUSDT), else 1 ÷ price(USDTXXX), else NO_CONVERSION.
 *
 * A division is exact to CONVERSION_SCALE (30) places, rounded half-even; the money figures
 * computed with the rate are rounded once more, to the USDT minor unit, in their own direction.
 * The rate's own rounding moves a converted figure by at most amount × 0.5e-18.
 */
export function quoteToUsdtRate(quoteCurrency: string, rates: RateSource, usdIsUsdt: boolean): Decimal {
  const currency = quoteCurrency.trim().toUpperCase();
  if (!CURRENCY_CODE.test(currency)) {
    throw new TradingMathError('NO_CONVERSION', `"${quoteCurrency}" is not a currency code`);
  }
  if (currency === 'USDT') return Decimal.ONE;
  if (currency === 'USD') {
    if (usdIsUsdt) return Decimal.ONE;
    throw new TradingMathError('NO_CONVERSION', 'USD is not treated as USDT in this deployment');
  }
  if (usdIsUsdt) {
    const perUsd = priceOf(rates, `USD${currency}`);
    if (perUsd) return Decimal.ONE.div(perUsd, CONVERSION_SCALE, 'half-even');
    const inUsd = priceOf(rates, `${currency}USD`);
    if (inUsd) return inUsd;
  }
  const inUsdt = priceOf(rates, `${currency}USDT`);
  if (inUsdt) return inUsdt;
  const perUsdt = priceOf(rates, `USDT${currency}`);
  if (perUsdt) return Decimal.ONE.div(perUsdt, CONVERSION_SCALE, 'half-even');
  throw new TradingMathError('NO_CONVERSION', `no price converts ${currency} to USDT`);
}

/** The price of `code`, null when the source has none; a price that is not positive is refused. */
function priceOf(rates: RateSource, code: string): Decimal | null {
  const raw = rates(code);
  if (raw === null) return null;
  let price: Decimal;
  try {
    price = Decimal.parse(raw);
  } catch (error) {
    if (error instanceof MoneyFormatError) {
      throw new TradingMathError('NO_CONVERSION', `the price of ${code} ("${raw}") is not a decimal`);
    }
    throw error;
  }
  if (!price.isPositive()) throw new TradingMathError('NO_CONVERSION', `the price of ${code} is ${raw}`);
  return price;
}

/** `quoteAmount × rateToUsdt`, exact (not rounded). */
export function convertToUsdt(quoteAmount: DecimalInput, rateToUsdt: DecimalInput): Decimal {
  // A rate such as 1 ÷ 150 is carried to 30 places; the product is then rounded to 12 so the
  // rate's last-place rounding never pushes a later round-up past a whole minor unit
  // (7,500,000 JPY × (1 ÷ 150) is 50,000 USDT, not 50,000.000000000000000001).
  return Decimal.from(quoteAmount).mul(positiveRate(rateToUsdt)).round(CONVERSION_RESULT_SCALE, 'half-even');
}

/** Places kept after converting with a rounded rate: far below a USDT minor unit (6). */
const CONVERSION_RESULT_SCALE = 12;

// ---------------------------------------------------------------------------------------------
// Lots and leverage

export type LotsInvalidReason = 'not_a_number' | 'not_positive' | 'below_min' | 'above_max' | 'off_step';

export type LotsValidation =
  | { ok: true; lots: Decimal }
  | { ok: false; code: 'LOTS_INVALID'; reason: LotsInvalidReason };

/**
 * Lots must be a plain decimal, positive, within [minLots, maxLots] and a whole multiple of
 * lotStep. The parsed lots come back with `ok: true`.
 */
export function validateLots(lots: DecimalInput, instrument: TradingInstrument): LotsValidation {
  let value: Decimal;
  try {
    value = Decimal.from(lots);
  } catch (error) {
    if (error instanceof MoneyFormatError) return { ok: false, code: 'LOTS_INVALID', reason: 'not_a_number' };
    throw error;
  }
  const invalid = (reason: LotsInvalidReason): LotsValidation => ({ ok: false, code: 'LOTS_INVALID', reason });
  if (!value.isPositive()) return invalid('not_positive');
  if (value.lt(Decimal.parse(instrument.minLots))) return invalid('below_min');
  if (value.gt(Decimal.parse(instrument.maxLots))) return invalid('above_max');
  if (!value.isMultipleOf(Decimal.parse(instrument.lotStep))) return invalid('off_step');
  return { ok: true, lots: value };
}

/** Leverage is a whole number from 1 to the instrument's cap (SPEC §0.7). */
export function validateLeverage(
  leverage: number,
  instrument: Pick<TradingInstrument, 'leverageCap'>,
): 'LEVERAGE_INVALID' | null {
  if (!Number.isSafeInteger(leverage) || leverage < 1) return 'LEVERAGE_INVALID';
  if (!Number.isSafeInteger(instrument.leverageCap) || leverage > instrument.leverageCap) return 'LEVERAGE_INVALID';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Notional, margin, fee

/** lots × contractSize × price, in the quote currency, exact. */
export function notional(lots: DecimalInput, price: DecimalInput, instrument: TradingInstrument): Decimal {
  return positiveLots(lots).mul(Decimal.parse(instrument.contractSize)).mul(positivePrice(price));
}

/** The notional converted to USDT, exact (margin and fee round it once, upward). */
export function notionalUsdt(
  lots: DecimalInput,
  price: DecimalInput,
  instrument: TradingInstrument,
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
// Profit and loss

/** (current − open) × lots × contractSize, negated for a short: in the quote currency, exact. */
export function unrealisedPnlQuote(
  side: PositionSide,
  lots: DecimalInput,
  openPrice: DecimalInput,
  currentPrice: DecimalInput,
  instrument: TradingInstrument,
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
  instrument: TradingInstrument,
  rateToUsdt: DecimalInput,
): bigint {
  const inQuote = unrealisedPnlQuote(side, lots, openPrice, currentPrice, instrument);
  return convertToUsdt(inQuote, rateToUsdt).toMinorUnits(USDT_DECIMALS, 'floor');
}

/**
 * What one tick of price move is worth, in USDT: tickSize × lots × contractSize × rate. Exact
 * (a description of the position, not an amount that moves), so tiny positions do not show 0.
 */
export function pipValue(lots: DecimalInput, instrument: TradingInstrument, rateToUsdt: DecimalInput): Decimal {
  const inQuote = Decimal.parse(instrument.tickSize)
    .mul(positiveLots(lots))
    .mul(Decimal.parse(instrument.contractSize));
  return convertToUsdt(inQuote, rateToUsdt);
}

// ---------------------------------------------------------------------------------------------
// Stop loss and take profit

/** A stop as typed by the user; null or undefined means not set. */
export type StopInput = DecimalInput | null | undefined;

/**
 * SPEC §5: long: SL < price < TP; short: TP < price < SL. Checks, in order:
 * 1. each price set (and the reference price) is a positive decimal, and each stop a whole
 *    multiple of the tick size → PRICE_INVALID;
 * 2. both set and on the wrong sides of each other (long: TP ≤ SL; short: TP ≥ SL) →
 *    STOP_COMBINATION_UNREASONABLE (checked before the single sides: such a pair always has one
 *    of them on the wrong side of the price too, and the pair is the real mistake);
 * 3. the stop loss on the wrong side of the price (or on it) → STOP_LOSS_UNREASONABLE;
 * 4. the take profit on the wrong side of the price (or on it) → TAKE_PROFIT_UNREASONABLE.
 * Returns null when the stops are acceptable.
 */
export function validateStops(
  side: PositionSide,
  referencePrice: DecimalInput,
  stopLoss: StopInput,
  takeProfit: StopInput,
  instrument: Pick<TradingInstrument, 'tickSize'>,
): StopValidationCode | null {
  const tick = Decimal.parse(instrument.tickSize);
  const price = parsePrice(referencePrice);
  if (!price) return 'PRICE_INVALID';
  const sl = stopLoss === null || stopLoss === undefined ? null : parsePrice(stopLoss);
  const tp = takeProfit === null || takeProfit === undefined ? null : parsePrice(takeProfit);
  if (sl === undefined || tp === undefined) return 'PRICE_INVALID';
  if ((sl && !sl.isMultipleOf(tick)) || (tp && !tp.isMultipleOf(tick))) return 'PRICE_INVALID';

  // `below(a, b)`: a is on the loss side of b for this position.
  const below = side === 'long' ? (a: Decimal, b: Decimal) => a.lt(b) : (a: Decimal, b: Decimal) => a.gt(b);
  if (sl && tp && !below(sl, tp)) return 'STOP_COMBINATION_UNREASONABLE';
  if (sl && !below(sl, price)) return 'STOP_LOSS_UNREASONABLE';
  if (tp && !below(price, tp)) return 'TAKE_PROFIT_UNREASONABLE';
  return null;
}

/** A positive price, or undefined when the input is not one. */
function parsePrice(input: DecimalInput): Decimal | undefined {
  try {
    const price = Decimal.from(input);
    return price.isPositive() ? price : undefined;
  } catch (error) {
    if (error instanceof MoneyFormatError) return undefined;
    throw error;
  }
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
  instrument: TradingInstrument,
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

// ---------------------------------------------------------------------------------------------
// Input checks

function positiveLots(input: DecimalInput): Decimal {
  const lots = Decimal.from(input);
  if (!lots.isPositive()) throw new TradingMathError('LOTS_INVALID', `lots must be positive, got ${lots}`);
  return lots;
}

function positivePrice(input: DecimalInput): Decimal {
  const price = Decimal.from(input);
  if (!price.isPositive()) throw new TradingMathError('PRICE_INVALID', `a price must be positive, got ${price}`);
  return price;
}

function positiveRate(input: DecimalInput): Decimal {
  const rate = Decimal.from(input);
  if (!rate.isPositive())
    throw new TradingMathError('NO_CONVERSION', `a conversion rate must be positive, got ${rate}`);
  return rate;
}

function assertNotNegative(value: Decimal, what: string): void {
  if (value.isNegative()) throw new RangeError(`${what} cannot be negative, got ${value}`);
}
