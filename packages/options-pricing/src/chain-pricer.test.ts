import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Greeks, YEAR_MS, yearsBetween } from './black-scholes.js';
import { optionGreeks } from './capped-call.js';
import { ChainPricer, type ChainSeries } from './chain-pricer.js';

const NOW = Date.UTC(2026, 5, 1, 8, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const GREEKS = ['price', 'delta', 'gamma', 'vega', 'theta'] as const;

/** Every series' row in the pricer's arrays equals optionGreeks for that series, within 1e-12 relative. */
function expectMatchesOptionGreeks(
  pricer: ChainPricer,
  series: readonly ChainSeries[],
  spot: number,
  nowMs: number,
  rate: number,
  volatility: number,
): void {
  series.forEach((s, i) => {
    const expected: Greeks = optionGreeks(
      s.type,
      { spot, strike: s.strike, years: yearsBetween(nowMs, s.expiryMs), rate, volatility },
      s.cap,
    );
    for (const greek of GREEKS) {
      const actual = pricer[greek][i] ?? Number.NaN;
      const bound = 1e-12 * Math.max(Math.abs(actual), Math.abs(expected[greek]));
      expect(
        Math.abs(actual - expected[greek]),
        `series ${i} ${s.type} K=${s.strike} cap=${s.cap} ${greek}`,
      ).toBeLessThanOrEqual(bound);
    }
  });
}

/** A chain like a listing: several expiries (one already past), strikes around the spot, each as a put, a call and a capped call. */
function listing(spot: number): ChainSeries[] {
  const expiries = [NOW - DAY, NOW, NOW + HOUR, NOW + DAY, NOW + 7 * DAY, NOW + 30 * DAY, NOW + YEAR_MS];
  const series: ChainSeries[] = [];
  for (const expiryMs of expiries) {
    for (let k = -10; k <= 10; k++) {
      const strike = spot * (1 + k * 0.05);
      series.push({ type: 'put', strike, cap: null, expiryMs });
      series.push({ type: 'call', strike, cap: null, expiryMs });
      // A cap of 10% of the spot lands K + cap on another listed strike (shared); 7% does not.
      series.push({ type: 'call', strike, cap: spot * (k % 2 === 0 ? 0.1 : 0.07), expiryMs });
    }
  }
  series.push({ type: 'put', strike: spot, cap: 123, expiryMs: NOW + DAY }); // a put's cap is ignored
  return series;
}

describe('ChainPricer', () => {
  it('prices every series as optionGreeks does, across spots, times, rates and volatilities', () => {
    const series = listing(60_000);
    const pricer = new ChainPricer(series);
    expect(pricer.size).toBe(series.length);
    const price = pricer.price;
    for (const spot of [30_000, 57_000, 60_000, 60_000.01, 63_500, 120_000]) {
      for (const nowMs of [NOW, NOW + 30 * 60_000, NOW + 2 * DAY]) {
        for (const [rate, volatility] of [
          [0.05, 0.6],
          [-0.01, 0.05],
          [0.1, 2.5],
          [0.05, 0],
        ] as const) {
          pricer.reprice(spot, nowMs, rate, volatility);
          expectMatchesOptionGreeks(pricer, series, spot, nowMs, rate, volatility);
        }
      }
    }
    // In place: the same arrays, new values.
    expect(pricer.price).toBe(price);
  });

  it('prices random chains as optionGreeks does', () => {
    const seriesArbitrary = fc.record({
      type: fc.constantFrom('call' as const, 'put' as const),
      strike: fc.constantFrom(50, 80, 90, 95, 100, 105, 110, 120, 150, 200),
      cap: fc.option(fc.constantFrom(5, 10, 20, 33.3), { nil: null }),
      expiryMs: fc.constantFrom(NOW - HOUR, NOW + HOUR, NOW + 3 * DAY, NOW + 90 * DAY, NOW + 2 * YEAR_MS),
    });
    fc.assert(
      fc.property(
        fc.array(seriesArbitrary, { minLength: 1, maxLength: 60 }),
        fc.double({ min: 20, max: 300, noNaN: true }),
        fc.double({ min: -0.02, max: 0.15, noNaN: true }),
        fc.double({ min: 0.01, max: 3, noNaN: true }),
        (series, spot, rate, volatility) => {
          const pricer = new ChainPricer(series);
          pricer.reprice(spot, NOW, rate, volatility);
          expectMatchesOptionGreeks(pricer, series, spot, NOW, rate, volatility);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives a put and a call at one strike the same gamma and vega, and a capped call less than its call', () => {
    const expiryMs = NOW + 30 * DAY;
    const pricer = new ChainPricer([
      { type: 'call', strike: 100, cap: null, expiryMs },
      { type: 'put', strike: 100, cap: null, expiryMs },
      { type: 'call', strike: 100, cap: 10, expiryMs },
    ]);
    pricer.reprice(101, NOW, 0.03, 0.4);
    expect(pricer.gamma[0]).toBe(pricer.gamma[1]);
    expect(pricer.vega[0]).toBe(pricer.vega[1]);
    expect(pricer.price[2]).toBeLessThan(pricer.price[0] ?? 0);
    expect(pricer.price[2]).toBeGreaterThan(0);
  });

  it('prices an expired series at its payout', () => {
    const expiryMs = NOW - 1;
    const pricer = new ChainPricer([
      { type: 'call', strike: 100, cap: null, expiryMs },
      { type: 'put', strike: 100, cap: null, expiryMs },
      { type: 'call', strike: 100, cap: 20, expiryMs },
    ]);
    pricer.reprice(130, NOW, 0.03, 0.4);
    expect(Array.from(pricer.price)).toEqual([30, 0, 20]);
    expect(Array.from(pricer.delta)).toEqual([1, 0, 0]);
    expect(Array.from(pricer.theta)).toEqual([0, 0, 0]);
  });

  it('handles an empty chain', () => {
    const pricer = new ChainPricer([]);
    pricer.reprice(100, NOW, 0.05, 0.2);
    expect(pricer.size).toBe(0);
    expect(pricer.price.length).toBe(0);
  });

  it('refuses invalid series and ticks with RangeError', () => {
    const expiryMs = NOW + DAY;
    expect(() => new ChainPricer([{ type: 'call', strike: -1, cap: null, expiryMs }])).toThrow(RangeError);
    expect(() => new ChainPricer([{ type: 'call', strike: 100, cap: 0, expiryMs }])).toThrow(RangeError);
    expect(() => new ChainPricer([{ type: 'call', strike: 100, cap: null, expiryMs: Number.NaN }])).toThrow(RangeError);
    expect(() => new ChainPricer([{ type: 'swap' as 'call', strike: 100, cap: null, expiryMs }])).toThrow(RangeError);
    const pricer = new ChainPricer([{ type: 'call', strike: 100, cap: null, expiryMs }]);
    expect(() => pricer.reprice(Number.NaN, NOW, 0.05, 0.2)).toThrow(RangeError);
    expect(() => pricer.reprice(0, NOW, 0.05, 0.2)).toThrow(RangeError);
    expect(() => pricer.reprice(100, NOW, Number.NaN, 0.2)).toThrow(RangeError);
    expect(() => pricer.reprice(100, NOW, 0.05, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
