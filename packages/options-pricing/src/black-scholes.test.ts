import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blackScholes, type PricingInput, YEAR_MS, yearsBetween } from './black-scholes.js';

const HULL: PricingInput = { spot: 42, strike: 40, rate: 0.1, volatility: 0.2, years: 0.5 };

describe('blackScholes prices', () => {
  it("gives Hull's textbook example: call 4.76, put 0.81", () => {
    const call = blackScholes('call', HULL);
    const put = blackScholes('put', HULL);
    expect(call.price.toFixed(2)).toBe('4.76');
    expect(put.price.toFixed(2)).toBe('0.81');
    // mpmath at 40 digits: 4.7594223928715332196…, 0.80859937290009358325…
    expect(Math.abs(call.price - 4.759422392871533)).toBeLessThan(1e-12);
    expect(Math.abs(put.price - 0.8085993729000936)).toBeLessThan(1e-12);
  });

  it("gives the textbook's Greeks (delta N(d1), theta per day, vega per point)", () => {
    const call = blackScholes('call', HULL);
    const put = blackScholes('put', HULL);
    expect(call.delta).toBeCloseTo(0.7791, 4);
    expect(put.delta).toBeCloseTo(0.7791 - 1, 4);
    expect(call.gamma).toBeCloseTo(0.04996, 5);
    expect(put.gamma).toBe(call.gamma);
    // Vega S·φ(d1)·√T = 8.8134 per unit of volatility, 0.0881 per point.
    expect(call.vega).toBeCloseTo(0.088134, 6);
    // Theta per year: call −4.5590, put −0.7542; per calendar day /365.
    expect(call.theta * 365).toBeCloseTo(-4.559, 3);
    expect(put.theta * 365).toBeCloseTo(-0.7542, 3);
  });

  const pricingInput = fc.record({
    spot: fc.double({ min: 1, max: 1e5, noNaN: true }),
    strike: fc.double({ min: 1, max: 1e5, noNaN: true }),
    years: fc.double({ min: 1e-4, max: 3, noNaN: true }),
    rate: fc.double({ min: -0.02, max: 0.15, noNaN: true }),
    volatility: fc.double({ min: 0.01, max: 3, noNaN: true }),
  });

  it('satisfies put–call parity, C − P = S − K·e^{−rT}', () => {
    fc.assert(
      fc.property(pricingInput, (input) => {
        const call = blackScholes('call', input).price;
        const put = blackScholes('put', input).price;
        const forward = input.spot - input.strike * Math.exp(-input.rate * input.years);
        // Each price is a difference of terms of size S and K: a few ulps of the larger one.
        const tolerance = 1e-13 * Math.max(input.spot, input.strike);
        expect(Math.abs(call - put - forward)).toBeLessThanOrEqual(tolerance);
        expect(call).toBeGreaterThanOrEqual(0);
        expect(put).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('stays within the no-arbitrage bounds: max(0, S − K·e^{−rT}) ≤ C ≤ S', () => {
    fc.assert(
      fc.property(pricingInput, (input) => {
        const call = blackScholes('call', input).price;
        const lower = Math.max(0, input.spot - input.strike * Math.exp(-input.rate * input.years));
        const slack = 1e-13 * Math.max(input.spot, input.strike);
        expect(call).toBeGreaterThanOrEqual(lower - slack);
        expect(call).toBeLessThanOrEqual(input.spot + slack);
      }),
    );
  });

  it('gives a finite answer at extreme moneyness and tiny volatility', () => {
    for (const volatility of [1e-12, 1e-6, 5]) {
      for (const strike of [1e-3, 1, 100, 1e6]) {
        for (const type of ['call', 'put'] as const) {
          const greeks = blackScholes(type, { spot: 100, strike, years: 0.25, rate: 0.03, volatility });
          for (const value of Object.values(greeks)) expect(Number.isFinite(value), `${type} K=${strike}`).toBe(true);
        }
      }
    }
  });
});

describe('at or after expiry', () => {
  it('prices the payout and gives the step of it as delta, no gamma, vega or theta', () => {
    for (const years of [0, -0.25]) {
      const base = { strike: 100, rate: 0.05, volatility: 0.3, years };
      expect(blackScholes('call', { ...base, spot: 110 })).toEqual({
        price: 10,
        delta: 1,
        gamma: 0,
        vega: 0,
        theta: 0,
      });
      expect(blackScholes('call', { ...base, spot: 90 })).toEqual({ price: 0, delta: 0, gamma: 0, vega: 0, theta: 0 });
      expect(blackScholes('put', { ...base, spot: 90 })).toEqual({ price: 10, delta: -1, gamma: 0, vega: 0, theta: 0 });
      expect(blackScholes('put', { ...base, spot: 110 })).toEqual({ price: 0, delta: 0, gamma: 0, vega: 0, theta: 0 });
      expect(blackScholes('call', { ...base, spot: 100 }).delta).toBe(0);
      expect(blackScholes('put', { ...base, spot: 100 }).delta).toBe(0);
    }
  });
});

describe('volatility ≤ 0: the deterministic limit', () => {
  it('prices the discounted intrinsic value, a step delta and the strike carry as theta', () => {
    const discountedStrike = 100 * Math.exp(-0.05);
    for (const volatility of [0, -0.2]) {
      const input = { spot: 100, strike: 100, years: 1, rate: 0.05, volatility };
      const call = blackScholes('call', input);
      expect(call.price).toBeCloseTo(100 - discountedStrike, 12);
      expect(call.delta).toBe(1);
      expect(call.gamma).toBe(0);
      expect(call.vega).toBe(0);
      expect(call.theta).toBeCloseTo((-0.05 * discountedStrike) / 365, 14);
      expect(blackScholes('put', input)).toEqual({ price: 0, delta: 0, gamma: 0, vega: 0, theta: 0 });
      const put = blackScholes('put', { ...input, spot: 90 });
      expect(put.price).toBeCloseTo(discountedStrike - 90, 12);
      expect(put.delta).toBe(-1);
      expect(put.theta).toBeCloseTo((0.05 * discountedStrike) / 365, 14);
    }
  });

  it('is the limit of small volatilities', () => {
    const input = { spot: 100, strike: 90, years: 0.5, rate: 0.02, volatility: 0 };
    const limit = blackScholes('call', input);
    const nearLimit = blackScholes('call', { ...input, volatility: 1e-4 });
    expect(nearLimit.price).toBeCloseTo(limit.price, 10);
    expect(nearLimit.delta).toBeCloseTo(limit.delta, 10);
    expect(nearLimit.theta).toBeCloseTo(limit.theta, 10);
  });
});

describe('invalid inputs', () => {
  const good: PricingInput = { spot: 100, strike: 100, years: 1, rate: 0.05, volatility: 0.2 };
  it.each([
    ['NaN spot', { ...good, spot: Number.NaN }],
    ['negative spot', { ...good, spot: -1 }],
    ['zero spot', { ...good, spot: 0 }],
    ['NaN strike', { ...good, strike: Number.NaN }],
    ['negative strike', { ...good, strike: -100 }],
    ['infinite spot', { ...good, spot: Number.POSITIVE_INFINITY }],
    ['NaN years', { ...good, years: Number.NaN }],
    ['NaN rate', { ...good, rate: Number.NaN }],
    ['NaN volatility', { ...good, volatility: Number.NaN }],
    ['infinite volatility', { ...good, volatility: Number.POSITIVE_INFINITY }],
  ])('throws RangeError on %s', (_label, input) => {
    expect(() => blackScholes('call', input)).toThrow(RangeError);
    expect(() => blackScholes('put', input)).toThrow(RangeError);
  });

  it('throws RangeError on an unknown option type', () => {
    expect(() => blackScholes('straddle' as 'call', good)).toThrow(RangeError);
  });
});

describe('yearsBetween', () => {
  it('counts years of 365 days of 24 hours, and 0 at or after expiry', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(YEAR_MS).toBe(31_536_000_000);
    expect(yearsBetween(now, now + YEAR_MS)).toBe(1);
    expect(yearsBetween(now, now + 86_400_000)).toBe(1 / 365);
    expect(yearsBetween(now, now + 3_600_000)).toBe(1 / 8760);
    expect(yearsBetween(now, now)).toBe(0);
    expect(yearsBetween(now, now - 86_400_000)).toBe(0);
  });
});
