import { Decimal } from '@openbourse/money';
import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  earlyRedemptionPenalty,
  earnedDaysAt,
  earnedInterest,
  maturityOf,
  minorUnits,
  promisedInterest,
} from './savings-math.js';

const d = (value: string) => Decimal.parse(value);

describe('the savings arithmetic', () => {
  it('promises principal × daily rate × period days, rounded down to the asset’s unit', () => {
    // 1,234.567891 × 0.0005 × 30 = 18.518518365 → 18.518518 USDT (6 decimals, down).
    expect(
      promisedInterest({ principal: d('1234.567891'), dailyRate: d('0.0005'), periodDays: 30, decimals: 6 }).toString(),
    ).toBe('18.518518');
    // 100 × 0.0003 × 7 = 0.21 exactly: nothing to round.
    expect(
      promisedInterest({ principal: d('100'), dailyRate: d('0.0003'), periodDays: 7, decimals: 6 }).toString(),
    ).toBe('0.21');
    // 0.000001 × 0.0001 × 1 = 0.0000000001 → 0 at 6 decimals: nothing to reserve.
    expect(
      promisedInterest({ principal: d('0.000001'), dailyRate: d('0.0001'), periodDays: 1, decimals: 6 }).isZero(),
    ).toBe(true);
  });

  it('counts whole days earned, never beyond the period', () => {
    const start = new Date(Date.UTC(2026, 5, 1, 10, 0, 0));
    expect(earnedDaysAt(start, 30, start)).toBe(0);
    expect(earnedDaysAt(start, 30, new Date(start.getTime() + DAY_MS - 1))).toBe(0);
    expect(earnedDaysAt(start, 30, new Date(start.getTime() + DAY_MS))).toBe(1);
    expect(earnedDaysAt(start, 30, new Date(start.getTime() + 3 * DAY_MS + 3_600_000))).toBe(3);
    expect(earnedDaysAt(start, 30, new Date(start.getTime() + 400 * DAY_MS))).toBe(30);
    expect(earnedDaysAt(start, 30, new Date(start.getTime() - DAY_MS))).toBe(0);
    expect(maturityOf(start, 30).toISOString()).toBe('2026-07-01T10:00:00.000Z');
  });

  it('earns promised × days ÷ period rounded down, reaching the promise exactly on the last day', () => {
    // 18.518518 × 3 ÷ 30 = 1.8518518 → 1.851851.
    expect(earnedInterest(d('18.518518'), 3, 30, 6).toString()).toBe('1.851851');
    // 3.5 × 2 ÷ 7 = 1 exactly.
    expect(earnedInterest(d('3.5'), 2, 7, 6).toString()).toBe('1');
    expect(earnedInterest(d('18.518518'), 29, 30, 6).toString()).toBe('17.901234');
    expect(earnedInterest(d('18.518518'), 30, 30, 6).toString()).toBe('18.518518');
    expect(earnedInterest(d('18.518518'), 0, 30, 6).isZero()).toBe(true);
  });

  it('keeps principal × penalty rate on an early exit, rounded down (the investor’s favour)', () => {
    // 1,234.567891 × 0.02 = 24.69135782 → 24.691357.
    expect(earlyRedemptionPenalty(d('1234.567891'), d('0.02'), 6).toString()).toBe('24.691357');
    expect(earlyRedemptionPenalty(d('2000'), d('0.02'), 6).toString()).toBe('40');
    expect(earlyRedemptionPenalty(d('2000'), d('0'), 6).isZero()).toBe(true);
  });

  it('turns an amount at the asset’s precision into minor units and refuses a finer one', () => {
    expect(minorUnits(d('18.518518'), 6)).toBe(18_518_518n);
    expect(() => minorUnits(d('0.0000001'), 6)).toThrow(RangeError);
  });
});
