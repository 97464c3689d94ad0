import { describe, expect, it } from 'vitest';
import { aggregateCandles, bucketStart, CandleAggregator, intervalProblem } from './aggregate-candles.js';
import type { Candle } from './candles.js';

const T0 = Date.UTC(2021, 3, 21, 0, 0);
const minute = (m: number, open: string, high: string, low: string, close: string, volume = '1'): Candle => ({
  openTime: T0 + m * 60_000,
  open,
  high,
  low,
  close,
  volume,
});

describe('interval bars from one-minute candles', () => {
  it('aligns bars on UTC boundaries, whatever minute the data starts at', () => {
    expect(bucketStart(Date.UTC(2021, 3, 21, 10, 7), 15)).toBe(Date.UTC(2021, 3, 21, 10, 0));
    expect(bucketStart(Date.UTC(2021, 3, 21, 10, 15), 15)).toBe(Date.UTC(2021, 3, 21, 10, 15));
    expect(bucketStart(Date.UTC(2021, 3, 21, 23, 59), 1440)).toBe(Date.UTC(2021, 3, 21));
    expect(bucketStart(Date.UTC(2021, 3, 21, 5, 30), 240)).toBe(Date.UTC(2021, 3, 21, 4));
  });

  it('takes the first open, the extremes, the last close and the summed volume, exactly', () => {
    const bars = aggregateCandles(
      [
        minute(0, '100.1', '101', '99.5', '100.7', '0.1'),
        minute(1, '100.7', '103.25', '100.2', '102', '0.2'),
        minute(2, '102', '102.5', '98.75', '99', '0.7'),
        minute(3, '99', '99.5', '99', '99.25', '5'),
      ],
      3,
    );
    expect(bars).toEqual([
      { openTime: T0, open: '100.1', high: '103.25', low: '98.75', close: '99', volume: '1' },
      { openTime: T0 + 3 * 60_000, open: '99', high: '99.5', low: '99', close: '99.25', volume: '5' },
    ]);
  });

  it('closes a bar on its last minute, or when a later bar starts (minutes missing), or when its time is up', () => {
    const aggregator = new CandleAggregator(5);
    expect(aggregator.push(minute(0, '1', '1', '1', '1'))).toEqual([]);
    // Minute 4 is the last of [0, 5): the bar closes with it.
    expect(aggregator.push(minute(4, '2', '2', '2', '2')).map((b) => [b.openTime, b.close])).toEqual([[T0, '2']]);
    expect(aggregator.push(minute(6, '3', '3', '3', '3'))).toEqual([]);
    // Minutes 7–9 never came: minute 11 closes [5, 10) and opens [10, 15).
    expect(aggregator.push(minute(11, '4', '4', '4', '4')).map((b) => b.openTime)).toEqual([T0 + 5 * 60_000]);
    expect(aggregator.closeIfEnded(T0 + 14 * 60_000)).toBeNull();
    expect(aggregator.closeIfEnded(T0 + 15 * 60_000)?.close).toBe('4');
  });

  it('refuses a candle that is not after the previous one', () => {
    const aggregator = new CandleAggregator(5);
    aggregator.push(minute(3, '1', '1', '1', '1'));
    expect(() => aggregator.push(minute(3, '1', '1', '1', '1'))).toThrow(/not after/);
  });

  it('accepts intervals that divide a day or are whole days, in multiples of the candles', () => {
    expect(intervalProblem(15)).toBeNull();
    expect(intervalProblem(240)).toBeNull();
    expect(intervalProblem(2880, 1440)).toBeNull();
    expect(intervalProblem(7)).toMatch(/divide a day/);
    expect(intervalProblem(0)).toMatch(/whole number/);
    expect(intervalProblem(1.5)).toMatch(/whole number/);
    expect(intervalProblem(30, 60)).toMatch(/multiple of the candles/);
  });
});
