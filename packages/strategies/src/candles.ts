import { Decimal } from '@openbourse/money';
import type { Bar } from './strategy.js';

/**
 * One bar as the feeds, the recorded files and the platform's candle store carry it (the
 * server's `MinuteCandle`): open time in ms since the epoch (UTC), prices and volume as decimal
 * strings. Volume is "0" where the market has no traded volume (spot FX quote bars).
 */
export type Candle = {
  openTime: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
};

export const MINUTE_MS = 60_000;

/**
 * Candles in typed arrays, the form the backtest replays (issue 18: ≥ 0.5 M bars/s).
 *
 * Prices are kept exactly as integer "price units": a price is units ÷ 10^scale, every unit
 * count a whole number below 2^53, so a float64 holds it exactly and comparisons between them
 * (stop levels, gaps, the stop-out price) are exact. Money is computed from these units with
 * bigint arithmetic; only the indicators read prices as float64 (`unitsToNumber`), where a
 * rounding in the 16th digit is a statistic's noise, not money.
 */
export type PriceSeries = {
  readonly length: number;
  /** Fraction digits of the price units, the same for every price of the series. */
  readonly scale: number;
  readonly time: Float64Array;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  /** Volume is a statistic (never money): float64. */
  readonly volume: Float64Array;
};

/** The most fraction digits a series keeps (prices with more are refused, not rounded). */
export const MAX_PRICE_SCALE = 12;

export class CandleDataError extends Error {
  constructor(
    /** Index of the offending candle in the list given (0-based). */
    readonly index: number,
    message: string,
  ) {
    super(`candle ${index}: ${message}`);
    this.name = 'CandleDataError';
  }
}

const POWERS_OF_TEN = Array.from({ length: MAX_PRICE_SCALE + 1 }, (_, i) => 10 ** i);

/** Fraction digits of a decimal text, trailing zeros not counted ("1.50" → 1); 0 for an integer. */
function decimalsOf(text: string): number {
  const point = text.indexOf('.');
  if (point < 0) return 0;
  let end = text.length;
  while (end > point + 1 && text.charCodeAt(end - 1) === 48 /* 0 */) end--;
  return end - point - 1;
}

/**
 * "56425.1" at scale 2 → 5642510, with a character loop and no allocation (the 2 million prices
 * of a year of minutes are read in tens of milliseconds); NaN when the text is not a plain
 * non-negative decimal, has more significant decimals than `scale`, or does not fit 2^53 units.
 */
function unitsOf(text: string, scale: number): number {
  const length = text.length;
  let digits = 0;
  let decimals = 0;
  let pendingZeros = 0;
  let point = -1;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code === 46 /* . */) {
      if (point >= 0 || i === 0 || i === length - 1) return Number.NaN;
      point = i;
      continue;
    }
    const digit = code - 48;
    if (digit < 0 || digit > 9) return Number.NaN;
    if (point >= 0) {
      if (digit === 0) {
        pendingZeros++;
        continue;
      }
      // A non-zero fraction digit: the zeros before it count after all.
      for (; pendingZeros > 0; pendingZeros--) digits *= 10;
      decimals = i - point;
    }
    digits = digits * 10 + digit;
  }
  if (length === 0 || decimals > scale) return Number.NaN;
  const units = digits * (POWERS_OF_TEN[scale - decimals] as number);
  return Number.isSafeInteger(units) ? units : Number.NaN;
}

/**
 * The series of a list of candles. Checks what the backtest relies on: times whole minutes and
 * strictly increasing, prices positive decimals with low ≤ open, close ≤ high. `minScale` asks
 * for at least that many fraction digits (e.g. an instrument's tick size finer than the data).
 */
export function toPriceSeries(candles: readonly Candle[], minScale = 0): PriceSeries {
  const length = candles.length;
  let scale = minScale;
  for (let i = 0; i < length; i++) {
    const candle = candles[i] as Candle;
    scale = Math.max(
      scale,
      decimalsOf(candle.open),
      decimalsOf(candle.high),
      decimalsOf(candle.low),
      decimalsOf(candle.close),
    );
  }
  if (scale > MAX_PRICE_SCALE) throw new RangeError(`prices with more than ${MAX_PRICE_SCALE} decimals`);
  const series = {
    length,
    scale,
    time: new Float64Array(length),
    open: new Float64Array(length),
    high: new Float64Array(length),
    low: new Float64Array(length),
    close: new Float64Array(length),
    volume: new Float64Array(length),
  };
  const units = (i: number, field: string, text: string): number => {
    const value = unitsOf(text, scale);
    if (Number.isNaN(value)) throw new CandleDataError(i, `${field} "${text}" is not a plain decimal price`);
    if (value === 0) throw new CandleDataError(i, `${field} must be positive, got "${text}"`);
    return value;
  };
  let previousTime = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < length; i++) {
    const candle = candles[i] as Candle;
    const time = candle.openTime;
    if (!Number.isSafeInteger(time) || time % MINUTE_MS !== 0) {
      throw new CandleDataError(i, `open time ${time} is not a whole minute in ms since the epoch`);
    }
    if (time <= previousTime) throw new CandleDataError(i, 'open times must be strictly increasing');
    previousTime = time;
    const o = units(i, 'open', candle.open);
    const h = units(i, 'high', candle.high);
    const l = units(i, 'low', candle.low);
    const c = units(i, 'close', candle.close);
    if (l > o || l > c || h < o || h < c) {
      throw new CandleDataError(i, `low ${candle.low} and high ${candle.high} do not hold open and close`);
    }
    series.time[i] = time;
    series.open[i] = o;
    series.high[i] = h;
    series.low[i] = l;
    series.close[i] = c;
    // Volume is a statistic: read as a float; an empty volume (no traded volume) is 0.
    const volume = candle.volume === '' ? 0 : Number(candle.volume);
    if (!Number.isFinite(volume) || volume < 0) {
      throw new CandleDataError(i, `volume "${candle.volume}" is not a non-negative number`);
    }
    series.volume[i] = volume;
  }
  return series;
}

/** A price in units of `scale` as an exact Decimal (for the money rules). */
export function unitsToDecimal(units: number, scale: number): Decimal {
  return Decimal.fromMinorUnits(BigInt(units), scale);
}

/**
 * A price in units as a float64, for indicators. Units ÷ 10^scale is the correctly rounded
 * float of the decimal price (both operands are exact), so it equals `Number(priceText)`: the
 * live runner reading strings sees the same floats as the backtest.
 */
export function unitsToNumber(units: number, scale: number): number {
  return units / (POWERS_OF_TEN[scale] as number);
}

/**
 * A float level (a stop from an indicator) on the grid of `tickUnits` price units, rounded to
 * the nearest tick: a level is a choice of the strategy, so rounding it is not a money rounding.
 */
export function levelToUnits(level: number, scale: number, tickUnits: number): number {
  return Math.round((level * (POWERS_OF_TEN[scale] as number)) / tickUnits) * tickUnits;
}

/**
 * A float level as an exact price on the instrument's tick grid (the live runner's form of
 * `levelToUnits`): the nearest whole number of ticks, as a decimal string.
 */
export function levelToPrice(level: number, tickSize: string): string {
  const tick = Decimal.parse(tickSize);
  if (!tick.isPositive()) throw new RangeError(`a tick size must be positive, got ${tickSize}`);
  const ticks = Math.round(level / Number(tickSize));
  if (!Number.isSafeInteger(ticks)) throw new RangeError(`level ${level} is not a price`);
  return tick.mul(Decimal.fromInteger(ticks)).toString();
}

/**
 * A closed interval candle as a strategy reads it, for a live runner (the backtest builds the
 * same floats from its price units): Number() of each decimal price, as indicators are
 * statistics; the orders it leads to are priced exactly by the trading engine.
 */
export function candleToBar(candle: Candle): Bar {
  return {
    time: candle.openTime,
    open: Number(candle.open),
    high: Number(candle.high),
    low: Number(candle.low),
    close: Number(candle.close),
    volume: candle.volume === '' ? 0 : Number(candle.volume),
  };
}
