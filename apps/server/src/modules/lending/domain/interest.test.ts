import { Decimal } from '@openbourse/money';
import { describe, expect, it } from 'vitest';
import {
  accrueInterest,
  assertLoanTerms,
  interestAccruedAt,
  interestDue,
  isOverdue,
  newLoanBalance,
  outstandingOf,
  promisedInterest,
  repaymentDate,
} from './interest.js';
import { DAY_MS } from './lending-constants.js';
import type { LoanTerms } from './loan-types.js';

const d = Decimal.parse;
const USDT = { code: 'USDT', decimals: 6 };
const START = Date.UTC(2026, 10, 26, 10, 0, 0); // 2026-11-26 10:00 UTC
const HOUR = 3_600_000;

/** 1,000 USDT for 30 days at 0.05% a day, the first 7 days free. */
const terms: LoanTerms = {
  principal: d('1000'),
  asset: USDT,
  termDays: 30,
  dailyRate: d('0.0005'),
  interestFreeDays: 7,
  disbursedAt: START,
};

describe('loan interest', () => {
  it('promises interest for the days after the interest-free days only', () => {
    // 30 − 7 = 23 chargeable days; 1000 × 0.0005 × 23 = 11.5 USDT
    expect(promisedInterest(terms).toString()).toBe('11.5');
  });

  it('rounds the promised interest down to the asset precision, in the user’s favour', () => {
    // 333.333333 × 0.0007 × (20 − 7) = 0.2333333331 × 13 = 3.0333333303 → 3.033333 (down)
    const odd = { ...terms, principal: d('333.333333'), dailyRate: d('0.0007'), termDays: 20 };
    expect(promisedInterest(odd).toString()).toBe('3.033333');
  });

  it('charges nothing when the interest-free days cover the whole term', () => {
    expect(promisedInterest({ ...terms, interestFreeDays: 30 }).toString()).toBe('0');
    expect(promisedInterest({ ...terms, interestFreeDays: 45 }).toString()).toBe('0');
  });

  it('dates the repayment the term’s whole days after disbursement', () => {
    // 2026-11-26 10:00 + 30 days = 2026-12-26 10:00 UTC
    expect(new Date(repaymentDate(terms)).toISOString()).toBe('2026-12-26T10:00:00.000Z');
  });

  it('accrues nothing during the interest-free days', () => {
    expect(interestAccruedAt(terms, START + 7 * DAY_MS).toString()).toBe('0');
  });

  it('accrues the daily rate for each whole day after the interest-free days', () => {
    // at 10 days 3 hours: days 0–9 are over; days 7, 8, 9 chargeable; 1000 × 0.0005 × 3 = 1.5
    expect(interestAccruedAt(terms, START + 10 * DAY_MS + 3 * HOUR).toString()).toBe('1.5');
    // a day not yet over is not charged
    expect(interestAccruedAt(terms, START + 10 * DAY_MS - 1).toString()).toBe('1');
  });

  it('reaches the promised interest exactly on the repayment date', () => {
    expect(interestAccruedAt(terms, repaymentDate(terms)).toString()).toBe(promisedInterest(terms).toString());
  });

  it('keeps the daily rate running on the outstanding after the repayment date (the overdue rule)', () => {
    // 2 days and 1 hour overdue: 11.5 + 2 × (1000 × 0.0005 × 1) = 12.5
    expect(interestAccruedAt(terms, repaymentDate(terms) + 2 * DAY_MS + HOUR).toString()).toBe('12.5');
  });

  it('charges overdue days even when the interest-free days covered the term', () => {
    // interest-free through the term; 3 days overdue: 1000 × 0.0005 × 3 = 1.5
    const free = { ...terms, interestFreeDays: 30 };
    expect(interestAccruedAt(free, repaymentDate(free) + 3 * DAY_MS).toString()).toBe('1.5');
  });

  it('is overdue only after the repayment date while something is owed', () => {
    const balance = newLoanBalance(terms);
    expect(isOverdue(terms, balance, repaymentDate(terms))).toBe(false);
    expect(isOverdue(terms, balance, repaymentDate(terms) + 1)).toBe(true);
    const repaid = { principal: Decimal.ZERO, accruedInterest: Decimal.ZERO, accruedDays: 30 };
    expect(isOverdue(terms, repaid, repaymentDate(terms) + DAY_MS)).toBe(false);
  });

  it('accrues each day on the principal of that day', () => {
    // days 7–9 on 1000: 1.5; then the principal is 500; days 10–19 on 500: 500 × 0.0005 × 10 = 2.5
    const atDay10 = accrueInterest(terms, newLoanBalance(terms), START + 10 * DAY_MS);
    expect(atDay10.accruedInterest.toString()).toBe('1.5');
    const halved = { ...atDay10, principal: d('500') };
    const atDay20 = accrueInterest(terms, halved, START + 20 * DAY_MS);
    expect(atDay20.accruedInterest.toString()).toBe('4');
    expect(outstandingOf(terms, atDay20).toString()).toBe('504');
    // asking again for an earlier moment changes nothing
    expect(accrueInterest(terms, atDay20, START + 15 * DAY_MS)).toBe(atDay20);
  });

  it('keeps accrued interest exact and shows it rounded down', () => {
    // 100.000001 × 0.0003 × 1 = 0.0300000003 exact; due 0.03
    const small = { ...terms, principal: d('100.000001'), dailyRate: d('0.0003'), interestFreeDays: 0 };
    const balance = accrueInterest(small, newLoanBalance(small), START + DAY_MS);
    expect(balance.accruedInterest.toString()).toBe('0.0300000003');
    expect(interestDue(small, balance).toString()).toBe('0.03');
  });

  it('refuses terms that are not whole days or have more decimals than the asset', () => {
    expect(() => assertLoanTerms({ ...terms, termDays: 1.5 })).toThrow(RangeError);
    expect(() => assertLoanTerms({ ...terms, termDays: 0 })).toThrow(RangeError);
    expect(() => assertLoanTerms({ ...terms, interestFreeDays: -1 })).toThrow(RangeError);
    expect(() => assertLoanTerms({ ...terms, principal: d('1.0000001') })).toThrow(RangeError);
    expect(() => assertLoanTerms({ ...terms, dailyRate: d('-0.001') })).toThrow(RangeError);
  });
});
