import { partsFor } from '../../shared/format/money';

/**
 * Amounts arrive as decimal strings (packages/contracts) and are shown from the string: they
 * never pass through a JS number, so nothing is rounded. The whole part is grouped in the
 * reader's locale (with Western digits, like the fraction), and trailing zeros are trimmed
 * down to two places, or fewer when the asset has fewer decimals.
 */
const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;
const MIN_FRACTION_DIGITS = 2;

// The locale's separators live in the app's one money formatter (shared/format/money.ts).
export { type LocaleParts, partsFor } from '../../shared/format/money';

/** The fraction digits to show: the asset's places with trailing zeros trimmed, never cut short of a non-zero digit. */
export function trimFraction(fraction: string, decimals: number): string {
  const keep = Math.min(MIN_FRACTION_DIGITS, decimals);
  let end = fraction.length;
  while (end > keep && fraction[end - 1] === '0') end -= 1;
  return fraction.slice(0, end).padEnd(keep, '0');
}

/** -1, 0 or 1 for a decimal string, without parsing it into a number. */
export function signOf(value: string): -1 | 0 | 1 {
  const match = DECIMAL.exec(value.trim());
  if (!match || !/[1-9]/.test(`${match[2]}${match[3] ?? ''}`)) return 0;
  return match[1] === '-' ? -1 : 1;
}

/**
 * Formats a decimal string for display. `signed` puts a + before credits; debits always show
 * their minus. Anything that is not a plain decimal is shown as it came.
 */
export function formatAmount(value: string, decimals: number, locale: string, options: { signed?: boolean } = {}) {
  const match = DECIMAL.exec(value.trim());
  if (!match) return value;
  const [, , whole = '0', fraction = ''] = match;
  const parts = partsFor(locale);
  const digits = trimFraction(fraction, decimals);
  const body = `${parts.group.format(BigInt(whole))}${digits ? `${parts.decimal}${digits}` : ''}`;
  const sign = signOf(value);
  if (sign < 0) return `${parts.minus}${body}`;
  if (sign > 0 && options.signed) return `+${body}`;
  return body;
}
