import { LANGUAGE_BCP47, type Language } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';

/**
 * Numbers and dates as the agreement prints them. Amounts are exact: the decimal string is only
 * regrouped with the language's separators, never rounded or passed through a float (a German
 * reader must not take "1.5" for fifteen hundred, and no digit of an amount may change).
 */

export type NumberSeparators = { decimal: string; group: string };

const DECIMAL_SHAPE = /^(-)?(\d+)(?:\.(\d+))?$/;

/** `1234567.891` → `1,234,567.891` (en) or `1.234.567,891` (de): every digit kept. */
export function formatDecimal(value: string, separators: NumberSeparators): string {
  const match = DECIMAL_SHAPE.exec(value);
  if (!match) throw new RangeError(`not a plain decimal: ${JSON.stringify(value)}`);
  const [, sign = '', whole = '', fraction] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, separators.group);
  return `${sign}${grouped}${fraction === undefined ? '' : `${separators.decimal}${fraction}`}`;
}

/** A ratio as the number of percent, exact: `0.0005` → `0.05`, `0.65` → `65`. */
export function ratioAsPercentDigits(ratio: string | Decimal): string {
  const value = typeof ratio === 'string' ? Decimal.parse(ratio) : ratio;
  return value.mul(Decimal.fromInteger(100)).toString();
}

/** An instant as `2025-03-01 12:00 UTC`: one unambiguous form in every language. */
export function formatUtc(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a date: ${String(instant)}`);
  const iso = date.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const pluralRules = new Map<Language, Intl.PluralRules>();

/**
 * The form of a counted noun for `count` in `language` (CLDR plural rules: Arabic has six
 * categories), with `{n}` replaced by the number as written.
 */
export function plural(language: Language, count: number, written: string, forms: PluralForms): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(LANGUAGE_BCP47[language]);
    pluralRules.set(language, rules);
  }
  const form = forms[rules.select(count)] ?? forms.other;
  return form.replaceAll('{n}', written);
}
