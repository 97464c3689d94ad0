import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatMoney,
  formatPrice,
  formatUptime,
  fractionDigits,
  localeOf,
  splitUptime,
} from './dashboard-format';

describe('the dashboard figures in the reader locale', () => {
  it('maps the app languages to their BCP 47 locales, English for anything else', () => {
    expect(localeOf('de')).toBe('de');
    expect(localeOf('hk')).toBe('zh-Hant');
    expect(localeOf('xx')).toBe('en');
  });

  it('groups counts', () => {
    expect(formatCount(1234567, 'en-US')).toBe('1,234,567');
    expect(formatCount(1234567, 'de-DE')).toBe('1.234.567');
  });

  it('shows amounts from the decimal string, every digit kept, at least two places', () => {
    expect(fractionDigits('65000')).toBe(0);
    expect(fractionDigits('0.000001')).toBe(6);
    expect(formatMoney('1234567.5', 'en-US')).toBe('1,234,567.50');
    expect(formatMoney('-99999999999999999999.123456', 'en-US')).toBe('-99,999,999,999,999,999,999.123456');
    expect(formatMoney('3250.000000', 'de-DE')).toBe('3.250,00');
    expect(formatMoney('0', 'fr-FR')).toBe('0,00');
  });

  it('shows a price as sent, grouped, adding no places', () => {
    expect(formatPrice('65000', 'en-US')).toBe('65,000');
    expect(formatPrice('1.08765', 'de-DE')).toBe('1,08765');
  });

  it('splits and words an uptime with the locale units', () => {
    expect(splitUptime(2 * 86_400 + 3 * 3600 + 4 * 60 + 5)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(formatUptime(42, 'en-US')).toBe('42 sec');
    expect(formatUptime(3600 + 120, 'en-US')).toBe('1 hr 2 min');
    expect(formatUptime(2 * 86_400 + 60, 'en-US')).toBe('2 days 0 hr 1 min');
  });
});
