import { Decimal } from '@openbourse/money';
import { type Candle, MINUTE_MS } from './candles.js';

/** Minutes in a UTC day: intervals divide it or are whole days, so bars align on UTC boundaries. */
export const DAY_MINUTES = 1440;

/**
 * Why an interval cannot aggregate candles of `candleMinutes`, or null when it can: a whole
 * number of minutes, a whole multiple of the candles' own length, and either a divisor of a
 * day (1, 5, 15, 60, 240 …) or a whole number of days, so every bar starts on a UTC boundary.
 */
export function intervalProblem(intervalMinutes: number, candleMinutes = 1): string | null {
  if (!Number.isSafeInteger(intervalMinutes) || intervalMinutes < 1) {
    return `the interval must be a whole number of minutes, got ${intervalMinutes}`;
  }
  if (intervalMinutes % candleMinutes !== 0) {
    return `the interval (${intervalMinutes} min) must be a multiple of the candles' ${candleMinutes} min`;
  }
  if (DAY_MINUTES % intervalMinutes !== 0 && intervalMinutes % DAY_MINUTES !== 0) {
    return `the interval (${intervalMinutes} min) must divide a day (1440 min) or be whole days`;
  }
  return null;
}

/** The open time of the interval bar holding a candle that opens at `time` (UTC-aligned). */
export function bucketStart(time: number, intervalMinutes: number): number {
  const size = intervalMinutes * MINUTE_MS;
  return Math.floor(time / size) * size;
}

type OpenBar = { openTime: number; open: Decimal; high: Decimal; low: Decimal; close: Decimal; volume: Decimal };

const toCandle = (bar: OpenBar): Candle => ({
  openTime: bar.openTime,
  open: bar.open.toString(),
  high: bar.high.toString(),
  low: bar.low.toString(),
  close: bar.close.toString(),
  volume: bar.volume.toString(),
});

/**
 * Candles of `candleMinutes` (1 by default) into interval bars as they arrive, for a live
 * runner: open = the first candle's open, high/low the extremes, close the last close, volume
 * the sum, all exact. A bar is closed (returned) when its last candle arrives, or when a candle
 * of a later bar arrives (minutes missing at its end), or by `closeIfEnded` once the clock is
 * past its end. Candles must come in increasing time; a repeated or older one is refused.
 */
export class CandleAggregator {
  private bar: OpenBar | null = null;
  private lastTime = Number.NEGATIVE_INFINITY;
  private readonly sizeMs: number;
  private readonly candleMs: number;

  constructor(
    readonly intervalMinutes: number,
    readonly candleMinutes = 1,
  ) {
    const problem = intervalProblem(intervalMinutes, candleMinutes);
    if (problem) throw new RangeError(problem);
    this.sizeMs = intervalMinutes * MINUTE_MS;
    this.candleMs = candleMinutes * MINUTE_MS;
  }

  /** Adds a closed candle; answers the interval bars it closes (none, one, or two). */
  push(candle: Candle): Candle[] {
    if (candle.openTime <= this.lastTime) {
      throw new RangeError(`candle at ${candle.openTime} is not after the previous one (${this.lastTime})`);
    }
    this.lastTime = candle.openTime;
    const closed: Candle[] = [];
    const start = bucketStart(candle.openTime, this.intervalMinutes);
    if (this.bar && this.bar.openTime !== start) {
      closed.push(toCandle(this.bar));
      this.bar = null;
    }
    const high = Decimal.parse(candle.high);
    const low = Decimal.parse(candle.low);
    const volume = candle.volume === '' ? Decimal.ZERO : Decimal.parse(candle.volume);
    if (this.bar) {
      if (high.gt(this.bar.high)) this.bar.high = high;
      if (low.lt(this.bar.low)) this.bar.low = low;
      this.bar.close = Decimal.parse(candle.close);
      this.bar.volume = this.bar.volume.add(volume);
    } else {
      this.bar = {
        openTime: start,
        open: Decimal.parse(candle.open),
        high,
        low,
        close: Decimal.parse(candle.close),
        volume,
      };
    }
    if (candle.openTime + this.candleMs >= start + this.sizeMs) {
      closed.push(toCandle(this.bar));
      this.bar = null;
    }
    return closed;
  }

  /** The open bar, closed when `now` (ms) is at or past its end; null otherwise. */
  closeIfEnded(now: number): Candle | null {
    if (!this.bar || now < this.bar.openTime + this.sizeMs) return null;
    const closed = toCandle(this.bar);
    this.bar = null;
    return closed;
  }
}

/**
 * Every interval bar of a list of candles, the last one included even when its bucket is not
 * complete (its `openTime` tells where it starts). For a closed-bars-only view use
 * `CandleAggregator`.
 */
export function aggregateCandles(candles: readonly Candle[], intervalMinutes: number, candleMinutes = 1): Candle[] {
  const aggregator = new CandleAggregator(intervalMinutes, candleMinutes);
  const bars: Candle[] = [];
  for (const candle of candles) bars.push(...aggregator.push(candle));
  const last = aggregator.closeIfEnded(Number.POSITIVE_INFINITY);
  if (last) bars.push(last);
  return bars;
}
