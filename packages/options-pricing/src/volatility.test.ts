import { describe, expect, it } from 'vitest';
import { boundedVolatility, ewmaVolatility } from './volatility.js';

const MINUTES_PER_YEAR = 525_600;
const RISKMETRICS = { lambda: 0.94, periodsPerYear: MINUTES_PER_YEAR };

/** Closes from a start price and the log returns between them. */
function closesFrom(returns: readonly number[], start = 100): number[] {
  const closes = [start];
  let logPrice = Math.log(start);
  for (const r of returns) {
    logPrice += r;
    closes.push(Math.exp(logPrice));
  }
  return closes;
}

const relativeError = (actual: number | null, expected: number): number =>
  actual === null ? Number.POSITIVE_INFINITY : Math.abs(actual / expected - 1);

describe('ewmaVolatility', () => {
  it('is 0 for a constant series, and the floor once bounded', () => {
    const flat = new Array<number>(50).fill(60_000);
    expect(ewmaVolatility(flat, RISKMETRICS)).toBe(0);
    expect(boundedVolatility(ewmaVolatility(flat, RISKMETRICS), 0.3, 3)).toBe(0.3);
  });

  it('gives |r|·√periodsPerYear for returns alternating ±r, whatever lambda', () => {
    const r = 0.001;
    const closes = closesFrom(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? r : -r)));
    for (const lambda of [0.5, 0.94, 0.99]) {
      const measured = ewmaVolatility(closes, { lambda, periodsPerYear: MINUTES_PER_YEAR });
      expect(relativeError(measured, r * Math.sqrt(MINUTES_PER_YEAR))).toBeLessThan(1e-9);
    }
  });

  it('seeds with the mean of the first minReturns squared returns, then decays by lambda', () => {
    // Returns 0.001, −0.002, 0.003 seed the variance with their mean square; then 0.004 and −0.005.
    const returns = [0.001, -0.002, 0.003, 0.004, -0.005];
    const closes = closesFrom(returns);
    const lambda = 0.9;
    const seed = (0.001 ** 2 + 0.002 ** 2 + 0.003 ** 2) / 3;
    const afterFourth = lambda * seed + (1 - lambda) * 0.004 ** 2;
    const afterFifth = lambda * afterFourth + (1 - lambda) * 0.005 ** 2;
    const measured = ewmaVolatility(closes, { lambda, periodsPerYear: 1, minReturns: 3 });
    expect(relativeError(measured, Math.sqrt(afterFifth))).toBeLessThan(1e-9);
    // Exactly minReturns returns: the seed alone.
    const seedOnly = ewmaVolatility(closes.slice(0, 4), { lambda, periodsPerYear: 1, minReturns: 3 });
    expect(relativeError(seedOnly, Math.sqrt(seed))).toBeLessThan(1e-9);
  });

  it('annualises by √periodsPerYear', () => {
    const closes = closesFrom([0.002, -0.001, 0.0005, 0.003, -0.002, 0.001, 0.0015, -0.0025, 0.002, -0.001, 0.0007]);
    const perMinute = ewmaVolatility(closes, { lambda: 0.94, periodsPerYear: 1 });
    const perYear = ewmaVolatility(closes, RISKMETRICS);
    expect(perMinute).not.toBeNull();
    expect(relativeError(perYear, (perMinute ?? 0) * Math.sqrt(MINUTES_PER_YEAR))).toBeLessThan(1e-12);
    expect(Math.sqrt(MINUTES_PER_YEAR)).toBeCloseTo(724.98, 2);
  });

  it('returns null with fewer than minReturns valid returns (default 10)', () => {
    const returns = Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? 0.001 : -0.001));
    const closes = closesFrom(returns); // 11 closes, 10 returns
    expect(ewmaVolatility(closes.slice(0, 10), RISKMETRICS)).toBeNull();
    expect(ewmaVolatility(closes, RISKMETRICS)).not.toBeNull();
    expect(ewmaVolatility(closes, { ...RISKMETRICS, minReturns: 11 })).toBeNull();
    expect(ewmaVolatility([], RISKMETRICS)).toBeNull();
    expect(ewmaVolatility([100], { ...RISKMETRICS, minReturns: 1 })).toBeNull();
  });

  it('skips closes that are not finite and positive, and any return spanning them', () => {
    // If the jump from 100 to 200 across a gap were taken, the volatility would not be 0.
    const closes = [100, 100, 100, Number.NaN, 200, 200, 0, 200, -1, 200, Number.POSITIVE_INFINITY, 200, 200];
    expect(ewmaVolatility(closes, { ...RISKMETRICS, minReturns: 4 })).toBe(0);
    // Valid returns: 100→100 twice, 200→200 twice (the pairs around 0, −1 and ∞ are not consecutive).
    expect(ewmaVolatility(closes, { ...RISKMETRICS, minReturns: 5 })).toBeNull();
    expect(ewmaVolatility([100, Number.NaN, 200], { ...RISKMETRICS, minReturns: 1 })).toBeNull();
  });

  it('refuses parameters out of range with RangeError', () => {
    const closes = [1, 2, 3];
    expect(() => ewmaVolatility(closes, { lambda: 0, periodsPerYear: 1 })).toThrow(RangeError);
    expect(() => ewmaVolatility(closes, { lambda: 1, periodsPerYear: 1 })).toThrow(RangeError);
    expect(() => ewmaVolatility(closes, { lambda: Number.NaN, periodsPerYear: 1 })).toThrow(RangeError);
    expect(() => ewmaVolatility(closes, { lambda: 0.94, periodsPerYear: 0 })).toThrow(RangeError);
    expect(() => ewmaVolatility(closes, { lambda: 0.94, periodsPerYear: 1, minReturns: 0 })).toThrow(RangeError);
    expect(() => ewmaVolatility(closes, { lambda: 0.94, periodsPerYear: 1, minReturns: 2.5 })).toThrow(RangeError);
  });
});

describe('boundedVolatility', () => {
  it("clamps into the operator's [floor, cap]; nothing measured → floor", () => {
    expect(boundedVolatility(null, 0.2, 2)).toBe(0.2);
    expect(boundedVolatility(0.05, 0.2, 2)).toBe(0.2);
    expect(boundedVolatility(0.65, 0.2, 2)).toBe(0.65);
    expect(boundedVolatility(7, 0.2, 2)).toBe(2);
    expect(boundedVolatility(0, 0, 2)).toBe(0);
  });

  it('refuses a floor above the cap, or a negative floor', () => {
    expect(() => boundedVolatility(0.5, 2, 1)).toThrow(RangeError);
    expect(() => boundedVolatility(0.5, -0.1, 1)).toThrow(RangeError);
    expect(() => boundedVolatility(0.5, 0.1, Number.NaN)).toThrow(RangeError);
  });
});
