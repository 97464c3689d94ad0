import type { Decimal } from '@openbourse/money';

/**
 * The web app's one way of showing an amount of money (issue 16, fix 6): at the asset's display
 * precision — 2 places for USDT, USDC and fiat, 8 for BTC, 6 for ETH — every place shown
 * ("903.79 USDT", never "903.794" beside "903.79"), rounded half to even from the exact decimal
 * (never through a JS number), grouped in the reader's locale with Western digits. The exact
 * value stays where it matters: the statement's ledger lines and CSV, and the `title` tooltip of
 * a rounded amount (`exactAmount`). Prices are not amounts: they are shown at the instrument's
 * precision by market/format's `formatPrice`.
 */

/** Places an asset is shown with; the ledger may keep more (USDT is stored with 6). */
const DISPLAY_DECIMALS: Readonly<Record<string, number>> = {
  USDT: 2,
  USDC: 2,
  USD: 2,
  EUR: 2,
  GBP: 2,
  CHF: 2,
  JPY: 0,
  BTC: 8,
  ETH: 6,
  TRX: 6,
  BNB: 6,
};
/** An asset not in the list is shown with 2 places (a quote currency: AUD, CAD, …). */
const DEFAULT_DISPLAY_DECIMALS = 2;

/** Shown where there is no value (the same mark as market/format's). */
export const NO_AMOUNT = '—';

export function displayDecimals(asset: string): number {
  return DISPLAY_DECIMALS[asset.trim().toUpperCase()] ?? DEFAULT_DISPLAY_DECIMALS;
}

export type LocaleParts = {
  group: Intl.NumberFormat;
  decimal: string;
  minus: string;
  /** The mark between groups of thousands (',' in English, '.' in German, a narrow space in French). */
  groupMark: string;
};
const localeCache = new Map<string, LocaleParts>();

/** The locale's grouping and decimal mark (Western digits), learnt once from sample values. */
export function partsFor(locale: string): LocaleParts {
  let parts = localeCache.get(locale);
  if (!parts) {
    const group = new Intl.NumberFormat(locale, { numberingSystem: 'latn', maximumFractionDigits: 0 });
    // Sample values only reveal the locale's separators; no amount is formatted as a number.
    const sample = new Intl.NumberFormat(locale, { numberingSystem: 'latn' }).formatToParts(-1.5);
    const grouped = group.formatToParts(1_000_000);
    parts = {
      group,
      decimal: sample.find((part) => part.type === 'decimal')?.value ?? '.',
      minus: sample.find((part) => part.type === 'minusSign')?.value ?? '-',
      groupMark: grouped.find((part) => part.type === 'group')?.value ?? ',',
    };
    localeCache.set(locale, parts);
  }
  return parts;
}

export type AmountInput = Decimal | string | null | undefined;

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;

/** An exact amount as sign, whole digits and fraction digits (no float, no Decimal: this is on the first page). */
type Digits = { negative: boolean; whole: string; fraction: string };

function readAmount(value: AmountInput): Digits | null {
  if (value === null || value === undefined) return null;
  const match = DECIMAL.exec((typeof value === 'string' ? value : value.toString()).trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  return { negative: sign === '-', whole, fraction };
}

/** The amount rounded half to even to `places`, as a plain decimal string ('-1234.50'). */
function toFixed(amount: Digits, places: number): string {
  const kept = amount.fraction.slice(0, places).padEnd(places, '0');
  const dropped = amount.fraction.slice(places);
  let scaled = BigInt(`${amount.whole}${kept}`);
  if (dropped !== '' && /[1-9]/.test(dropped)) {
    const first = dropped[0] ?? '0';
    const rest = dropped.slice(1);
    const half = first === '5' && !/[1-9]/.test(rest);
    if (first > '5' || (first === '5' && !half) || (half && scaled % 2n === 1n)) scaled += 1n;
  }
  const digits = scaled.toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = places > 0 ? `.${digits.slice(-places)}` : '';
  return `${amount.negative && scaled !== 0n ? '-' : ''}${whole}${fraction}`;
}

/** Digits of a decimal string ('-1234.50') in the locale, with `+` on request for a positive value. */
function localise(fixed: string, locale: string, signed: boolean): string {
  const negative = fixed.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? fixed.slice(1) : fixed).split('.');
  const parts = partsFor(locale);
  const body = `${parts.group.format(BigInt(whole))}${fraction ? `${parts.decimal}${fraction}` : ''}`;
  const isZero = !/[1-9]/.test(`${whole}${fraction}`);
  if (negative && !isZero) return `${parts.minus}${body}`;
  return signed && !isZero ? `+${body}` : body;
}

export type AmountOptions = {
  /** Put a + before a positive amount (P&L, a credit). */
  signed?: boolean;
  /** Append the asset's code (default true). */
  withCode?: boolean;
  /** Places other than the asset's display precision (a tick's value, a rate). */
  decimals?: number;
};

/**
 * An amount at the asset's display precision: '54754.50971' USDT → '54,754.51 USDT',
 * '903.794' → '903.79 USDT', '-21.125' → '-21.12 USDT', BTC '0.5' → '0.50000000 BTC'.
 * Null, undefined or text that is no decimal shows "—".
 */
export function formatAssetAmount(
  value: AmountInput,
  asset: string,
  locale: string,
  options: AmountOptions = {},
): string {
  const amount = readAmount(value);
  if (!amount) return NO_AMOUNT;
  const places = options.decimals ?? displayDecimals(asset);
  const text = localise(toFixed(amount, places), locale, options.signed ?? false);
  return options.withCode === false ? text : `${text} ${asset}`;
}

/** `formatAssetAmount` for USDT, the platform's settlement currency. */
export function formatUsdtAmount(value: AmountInput, locale: string, options: AmountOptions = {}): string {
  return formatAssetAmount(value, 'USDT', locale, options);
}

/**
 * The exact amount, every decimal it has (trailing zeros trimmed to two places), for a tooltip
 * or a ledger line: '54754.509710' USDT → '54,754.50971 USDT'.
 */
export function exactAmount(value: AmountInput, asset: string, locale: string, options: AmountOptions = {}): string {
  const amount = readAmount(value);
  if (!amount) return NO_AMOUNT;
  const fraction = amount.fraction.replace(/0+$/, '').padEnd(2, '0');
  const text = localise(`${amount.negative ? '-' : ''}${amount.whole}.${fraction}`, locale, options.signed ?? false);
  return options.withCode === false ? text : `${text} ${asset}`;
}

/** Whether showing `value` at the asset's display precision drops digits (a tooltip then tells the rest). */
export function isRounded(value: AmountInput, asset: string): boolean {
  const amount = readAmount(value);
  if (!amount) return false;
  return /[1-9]/.test(amount.fraction.slice(displayDecimals(asset)));
}
