import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blackScholes, type PricingInput } from './black-scholes.js';
import { cappedCall, optionGreeks } from './capped-call.js';

const inputWithCap = fc
  .record({
    spot: fc.double({ min: 1, max: 1e5, noNaN: true }),
    strike: fc.double({ min: 1, max: 1e5, noNaN: true }),
    years: fc.double({ min: 1e-4, max: 3, noNaN: true }),
    rate: fc.double({ min: -0.02, max: 0.15, noNaN: true }),
    volatility: fc.double({ min: 0.01, max: 3, noNaN: true }),
    capShare: fc.double({ min: 0.001, max: 2, noNaN: true }),
  })
  .map(({ capShare, ...input }) => ({ ...input, cap: capShare * input.spot }));

describe('cappedCall', () => {
  it('is the call spread call(K) − call(K + cap), Greeks included', () => {
    fc.assert(
      fc.property(inputWithCap, (input) => {
        const capped = cappedCall(input);
        const low = blackScholes('call', input);
        const high = blackScholes('call', { ...input, strike: input.strike + input.cap });
        const slack = 1e-13 * (input.spot + input.strike + input.cap);
        expect(Math.abs(capped.price - (low.price - high.price))).toBeLessThanOrEqual(slack);
        expect(capped.delta).toBe(low.delta - high.delta);
        expect(capped.gamma).toBe(low.gamma - high.gamma);
        expect(capped.vega).toBe(low.vega - high.vega);
        expect(capped.theta).toBe(low.theta - high.theta);
      }),
      { numRuns: 1000 },
    );
  });

  it('lies in [0, cap·e^{−rT}] and never above the uncapped call', () => {
    fc.assert(
      fc.property(inputWithCap, (input) => {
        const capped = cappedCall(input).price;
        expect(capped).toBeGreaterThanOrEqual(0);
        expect(capped).toBeLessThanOrEqual(input.cap * Math.exp(-input.rate * input.years));
        expect(capped).toBeLessThanOrEqual(blackScholes('call', input).price);
      }),
      { numRuns: 1000 },
    );
  });

  it('approaches the plain call as the cap grows, and its cap when deep in the money', () => {
    const input: PricingInput = { spot: 100, strike: 100, years: 0.5, rate: 0.05, volatility: 0.3 };
    const plain = blackScholes('call', input).price;
    expect(cappedCall({ ...input, cap: 1e4 }).price).toBeCloseTo(plain, 10);
    expect(cappedCall({ ...input, cap: 10 }).price).toBeLessThan(plain);
    const deep = cappedCall({ ...input, spot: 1000, cap: 10 });
    expect(deep.price).toBeCloseTo(10 * Math.exp(-0.025), 10);
    expect(deep.delta).toBeCloseTo(0, 10);
  });

  it('at or after expiry pays min(max(0, S − K), cap), delta 1 strictly between K and K + cap', () => {
    const base = { strike: 100, cap: 20, rate: 0.05, volatility: 0.4 };
    for (const years of [0, -1]) {
      const at = (spot: number) => cappedCall({ ...base, years, spot });
      expect(at(90)).toEqual({ price: 0, delta: 0, gamma: 0, vega: 0, theta: 0 });
      expect(at(100)).toEqual({ price: 0, delta: 0, gamma: 0, vega: 0, theta: 0 });
      expect(at(110)).toEqual({ price: 10, delta: 1, gamma: 0, vega: 0, theta: 0 });
      expect(at(120)).toEqual({ price: 20, delta: 0, gamma: 0, vega: 0, theta: 0 });
      expect(at(150)).toEqual({ price: 20, delta: 0, gamma: 0, vega: 0, theta: 0 });
    }
  });

  it('with volatility 0 is the deterministic spread, within its bounds', () => {
    const input = { spot: 150, strike: 100, cap: 20, years: 1, rate: 0.05, volatility: 0 };
    const greeks = cappedCall(input);
    expect(greeks.price).toBeLessThanOrEqual(20 * Math.exp(-0.05));
    expect(greeks.price).toBeCloseTo(20 * Math.exp(-0.05), 12);
    expect(greeks.delta).toBe(0);
    expect(cappedCall({ ...input, spot: 110 }).delta).toBe(1);
  });

  it.each([0, -5, Number.NaN, Number.POSITIVE_INFINITY])('throws RangeError on cap %s', (cap) => {
    const input = { spot: 100, strike: 100, years: 1, rate: 0.05, volatility: 0.2 };
    expect(() => cappedCall({ ...input, cap })).toThrow(RangeError);
    expect(() => optionGreeks('call', input, cap)).toThrow(RangeError);
  });
});

describe('optionGreeks', () => {
  const input: PricingInput = { spot: 105, strike: 100, years: 0.25, rate: 0.03, volatility: 0.5 };

  it('prices a call with a cap as the capped call, without as the plain call', () => {
    expect(optionGreeks('call', input, 15)).toEqual(cappedCall({ ...input, cap: 15 }));
    expect(optionGreeks('call', input, null)).toEqual(blackScholes('call', input));
    expect(optionGreeks('call', input, 15).price).toBeLessThan(optionGreeks('call', input, null).price);
  });

  it('ignores the cap of a put', () => {
    expect(optionGreeks('put', input, 15)).toEqual(blackScholes('put', input));
    expect(optionGreeks('put', input, 0)).toEqual(blackScholes('put', input));
  });
});
