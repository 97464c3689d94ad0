import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AverageTrueRange, RollingExtreme, RollingMean, RollingMeanDeviation } from './indicators.js';

const prices = fc.array(fc.double({ min: 0.5, max: 100_000, noNaN: true }), { minLength: 1, maxLength: 400 });
const period = fc.integer({ min: 1, max: 60 });

/** The last `period` values (all of them while fewer). */
const window = (values: number[], end: number, size: number) => values.slice(Math.max(0, end - size + 1), end + 1);

describe('incremental indicators agree with recomputing from scratch', () => {
  it('rolling mean', () => {
    fc.assert(
      fc.property(prices, period, (values, size) => {
        const mean = new RollingMean(size);
        values.forEach((value, i) => {
          mean.push(value);
          const w = window(values, i, size);
          const expected = w.reduce((a, b) => a + b, 0) / w.length;
          expect(mean.value).toBeCloseTo(expected, 6);
          expect(mean.ready).toBe(i + 1 >= size);
        });
      }),
    );
  });

  it('rolling mean and population deviation, without cancellation at high prices', () => {
    fc.assert(
      fc.property(prices, fc.integer({ min: 2, max: 60 }), (values, size) => {
        const stats = new RollingMeanDeviation(size);
        values.forEach((value, i) => {
          stats.push(value);
          const w = window(values, i, size);
          const m = w.reduce((a, b) => a + b, 0) / w.length;
          const sd = Math.sqrt(w.reduce((a, b) => a + (b - m) ** 2, 0) / w.length);
          expect(stats.mean).toBeCloseTo(m, 6);
          expect(Math.abs(stats.deviation - sd)).toBeLessThan(1e-6 * Math.max(1, m));
        });
      }),
    );
    // 50,000 ± 0.5: E[x²] − E[x]² would lose every digit; the shifted sums keep them.
    const stats = new RollingMeanDeviation(2);
    stats.push(50_000.5);
    stats.push(49_999.5);
    expect(stats.mean).toBe(50_000);
    expect(stats.deviation).toBe(0.5);
  });

  it('rolling highest and lowest', () => {
    fc.assert(
      fc.property(prices, period, (values, size) => {
        const high = new RollingExtreme(size, 'max');
        const low = new RollingExtreme(size, 'min');
        values.forEach((value, i) => {
          high.push(value);
          low.push(value);
          expect(high.value).toBe(Math.max(...window(values, i, size)));
          expect(low.value).toBe(Math.min(...window(values, i, size)));
        });
      }),
    );
  });

  it('average true range: the mean of the last true ranges', () => {
    const atr = new AverageTrueRange(2);
    atr.push(11, 9, 10); // TR 2 (no previous close)
    expect(atr.ready).toBe(false);
    atr.push(14, 10, 13); // TR max(4, |14−10|, |10−10|) = 4
    expect(atr.value).toBe(3);
    atr.push(13, 12, 12.5); // TR max(1, |13−13|, |12−13|) = 1
    expect(atr.value).toBe(2.5);
    atr.push(20, 19, 19); // gap up: TR max(1, |20−12.5|, |19−12.5|) = 7.5
    expect(atr.value).toBe(4.25);
  });
});
