import { Decimal } from '@openbourse/money';
import { formatRatioPercent, NO_VALUE } from '../market/format';
import { indicativeApr } from './loan-math';

/**
 * How the loan screens write rates, LTVs and days in the reader's locale (Western digits, the
 * locale's decimal mark and percent sign), from the exact decimal strings the API sends.
 */

/** A daily rate as a percent, every digit it has: '0.0005' → '0.05%'. */
export function formatDailyRate(dailyRate: string, locale: string): string {
  return formatRatioPercent(dailyRate, locale);
}

/** The indicative APR (daily rate × 365, simple) as a percent with at most 2 decimals: '0.0005' → '18.25%'. */
export function formatIndicativeApr(dailyRate: string, locale: string): string {
  return formatRatioPercent(indicativeApr(dailyRate).round(4, 'half-even').toString(), locale);
}

/** An LTV (a ratio) as a percent with at most 2 decimals: '0.523456' → '52.35%', '0.5' → '50%'. */
export function formatLtv(ratio: string | null | undefined, locale: string): string {
  if (ratio === null || ratio === undefined) return NO_VALUE;
  return formatRatioPercent(Decimal.parse(ratio).round(4, 'half-even').toString(), locale);
}

const dayFormats = new Map<string, Intl.NumberFormat>();

/** A number of days with the locale's own word and plural: 30 → '30 days', '30 Tage', '30日'. */
export function formatDays(days: number, locale: string): string {
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'day',
      unitDisplay: 'long',
      numberingSystem: 'latn',
    });
    dayFormats.set(locale, format);
  }
  return format.format(days);
}
