import { describe, expect, it } from 'vitest';
import {
  changeSign,
  decimalsOf,
  formatChange,
  formatPrice,
  formatQuantity,
  formatRatioPercent,
  NO_VALUE,
  roundDecimal,
  shiftDecimal,
} from './format';

describe('price formatting', () => {
  it('pads to the precision', () => {
    expect(formatPrice('90000', 2)).toBe('90,000.00');
    expect(formatPrice('1.1', 5)).toBe('1.10000');
    expect(formatPrice('0.5', 4)).toBe('0.5000');
  });

  it('rounds on the digits, never through a float', () => {
    // 0.1 + 0.2 style artefacts cannot appear: the digits are rounded as written.
    expect(formatPrice('0.30000000000000004', 5)).toBe('0.30000');
    expect(formatPrice('1.005', 2)).toBe('1.01');
    expect(formatPrice('1.0049', 2)).toBe('1.00');
    expect(formatPrice('9.99995', 4)).toBe('10.0000');
    expect(formatPrice('99999999999999999.95', 1)).toBe('100,000,000,000,000,000.0');
    expect(formatPrice('123.456', 0)).toBe('123');
  });

  it('follows the reader’s locale with Western digits', () => {
    expect(formatPrice('91234.5', 2, 'de')).toBe('91.234,50');
    expect(formatPrice('91234.5', 2, 'ar')).toMatch(/^91.234.50$/);
    expect(formatPrice('91234.5', 2, 'ar')).not.toMatch(/[٠-٩]/);
  });

  it('shows a dash without a price and the text itself when it is not a decimal', () => {
    expect(formatPrice(null, 2)).toBe(NO_VALUE);
    expect(formatPrice(undefined, 2)).toBe(NO_VALUE);
    expect(formatPrice('n/a', 2)).toBe('n/a');
  });
});

describe('change formatting', () => {
  it('shows the ratio as a signed percent with 2 decimals', () => {
    expect(formatChange('0.0123')).toBe('+1.23%');
    expect(formatChange('-0.005')).toBe('-0.50%');
    expect(formatChange('0.123456')).toBe('+12.35%');
    expect(formatChange('1.5')).toBe('+150.00%');
    expect(formatChange('0')).toBe('0.00%');
    expect(formatChange('-0.00001')).toBe('0.00%');
    expect(formatChange(null)).toBe(NO_VALUE);
  });

  it('places the percent sign the locale’s way', () => {
    expect(formatChange('0.0123', 'de')).toBe('+1,23\u00a0%');
    expect(formatChange('-0.0123', 'fr')).toMatch(/^-1,23\s%$/);
    expect(formatChange('0.0123', 'ja')).toBe('+1.23%');
  });

  it('tells the sign of a change', () => {
    expect(changeSign('0.01')).toBe(1);
    expect(changeSign('-0.01')).toBe(-1);
    expect(changeSign('0.0000')).toBe(0);
    expect(changeSign('-0')).toBe(0);
    expect(changeSign(null)).toBe(0);
  });
});

describe('decimal helpers', () => {
  it('rounds half away from zero', () => {
    expect(roundDecimal('-2.5', 0)).toEqual({ negative: true, whole: '3', fraction: '' });
    expect(roundDecimal('-0.004', 2)).toEqual({ negative: false, whole: '0', fraction: '00' });
    expect(roundDecimal('abc', 2)).toBeNull();
  });

  it('shifts the decimal point exactly', () => {
    expect(shiftDecimal('0.0123', 2)).toBe('1.23');
    expect(shiftDecimal('0.001', 2)).toBe('0.1');
    expect(shiftDecimal('2', 2)).toBe('200');
    expect(shiftDecimal('-0.5', 2)).toBe('-50');
  });

  it('shows a fee ratio as a percent', () => {
    expect(formatRatioPercent('0.001')).toBe('0.1%');
    expect(formatRatioPercent('0.0025')).toBe('0.25%');
    expect(formatRatioPercent('0.0100')).toBe('1%');
    expect(formatRatioPercent('0')).toBe('0%');
  });

  it('shows quantities with their own decimals', () => {
    expect(formatQuantity('100')).toBe('100');
    expect(formatQuantity('0.00010')).toBe('0.0001');
    expect(formatQuantity('1234.5')).toBe('1,234.5');
    expect(formatQuantity('0.123456789')).toBe('0.12345679');
    expect(formatQuantity(null)).toBe(NO_VALUE);
  });

  it('counts decimals as written', () => {
    expect(decimalsOf('0.010')).toBe(3);
    expect(decimalsOf('1')).toBe(0);
  });
});
