import { describe, expect, it } from 'vitest';
import { formatAmount, signOf, trimFraction } from './amount';

describe('amounts shown from their decimal strings', () => {
  it('trims trailing zeros down to two places but never drops a significant digit', () => {
    expect(formatAmount('100000.000000', 6, 'en')).toBe('100,000.00');
    expect(formatAmount('0.000001', 6, 'en')).toBe('0.000001');
    expect(formatAmount('12.340000', 6, 'en')).toBe('12.34');
    expect(formatAmount('0.00150000', 8, 'en')).toBe('0.0015');
    expect(formatAmount('7', 0, 'en')).toBe('7');
    expect(formatAmount('7.5', 1, 'en')).toBe('7.5');
    expect(trimFraction('', 6)).toBe('00');
  });

  it('does not round what a JS number would', () => {
    expect(formatAmount('90071992547409931234.123456789012345678', 18, 'en')).toBe(
      '90,071,992,547,409,931,234.123456789012345678',
    );
    expect(formatAmount('0.1000000000000000055511', 22, 'en')).toBe('0.1000000000000000055511');
  });

  it('signs credits with + on request and always shows a debit minus', () => {
    expect(formatAmount('5.000000', 6, 'en', { signed: true })).toBe('+5.00');
    expect(formatAmount('-5.250000', 6, 'en', { signed: true })).toBe('-5.25');
    expect(formatAmount('-5.250000', 6, 'en')).toBe('-5.25');
    expect(formatAmount('0.000000', 6, 'en', { signed: true })).toBe('0.00');
    expect(formatAmount('-0.000000', 6, 'en', { signed: true })).toBe('0.00');
    expect(signOf('-0.01')).toBe(-1);
    expect(signOf('0.00')).toBe(0);
    expect(signOf('3')).toBe(1);
  });

  it("groups and separates in the reader's locale with Western digits", () => {
    expect(formatAmount('1234567.891000', 6, 'de')).toBe('1.234.567,891');
    expect(formatAmount('1234567.5', 6, 'ar')).toMatch(/^1.234.567.50$/);
    expect(formatAmount('not a number', 6, 'en')).toBe('not a number');
  });
});
