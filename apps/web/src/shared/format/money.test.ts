import { Decimal } from '@openbourse/money';
import { describe, expect, it } from 'vitest';
import { displayDecimals, exactAmount, formatAssetAmount, formatUsdtAmount, isRounded } from './money';

describe('amounts at the asset display precision (issue 16, fix 6)', () => {
  it('knows the display places of the platform assets', () => {
    expect(displayDecimals('USDT')).toBe(2);
    expect(displayDecimals('usdc')).toBe(2);
    expect(displayDecimals('BTC')).toBe(8);
    expect(displayDecimals('ETH')).toBe(6);
    expect(displayDecimals('JPY')).toBe(0);
    expect(displayDecimals('AUD')).toBe(2);
  });

  it('shows the cases the issue names at 2 places, every place shown', () => {
    expect(formatUsdtAmount('54754.50971', 'en')).toBe('54,754.51 USDT');
    expect(formatUsdtAmount('903.794', 'en')).toBe('903.79 USDT');
    expect(formatUsdtAmount('903.79', 'en')).toBe('903.79 USDT');
    expect(formatUsdtAmount('100000', 'en')).toBe('100,000.00 USDT');
    expect(formatUsdtAmount('-21.12', 'en', { signed: true })).toBe('-21.12 USDT');
    expect(formatUsdtAmount('-21.123', 'en', { signed: true })).toBe('-21.12 USDT');
  });

  it('rounds half to even, exactly, from the decimal string or a Decimal', () => {
    expect(formatUsdtAmount('0.125', 'en')).toBe('0.12 USDT');
    expect(formatUsdtAmount('0.135', 'en')).toBe('0.14 USDT');
    expect(formatUsdtAmount('0.1251', 'en')).toBe('0.13 USDT');
    expect(formatUsdtAmount('-0.125', 'en')).toBe('-0.12 USDT');
    expect(formatUsdtAmount('9.995', 'en')).toBe('10.00 USDT');
    expect(formatAssetAmount('1234.5', 'JPY', 'en')).toBe('1,234 JPY');
    expect(formatUsdtAmount(Decimal.parse('90071992547409931234.126'), 'en')).toBe(
      '90,071,992,547,409,931,234.13 USDT',
    );
  });

  it('uses the more places of BTC and ETH', () => {
    expect(formatAssetAmount('0.5', 'BTC', 'en')).toBe('0.50000000 BTC');
    expect(formatAssetAmount('1.1234567', 'ETH', 'en')).toBe('1.123457 ETH');
  });

  it('signs on request, shows a rounded-away loss as zero without a minus, and no value as —', () => {
    expect(formatUsdtAmount('5', 'en', { signed: true })).toBe('+5.00 USDT');
    expect(formatUsdtAmount('-0.001', 'en', { signed: true })).toBe('0.00 USDT');
    expect(formatUsdtAmount(null, 'en')).toBe('—');
    expect(formatUsdtAmount('abc', 'en')).toBe('—');
    expect(formatUsdtAmount('12', 'en', { withCode: false })).toBe('12.00');
  });

  it("groups and marks decimals in the reader's locale, with Western digits", () => {
    expect(formatUsdtAmount('54754.50971', 'de-DE')).toBe('54.754,51 USDT');
    expect(formatUsdtAmount('54754.50971', 'ar')).toMatch(/^54.754.51 USDT$/);
    expect(formatUsdtAmount('-3.5', 'fr-FR', { withCode: false })).toBe('-3,50');
  });

  it('keeps the exact value for tooltips and says when the display rounds', () => {
    expect(exactAmount('54754.509710', 'USDT', 'en')).toBe('54,754.50971 USDT');
    expect(exactAmount('3', 'USDT', 'en')).toBe('3.00 USDT');
    expect(isRounded('54754.50971', 'USDT')).toBe(true);
    expect(isRounded('903.790000', 'USDT')).toBe(false);
  });
});
