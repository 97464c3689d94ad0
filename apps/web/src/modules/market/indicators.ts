/**
 * Chart indicators computed from candle closes: simple and exponential moving averages,
 * Bollinger bands, RSI (Wilder) and MACD. Each answers one value per input value, null where
 * the indicator has too few values behind it yet, so its output lines up with the candles.
 *
 * These work on JavaScript numbers, not on exact decimals (packages/money): the chart draws
 * them as lines a few pixels wide and the legend shows them rounded to the instrument's
 * decimals, so a relative error around 1e-15 can never show; no amount of money is ever
 * computed from them (orders, margin and P&L use the exact rules in packages/trading-rules).
 */

export type IndicatorSeries = (number | null)[];

const mean = (values: readonly number[], from: number, to: number): number => {
  let sum = 0;
  for (let index = from; index < to; index += 1) sum += values[index] ?? 0;
  return sum / (to - from);
};

function checkPeriod(period: number): void {
  if (!Number.isInteger(period) || period < 1) throw new RangeError(`period must be a positive integer: ${period}`);
}

/** Simple moving average: the mean of the last `period` values. */
export function sma(values: readonly number[], period: number): IndicatorSeries {
  checkPeriod(period);
  const out: IndicatorSeries = new Array<number | null>(values.length).fill(null);
  // Summed afresh at each value (a running sum would carry its rounding along a long series).
  for (let index = period - 1; index < values.length; index += 1)
    out[index] = mean(values, index - period + 1, index + 1);
  return out;
}

/**
 * Exponential moving average with the usual smoothing 2 ÷ (period + 1), seeded with the simple
 * average of the first `period` values (so its first value is at index period − 1).
 */
export function ema(values: readonly number[], period: number): IndicatorSeries {
  checkPeriod(period);
  const out: IndicatorSeries = new Array<number | null>(values.length).fill(null);
  if (values.length < period) return out;
  const alpha = 2 / (period + 1);
  let previous = mean(values, 0, period);
  out[period - 1] = previous;
  for (let index = period; index < values.length; index += 1) {
    previous = alpha * (values[index] ?? 0) + (1 - alpha) * previous;
    out[index] = previous;
  }
  return out;
}

export type Bands = { middle: IndicatorSeries; upper: IndicatorSeries; lower: IndicatorSeries };

/**
 * Bollinger bands: the simple average of `period` closes, and `deviations` standard deviations
 * above and below it (the population deviation over the same closes, as Bollinger defines it).
 */
export function bollinger(values: readonly number[], period = 20, deviations = 2): Bands {
  const middle = sma(values, period);
  const upper: IndicatorSeries = new Array<number | null>(values.length).fill(null);
  const lower: IndicatorSeries = new Array<number | null>(values.length).fill(null);
  for (let index = period - 1; index < values.length; index += 1) {
    const average = middle[index];
    if (average === null || average === undefined) continue;
    let squares = 0;
    for (let back = index - period + 1; back <= index; back += 1) squares += ((values[back] ?? 0) - average) ** 2;
    const deviation = Math.sqrt(squares / period);
    upper[index] = average + deviations * deviation;
    lower[index] = average - deviations * deviation;
  }
  return { middle, upper, lower };
}

/**
 * Relative strength index with Wilder's smoothing: the first average gain and loss are the
 * simple means of the first `period` changes, each later one (previous × (period − 1) + change)
 * ÷ period; RSI = 100 − 100 ÷ (1 + average gain ÷ average loss). No loss at all is 100, no
 * movement at all 50. The first value is at index `period` (it needs `period` changes).
 */
export function rsi(values: readonly number[], period = 14): IndicatorSeries {
  checkPeriod(period);
  const out: IndicatorSeries = new Array<number | null>(values.length).fill(null);
  if (values.length <= period) return out;
  let gain = 0;
  let loss = 0;
  for (let index = 1; index <= period; index += 1) {
    const change = (values[index] ?? 0) - (values[index - 1] ?? 0);
    if (change > 0) gain += change;
    else loss -= change;
  }
  gain /= period;
  loss /= period;
  const value = () => (loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss));
  out[period] = value();
  for (let index = period + 1; index < values.length; index += 1) {
    const change = (values[index] ?? 0) - (values[index - 1] ?? 0);
    gain = (gain * (period - 1) + Math.max(change, 0)) / period;
    loss = (loss * (period - 1) + Math.max(-change, 0)) / period;
    out[index] = value();
  }
  return out;
}

export type Macd = { macd: IndicatorSeries; signal: IndicatorSeries; histogram: IndicatorSeries };

/**
 * MACD: the fast EMA less the slow EMA of the closes; its signal line is the `signal`-period EMA
 * of the MACD line (seeded, like every EMA here, with the simple average of its first values);
 * the histogram is MACD less signal.
 */
export function macd(values: readonly number[], fast = 12, slow = 26, signal = 9): Macd {
  const fastLine = ema(values, fast);
  const slowLine = ema(values, slow);
  const line: IndicatorSeries = values.map((_, index) => {
    const a = fastLine[index];
    const b = slowLine[index];
    return a === null || a === undefined || b === null || b === undefined ? null : a - b;
  });
  const first = line.findIndex((value) => value !== null);
  const signalLine: IndicatorSeries = new Array<number | null>(values.length).fill(null);
  if (first >= 0) {
    const defined = line.slice(first).map((value) => value ?? 0);
    ema(defined, signal).forEach((value, offset) => {
      signalLine[first + offset] = value;
    });
  }
  const histogram: IndicatorSeries = line.map((value, index) => {
    const s = signalLine[index];
    return value === null || s === null || s === undefined ? null : value - s;
  });
  return { macd: line, signal: signalLine, histogram };
}
