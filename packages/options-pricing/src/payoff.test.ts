import { describe, expect, it } from 'vitest';
import { breakEven, maximumPayout, payoffAtExpiry } from './payoff.js';

describe('payoffAtExpiry', () => {
  it('pays a put max(0, K − S)', () => {
    expect(payoffAtExpiry('put', 100, null, 80)).toBe(20);
    expect(payoffAtExpiry('put', 100, null, 100)).toBe(0);
    expect(payoffAtExpiry('put', 100, null, 130)).toBe(0);
    expect(payoffAtExpiry('put', 100, null, 0)).toBe(100);
    expect(payoffAtExpiry('put', 100, 5, 80)).toBe(20); // a put ignores a cap
  });

  it('pays a call max(0, S − K), at most the cap when capped', () => {
    expect(payoffAtExpiry('call', 100, null, 130)).toBe(30);
    expect(payoffAtExpiry('call', 100, null, 90)).toBe(0);
    expect(payoffAtExpiry('call', 100, 20, 110)).toBe(10);
    expect(payoffAtExpiry('call', 100, 20, 130)).toBe(20);
    expect(payoffAtExpiry('call', 100, 20, 90)).toBe(0);
  });

  it('refuses nonsense with RangeError', () => {
    expect(() => payoffAtExpiry('call', 100, 0, 110)).toThrow(RangeError);
    expect(() => payoffAtExpiry('call', 100, null, Number.NaN)).toThrow(RangeError);
    expect(() => payoffAtExpiry('call', 100, null, -1)).toThrow(RangeError);
    expect(() => payoffAtExpiry('put', -100, null, 10)).toThrow(RangeError);
  });
});

describe('maximumPayout', () => {
  it("is a put's strike, a capped call's cap and an uncapped call's infinity", () => {
    expect(maximumPayout('put', 100, null)).toBe(100);
    expect(maximumPayout('put', 100, 20)).toBe(100);
    expect(maximumPayout('call', 100, 20)).toBe(20);
    expect(maximumPayout('call', 100, null)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('breakEven', () => {
  it('is K + premium for a call, K − premium floored at 0 for a put', () => {
    expect(breakEven('call', 100, 4.5)).toBe(104.5);
    expect(breakEven('put', 100, 4.5)).toBe(95.5);
    expect(breakEven('put', 100, 120)).toBe(0);
    expect(breakEven('call', 100, 0)).toBe(100);
    expect(() => breakEven('call', 100, -1)).toThrow(RangeError);
  });
});
