import type { CandleInterval, TCandle } from '@openbourse/contracts';
import { CANDLE_INTERVAL_MS } from '@openbourse/contracts/constants';

/** A candle as the chart draws it: numbers, and the open time in epoch seconds. */
export type Bar = { time: number; open: number; high: number; low: number; close: number };

export function toBar(candle: TCandle): Bar {
  return {
    time: Math.floor(candle.time / 1000),
    open: Number(candle.open),
    high: Number(candle.high),
    low: Number(candle.low),
    close: Number(candle.close),
  };
}

/** Candles as bars in strictly rising time, as the chart requires: sorted, one bar per open time (the later wins). */
export function toBars(candles: readonly TCandle[]): Bar[] {
  const byTime = new Map<number, Bar>();
  for (const candle of candles) {
    const bar = toBar(candle);
    if (Object.values(bar).every(Number.isFinite)) byTime.set(bar.time, bar);
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** The open time (epoch ms) of the interval a moment falls in; intervals are aligned to UTC. */
export function bucketStart(timeMs: number, interval: CandleInterval): number {
  const size = CANDLE_INTERVAL_MS[interval];
  return Math.floor(timeMs / size) * size;
}

/**
 * The last bar after a live price: the same bar with its close (and high or low) moved while
 * the price is inside the bar's interval, or a new bar when the interval boundary has passed.
 * A price older than the last bar changes nothing (null).
 */
export function applyLivePrice(last: Bar | null, price: number, timeMs: number, interval: CandleInterval): Bar | null {
  if (!Number.isFinite(price) || !Number.isFinite(timeMs)) return null;
  const time = Math.floor(bucketStart(timeMs, interval) / 1000);
  if (last === null || time > last.time) return { time, open: price, high: price, low: price, close: price };
  if (time < last.time) return null;
  return { ...last, close: price, high: Math.max(last.high, price), low: Math.min(last.low, price) };
}
