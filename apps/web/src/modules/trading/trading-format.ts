import { Decimal } from '@openbourse/money';
import { formatAssetAmount, formatUsdtAmount } from '../../shared/format/money';
import { formatAmount } from '../ledger/amount';
import { formatRatioPercent, NO_VALUE } from '../market/format';

/**
 * Display helpers for trading figures. Amounts stay decimal strings or Decimals to the end;
 * the locale only decides the grouping and the decimal mark.
 */

/**
 * A USDT amount at its display precision (shared/format/money.ts, issue 16): '903.794' →
 * '903.79 USDT', the same 2 places for margin, notional, fee and P&L everywhere.
 */
export function formatUsdt(value: Decimal | string | null | undefined, locale: string, signed = false): string {
  return formatUsdtAmount(value, locale, { signed });
}

/** An amount in a currency at that currency's display precision: '15500000' JPY → '15,500,000 JPY'. */
export function formatMoney(value: Decimal | string | null | undefined, currency: string, locale: string): string {
  return formatAssetAmount(value, currency, locale);
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
