import { LANGUAGE_BCP47 } from '@openbourse/contracts/constants';
import { formatAmount } from '../../ledger/amount';

/**
 * How the dashboard shows its figures in the reader's locale. Counts are whole numbers and go
 * through Intl.NumberFormat; amounts and prices stay the decimal strings the server sent and are
 * grouped from the string (the ledger's formatter), never through a JS number.
 */

/** The BCP 47 locale of a language code the i18n layer reports ('en' for anything else). */
export function localeOf(language: string): string {
  return (LANGUAGE_BCP47 as Record<string, string | undefined>)[language] ?? 'en';
}

/** A count (users, positions, queue items) in the reader's locale. */
export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { numberingSystem: 'latn', maximumFractionDigits: 0 }).format(value);
}

/** How many fraction digits a decimal string carries ('65000.50' has 2). */
export function fractionDigits(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/** An amount in an asset: grouped in the reader's locale, at least two places, no digit dropped. */
export function formatMoney(value: string, locale: string): string {
  return formatAmount(value, Math.max(2, fractionDigits(value)), locale);
}

/** A price exactly as sent (no trailing places added beyond the price's own), grouped in the reader's locale. */
export function formatPrice(value: string, locale: string): string {
  return formatAmount(value, fractionDigits(value), locale);
}

export type UptimeParts = { days: number; hours: number; minutes: number; seconds: number };

/** Whole days, hours, minutes and seconds of an uptime in seconds. */
export function splitUptime(totalSeconds: number): UptimeParts {
  const whole = Math.max(0, Math.floor(totalSeconds));
  return {
    days: Math.floor(whole / 86_400),
    hours: Math.floor((whole % 86_400) / 3600),
    minutes: Math.floor((whole % 3600) / 60),
    seconds: whole % 60,
  };
}

/**
 * An uptime in the reader's locale with its units ("2 days 3 hr 4 min"): the largest units that
 * are not zero, down to minutes; seconds only under a minute.
 */
export function formatUptime(totalSeconds: number, locale: string): string {
  const parts = splitUptime(totalSeconds);
  const unit = (value: number, name: 'day' | 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short', numberingSystem: 'latn' }).format(
      value,
    );
  if (parts.days === 0 && parts.hours === 0 && parts.minutes === 0) return unit(parts.seconds, 'second');
  const shown: string[] = [];
  if (parts.days > 0) shown.push(unit(parts.days, 'day'));
  if (parts.days > 0 || parts.hours > 0) shown.push(unit(parts.hours, 'hour'));
  shown.push(unit(parts.minutes, 'minute'));
  return shown.join(' ');
}
