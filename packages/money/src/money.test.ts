import { describe, expect, it } from 'vitest';
import { formatAmount, MoneyFormatError, parseAmount, rescale } from './index.js';

describe('money', () => {
  it.each([
    ['120', 6, 120_000_000n],
    ['0.015', 8, 1_500_000n],
    ['-1.5', 2, -150n],
    ['0', 18, 0n],
  ])('parses %s with %i decimals exactly', (input, decimals, expected) => {
    expect(parseAmount(input, decimals)).toBe(expected);
    expect(parseAmount(formatAmount(expected, decimals), decimals)).toBe(expected);
  });

  it('refuses more decimal places than the asset has instead of rounding silently', () => {
    expect(() => parseAmount('1.0000001', 6)).toThrow(MoneyFormatError);
    expect(() => parseAmount('1e3', 6)).toThrow(MoneyFormatError);
  });

  it('formats with exactly the asset decimals', () => {
    expect(formatAmount(5n, 6)).toBe('0.000005');
    expect(formatAmount(-1_234_500n, 4)).toBe('-123.4500');
  });

  it('rounds half to even when dropping places', () => {
    // 2.5 → 2, 3.5 → 4, -2.5 → -2, 2.51 → 3 (one decimal dropped)
    expect(rescale(25n, 1, 0, 'half-even')).toBe(2n);
    expect(rescale(35n, 1, 0, 'half-even')).toBe(4n);
    expect(rescale(-25n, 1, 0, 'half-even')).toBe(-2n);
    expect(rescale(251n, 2, 0, 'half-even')).toBe(3n);
    expect(rescale(19n, 1, 0, 'down')).toBe(1n);
    expect(rescale(-11n, 1, 0, 'up')).toBe(-2n);
  });
});
