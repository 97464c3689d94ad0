import { partsFor } from '../ledger/amount';

/**
 * Prices and ratios arrive as decimal strings and are formatted from the string (SPEC §9):
 * rounding is done on the digits with BigInt, so no float artefact ever reaches the screen.
 * Numbers are only made for drawing and for comparing.
 */

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;

/** Shown where there is no value (no price yet, no 24 h of history). */
export const NO_VALUE = '—';

type Rounded = { negative: boolean; whole: string; fraction: string };

/** Rounds a decimal string to `places` decimals, half away from zero, exactly. Null when it is not a decimal. */
export function roundDecimal(value: string, places: number): Rounded | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const [, sign, wholeDigits = '0', fractionDigits = ''] = match;
  const decimals = Math.max(0, Math.floor(places));
  let scaled: bigint;
  if (fractionDigits.length <= decimals) {
    scaled = BigInt(`${wholeDigits}${fractionDigits.padEnd(decimals, '0')}`);
  } else {
    scaled = BigInt(`${wholeDigits}${fractionDigits.slice(0, decimals)}`);
    if ((fractionDigits[decimals] ?? '0') >= '5') scaled += 1n;
  }
  const digits = scaled.toString().padStart(decimals + 1, '0');
  return {
    negative: sign === '-' && scaled !== 0n,
    whole: digits.slice(0, digits.length - decimals),
    fraction: decimals > 0 ? digits.slice(-decimals) : '',
  };
}

/** Moves the decimal point `places` to the right (×10^places), exactly: shiftDecimal('0.0123', 2) = '1.23'. */
export function shiftDecimal(value: string, places: number): string | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const [, sign, wholeDigits = '0', fractionDigits = ''] = match;
  const padded = fractionDigits.padEnd(places, '0');
  const whole = `${wholeDigits}${padded.slice(0, places)}`.replace(/^0+(?=\d)/, '');
  const fraction = padded.slice(places);
  return `${sign === '-' ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

function isZero(rounded: Rounded): boolean {
  return /^0*$/.test(`${rounded.whole}${rounded.fraction}`);
}

/** The digits of a rounded value in the locale's grouping and decimal mark, without a sign. */
function body(rounded: Rounded, locale: string): string {
  const parts = partsFor(locale);
  return `${parts.group.format(BigInt(rounded.whole))}${rounded.fraction ? `${parts.decimal}${rounded.fraction}` : ''}`;
}

function signOfRounded(rounded: Rounded, locale: string, plus: boolean): string {
  if (rounded.negative) return partsFor(locale).minus;
  return plus && !isZero(rounded) ? '+' : '';
}

/**
 * A price with exactly `precision` decimals (the server's `precision`: SPEC §9 by magnitude,
 * or the tick size), grouped in the reader's locale with Western digits. Null shows "—".
 */
export function formatPrice(price: string | null | undefined, precision: number, locale = 'en'): string {
  if (price === null || price === undefined) return NO_VALUE;
  const rounded = roundDecimal(price, precision);
  return rounded ? `${signOfRounded(rounded, locale, false)}${body(rounded, locale)}` : price;
}

type PercentAffixes = { prefix: string; suffix: string };
const percentCache = new Map<string, PercentAffixes>();

/** Where the locale puts the percent sign (1,23 % in French and German, 1.23% in English). */
function percentAffixes(locale: string): PercentAffixes {
  let affixes = percentCache.get(locale);
  if (!affixes) {
    const parts = new Intl.NumberFormat(locale, { style: 'percent', numberingSystem: 'latn' }).formatToParts(0.5);
    const integer = parts.findIndex((part) => part.type === 'integer');
    const text = (from: number, to: number) =>
      parts
        .slice(from, to)
        .filter((part) => part.type === 'percentSign' || part.type === 'literal')
        .map((part) => part.value)
        .join('');
    affixes =
      integer < 0 ? { prefix: '', suffix: '%' } : { prefix: text(0, integer), suffix: text(integer + 1, parts.length) };
    percentCache.set(locale, affixes);
  }
  return affixes;
}

/** The 24 h change ratio as a signed percent with 2 decimals: '0.0123' → '+1.23%'. Null shows "—". */
export function formatChange(zdf: string | null | undefined, locale = 'en'): string {
  if (zdf === null || zdf === undefined) return NO_VALUE;
  const shifted = shiftDecimal(zdf, 2);
  const rounded = shifted === null ? null : roundDecimal(shifted, 2);
  if (!rounded) return NO_VALUE;
  const { prefix, suffix } = percentAffixes(locale);
  return `${signOfRounded(rounded, locale, true)}${prefix}${body(rounded, locale)}${suffix}`;
}

/** A ratio as a percent with its trailing zeros trimmed: '0.001' → '0.1%', '0.0025' → '0.25%'. */
export function formatRatioPercent(ratio: string, locale = 'en'): string {
  const shifted = shiftDecimal(ratio, 2);
  const fraction = shifted?.split('.')[1]?.replace(/0+$/, '') ?? '';
  const rounded = shifted === null ? null : roundDecimal(shifted, fraction.length);
  if (!rounded) return NO_VALUE;
  const { prefix, suffix } = percentAffixes(locale);
  return `${signOfRounded(rounded, locale, false)}${prefix}${body(rounded, locale)}${suffix}`;
}

/** -1, 0 or 1 for the change ratio; null (no 24 h of data) counts as 0. */
export function changeSign(zdf: string | null | undefined): -1 | 0 | 1 {
  const match = zdf === null || zdf === undefined ? null : DECIMAL.exec(zdf.trim());
  if (!match || !/[1-9]/.test(`${match[2]}${match[3] ?? ''}`)) return 0;
  return match[1] === '-' ? -1 : 1;
}

/**
 * A quantity (lots, a tick size, a volume) with the decimals it has, at most `maxDecimals`,
 * trailing zeros dropped: '100' → '100', '0.00010' → '0.0001', '1234.5' → '1,234.5'.
 */
export function formatQuantity(value: string | null | undefined, locale = 'en', maxDecimals = 8): string {
  if (value === null || value === undefined) return NO_VALUE;
  const rounded = roundDecimal(value, Math.min(decimalsOf(value), maxDecimals));
  if (!rounded) return value;
  const trimmed = { ...rounded, fraction: rounded.fraction.replace(/0+$/, '') };
  return `${signOfRounded(trimmed, locale, false)}${body(trimmed, locale)}`;
}

/** Decimals of a decimal string as written ('0.010' → 3): for showing a tick or lot size as it is. */
export function decimalsOf(value: string): number {
  return DECIMAL.exec(value.trim())?.[3]?.length ?? 0;
}
