import { describe, expect, it } from 'vitest';
import { applyLivePrice, bucketStart, toBar, toBars } from './candles';
import { sparklinePath } from './sparkline-geometry';

const MINUTE = 60_000;
const start = Date.UTC(2026, 0, 5, 10, 0);

describe('live candles', () => {
  const last = { time: start / 1000, open: 10, high: 12, low: 9, close: 11 };

  it('moves the close, high and low of the current bar', () => {
    expect(applyLivePrice(last, 13, start + 30_000, '1m')).toEqual({ ...last, close: 13, high: 13 });
    expect(applyLivePrice(last, 8, start + 59_999, '1m')).toEqual({ ...last, close: 8, low: 8 });
    expect(applyLivePrice(last, 11.5, start, '1m')).toEqual({ ...last, close: 11.5 });
  });

  it('starts a new bar when the interval boundary has passed', () => {
    expect(applyLivePrice(last, 14, start + MINUTE + 1, '1m')).toEqual({
      time: (start + MINUTE) / 1000,
      open: 14,
      high: 14,
      low: 14,
      close: 14,
    });
    // Within the same hour for 1h bars.
    expect(applyLivePrice({ ...last }, 14, start + 59 * MINUTE, '1h')?.time).toBe(start / 1000);
  });

  it('ignores prices older than the last bar, and starts from nothing', () => {
    expect(applyLivePrice(last, 14, start - 1, '1m')).toBeNull();
    expect(applyLivePrice(null, 14, start + 5 * MINUTE + 7, '5m')).toEqual({
      time: (start + 5 * MINUTE) / 1000,
      open: 14,
      high: 14,
      low: 14,
      close: 14,
    });
    expect(applyLivePrice(last, Number.NaN, start, '1m')).toBeNull();
  });

  it('aligns buckets to UTC and converts candles for the chart', () => {
    expect(bucketStart(Date.UTC(2026, 0, 5, 13, 59), '4h')).toBe(Date.UTC(2026, 0, 5, 12));
    expect(bucketStart(Date.UTC(2026, 0, 5, 23, 59), '1d')).toBe(Date.UTC(2026, 0, 5));
    expect(toBar({ time: start, open: '1.5', high: '2', low: '1', close: '1.75', volume: '3' })).toEqual({
      time: start / 1000,
      open: 1.5,
      high: 2,
      low: 1,
      close: 1.75,
    });
  });
});

describe('bars for the chart', () => {
  it('sorts, keeps one bar per time and drops what is not a number', () => {
    const candle = (time: number, close: string) => ({ time, open: '1', high: '2', low: '0.5', close, volume: '0' });
    expect(
      toBars([candle(120_000, '1'), candle(60_000, '1.5'), candle(120_000, '1.25'), candle(180_000, 'x')]).map(
        (bar) => [bar.time, bar.close],
      ),
    ).toEqual([
      [60, 1.5],
      [120, 1.25],
    ]);
  });
});

describe('sparkline geometry', () => {
  it('spreads the points and keeps 10% free above and below', () => {
    expect(sparklinePath([1, 3, 2], 180, 60)).toBe('M0,54 L90,6 L180,30');
  });

  it('draws a flat series in the middle and nothing for fewer than two prices', () => {
    expect(sparklinePath([5, 5], 100, 60)).toBe('M0,30 L100,30');
    expect(sparklinePath([5], 100, 60)).toBe('');
    expect(sparklinePath([], 100, 60)).toBe('');
  });
});
