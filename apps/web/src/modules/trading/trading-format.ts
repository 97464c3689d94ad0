import { Decimal } from '@openbourse/money';
import { formatAmount } from '../ledger/amount';
import { formatRatioPercent, NO_VALUE } from '../market/format';

/**
 * Display helpers for trading figures. Amounts stay decimal strings or Decimals to the end;
 * the locale only decides the grouping and the decimal mark.
 */

/** A USDT amount: '12.3400' → '12.34 USDT'; up to 6 decimals, trailing zeros trimmed to 2. */
export function formatUsdt(value: Decimal | string | null | undefined, locale: string, signed = false): string {
  if (value === null || value === undefined) return NO_VALUE;
  const text = typeof value === 'string' ? value : value.round(6, 'half-even').toString();
  return `${formatAmount(text, 6, locale, { signed })} USDT`;
}

/** An amount in a currency, rounded to `places` (2 for a notional): '15500000' JPY → '15,500,000.00 JPY'. */
export function formatMoney(
  value: Decimal | string | null | undefined,
  currency: string,
  locale: string,
  places = 2,
): string {
  if (value === null || value === undefined) return NO_VALUE;
  const decimal = typeof value === 'string' ? Decimal.parse(value) : value;
  return `${formatAmount(decimal.round(places, 'half-even').toString(), places, locale)} ${currency}`;
}

/** A small exact figure (a tick's value): every significant decimal up to 8, then rounded. */
export function formatSmall(value: Decimal | null | undefined, currency: string, locale: string): string {
  if (value === null || value === undefined) return NO_VALUE;
  return `${formatAmount(value.round(8, 'half-even').toString(), 8, locale)} ${currency}`;
}

/** A margin level ratio as a percent with at most 2 decimals: '2.345678' → '234.56%'. */
export function formatMarginLevel(ratio: string | null | undefined, locale: string): string {
  if (ratio === null || ratio === undefined) return NO_VALUE;
  try {
    return formatRatioPercent(Decimal.parse(ratio).round(4, 'floor').toString(), locale);
  } catch {
    return NO_VALUE;
  }
}
