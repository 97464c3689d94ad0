import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalCdf, normalPdf } from './normal.js';

// Reference values from mpmath at 30 significant digits, rounded to the nearest float64.
const REFERENCE: readonly [number, number][] = [
  [-0.3, 0.3820885778110474], // central range of the approximation (|x| ≤ 0.5·√2)
  [0.25, 0.5987063256829237],
  [0.6, 0.7257468822499265],
  [1, 0.8413447460685429],
  [1.5, 0.9331927987311419], // middle range (0.5·√2 < |x| ≤ 4·√2)
  [-1.96, 0.024997895148220435],
  [-2.5, 0.006209665325776135],
  [3, 0.9986501019683699],
  [5, 0.9999997133484281],
  [-6, 9.86587645037698e-10], // far range (|x| > 4·√2)
  [-8, 6.220960574271784e-16],
  [-10, 7.619853024160525e-24],
  [-20, 2.7536241186062337e-89],
  [-37, 5.725571222524577e-300],
];

describe('normalCdf', () => {
  it('is exactly one half at 0', () => {
    expect(normalCdf(0)).toBe(0.5);
  });

  it('matches high-precision values to within 1e-15 absolute in every range of the approximation', () => {
    for (const [x, expected] of REFERENCE) {
      expect(Math.abs(normalCdf(x) - expected), `N(${x})`).toBeLessThan(1e-15);
    }
  });

  it('keeps the lower tail accurate in relative terms (no 1 − N(x) cancellation)', () => {
    for (const [x, expected] of REFERENCE) {
      if (x < 0) expect(Math.abs(normalCdf(x) / expected - 1), `N(${x})`).toBeLessThan(1e-12);
    }
  });

  it('is symmetric, N(x) + N(−x) = 1', () => {
    fc.assert(
      fc.property(fc.double({ min: -40, max: 40, noNaN: true }), (x) => {
        expect(Math.abs(normalCdf(x) + normalCdf(-x) - 1)).toBeLessThanOrEqual(Number.EPSILON);
      }),
    );
  });

  it('is non-decreasing and bounded by 0 and 1', () => {
    let previous = 0;
    for (let x = -40; x <= 40; x += 0.01) {
      const value = normalCdf(x);
      expect(value).toBeGreaterThanOrEqual(previous);
      expect(value).toBeLessThanOrEqual(1);
      previous = value;
    }
    expect(normalCdf(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(normalCdf(Number.POSITIVE_INFINITY)).toBe(1);
    expect(normalCdf(Number.NaN)).toBeNaN();
  });

  it('has the density as its derivative', () => {
    fc.assert(
      fc.property(fc.double({ min: -8, max: 8, noNaN: true }), (x) => {
        const h = 1e-5;
        const slope = (normalCdf(x + h) - normalCdf(x - h)) / (2 * h);
        expect(Math.abs(slope - normalPdf(x))).toBeLessThan(1e-9);
      }),
    );
  });
});

describe('normalPdf', () => {
  it('matches known values', () => {
    expect(normalPdf(0)).toBeCloseTo(0.3989422804014327, 16);
    expect(normalPdf(1)).toBeCloseTo(0.24197072451914334, 16);
    expect(normalPdf(-2.5)).toBeCloseTo(0.017528300493568537, 16);
    expect(normalPdf(40)).toBe(0);
  });
});
