import { Decimal } from '@openbourse/money';
import { describe, expect, it } from 'vitest';
import {
  amountOf,
  amountProblem,
  earlyExitPenalty,
  indicativeAnnualRate,
  interestAtMaturity,
  maturityFrom,
  smallestUnit,
} from './savings-math';

const product = { minAmount: '100', maxAmount: '10000', remainingCapacity: '5000', decimals: 6 };

describe('the savings summary', () => {
  it('promises amount × daily rate × days, rounded down to the asset’s unit, as the server does', () => {
    // 1,234.567891 × 0.0005 × 30 = 18.518518365 → 18.518518.
    expect(interestAtMaturity(Decimal.parse('1234.567891'), '0.0005', 30, 6).toString()).toBe('18.518518');
    // 1,000 × 0.0005 × 7 = 3.5.
    expect(interestAtMaturity(Decimal.parse('1000'), '0.0005', 7, 6).toString()).toBe('3.5');
  });

  it('keeps the disclosed share of the principal on an early exit, rounded down', () => {
    // 1,234.567891 × 0.02 = 24.69135782 → 24.691357.
    expect(earlyExitPenalty(Decimal.parse('1234.567891'), '0.02', 6).toString()).toBe('24.691357');
    expect(earlyExitPenalty(Decimal.parse('1000'), '0.01', 6).toString()).toBe('10');
  });

  it('dates maturity the period’s days later, and names the yearly rate', () => {
    expect(maturityFrom(new Date('2026-06-01T10:00:00Z'), 7).toISOString()).toBe('2026-06-08T10:00:00.000Z');
    expect(indicativeAnnualRate('0.0005').toString()).toBe('0.1825');
    expect(smallestUnit(6)).toBe('0.000001');
  });

  it('says what is wrong with an amount, in the server’s order', () => {
    expect(amountProblem(' ', product, null)).toEqual({ problem: 'required' });
    expect(amountProblem('1,000', product, null)).toEqual({ problem: 'invalid' });
    expect(amountProblem('-5', product, null)).toEqual({ problem: 'invalid' });
    expect(amountProblem('100.0000001', product, null)).toEqual({ problem: 'tooManyDecimals', decimals: 6 });
    expect(amountProblem('99.99', product, null)).toEqual({ problem: 'belowMinimum', minimum: '100' });
    expect(amountProblem('10000.01', product, null)).toEqual({ problem: 'aboveMaximum', maximum: '10000' });
    expect(amountProblem('6000', product, '5500')).toEqual({ problem: 'aboveAvailable', available: '5500' });
    expect(amountProblem('6000', product, '9000')).toEqual({ problem: 'aboveCapacity', remaining: '5000' });
    expect(amountProblem('5000', product, '9000')).toBeNull();
    expect(amountOf('250.5', 6)?.toString()).toBe('250.5');
    expect(amountOf('0.0000001', 6)).toBeNull();
  });
});
