// The analytic Greeks against central finite differences of the price, for calls, puts and capped
// calls. Bumps are scaled to the option's own width (S·σ√T, at most S/2, for the spot) so that neither the
// truncation error (bump too wide) nor the rounding error (bump too narrow) dominates; expiries
// shorter than about a week are left out, where the price's curvature makes differences unstable.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Greeks, OptionType, PricingInput } from './black-scholes.js';
import { optionGreeks } from './capped-call.js';

type Case = { type: OptionType; cap: number | null; input: PricingInput };

const priceOf = (c: Case, change: Partial<PricingInput>): number =>
  optionGreeks(c.type, { ...c.input, ...change }, c.cap).price;

/** The scale on which the price curves in the spot: S·σ√T, and never more than S/2 (lognormal). */
const widthOf = ({ spot, years, volatility }: PricingInput): number =>
  spot * Math.min(0.5, volatility * Math.sqrt(years));

function finiteDifferences(c: Case): Greeks {
  const { spot, years, volatility } = c.input;
  const width = widthOf(c.input);
  const hDelta = 1e-4 * width;
  const hGamma = 2e-3 * width;
  const hVolatility = 1e-4;
  const hYears = 1e-4 * years;
  const price = priceOf(c, {});
  return {
    price,
    delta: (priceOf(c, { spot: spot + hDelta }) - priceOf(c, { spot: spot - hDelta })) / (2 * hDelta),
    gamma: (priceOf(c, { spot: spot + hGamma }) - 2 * price + priceOf(c, { spot: spot - hGamma })) / (hGamma * hGamma),
    // Per volatility point: the slope per unit of volatility times 0.01.
    vega:
      ((priceOf(c, { volatility: volatility + hVolatility }) - priceOf(c, { volatility: volatility - hVolatility })) /
        (2 * hVolatility)) *
      0.01,
    // Calendar time runs against time to expiry: ∂P/∂t = −∂P/∂T; per day.
    theta: -(priceOf(c, { years: years + hYears }) - priceOf(c, { years: years - hYears })) / (2 * hYears) / 365,
  };
}

const input = fc.record({
  spot: fc.double({ min: 50, max: 200, noNaN: true }),
  strike: fc.double({ min: 40, max: 250, noNaN: true }),
  years: fc.double({ min: 0.02, max: 3, noNaN: true }),
  rate: fc.double({ min: -0.02, max: 0.15, noNaN: true }),
  volatility: fc.double({ min: 0.1, max: 1.5, noNaN: true }),
});

function expectGreeksMatch(c: Case): void {
  const analytic = optionGreeks(c.type, c.input, c.cap);
  const numeric = finiteDifferences(c);
  const { spot, years } = c.input;
  const width = widthOf(c.input);
  // Natural size of each Greek, for the absolute part of the tolerance.
  const scale = { delta: 1, gamma: 1 / width, vega: (spot * Math.sqrt(years)) / 100, theta: spot / 365 };
  for (const greek of ['delta', 'gamma', 'vega', 'theta'] as const) {
    const tolerance = 1e-6 * scale[greek] + 1e-5 * Math.abs(analytic[greek]);
    expect(Math.abs(analytic[greek] - numeric[greek]), `${c.type} cap ${c.cap} ${greek}`).toBeLessThanOrEqual(
      tolerance,
    );
  }
}

describe('Greeks against finite differences of the price', () => {
  it('calls', () => {
    fc.assert(
      fc.property(input, (i) => expectGreeksMatch({ type: 'call', cap: null, input: i })),
      { numRuns: 500 },
    );
  });

  it('puts', () => {
    fc.assert(
      fc.property(input, (i) => expectGreeksMatch({ type: 'put', cap: null, input: i })),
      { numRuns: 500 },
    );
  });

  it('capped calls', () => {
    fc.assert(
      fc.property(input, fc.double({ min: 0.05, max: 0.5, noNaN: true }), (i, capShare) =>
        expectGreeksMatch({ type: 'call', cap: capShare * i.spot, input: i }),
      ),
      { numRuns: 500 },
    );
  });

  it('catches a wrong Greek (the check is not vacuous)', () => {
    const c: Case = {
      type: 'call',
      cap: null,
      input: { spot: 100, strike: 100, years: 1, rate: 0.05, volatility: 0.2 },
    };
    const numeric = finiteDifferences(c);
    const analytic = optionGreeks(c.type, c.input, c.cap);
    // Theta per year instead of per day, vega per unit instead of per point: both far off.
    expect(Math.abs(analytic.theta * 365 - numeric.theta)).toBeGreaterThan(1);
    expect(Math.abs(analytic.vega * 100 - numeric.vega)).toBeGreaterThan(1);
    expect(Math.abs(analytic.delta - numeric.delta)).toBeLessThan(1e-8);
  });
});
