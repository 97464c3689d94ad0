import { Decimal, MoneyFormatError } from '@openbourse/money';
import { TradingMathError } from './problems.js';

/**
 * Conventions of the whole package (SPEC §0.7, §3 Position, §5 Trading): pure functions, no
 * I/O, every figure a `Decimal` and never a float.
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

/** The fields of an instrument the rules need; decimal strings as in the catalogue. */
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

export function positiveLots(input: DecimalInput): Decimal {
  const lots = Decimal.from(input);
  if (!lots.isPositive()) throw new TradingMathError('PURCHASE_AMOUNT_WRONG', `lots must be positive, got ${lots}`);
  return lots;
}

export function positivePrice(input: DecimalInput): Decimal {
  const price = Decimal.from(input);
  if (!price.isPositive()) throw new TradingMathError('PRICE_INVALID', `a price must be positive, got ${price}`);
  return price;
}

export function positiveRate(input: DecimalInput): Decimal {
  const rate = Decimal.from(input);
  if (!rate.isPositive()) {
    throw new TradingMathError('NOT_TRADABLE_NOW', `a conversion rate must be positive, got ${rate}`);
  }
  return rate;
}

export function assertNotNegative(value: Decimal, what: string): void {
  if (value.isNegative()) throw new RangeError(`${what} cannot be negative, got ${value}`);
}

/** A decimal, or undefined when the input is not one (a user's typing, a request field). */
export function readDecimal(input: DecimalInput): Decimal | undefined {
  try {
    return Decimal.from(input);
  } catch (error) {
    if (error instanceof MoneyFormatError) return undefined;
    throw error;
  }
}
