import type { Language, TAdminSmartProduct, TSmartProduct } from '@openbourse/contracts';
import { Decimal, formatAmount } from '@openbourse/money';
import type { SmartProductRow } from './smart-products.repository.js';

/** USDT is counted in millionths. */
export const USDT = 'USDT';
export const USDT_DECIMALS = 6;
export const usdt = (minor: bigint | string) => formatAmount(BigInt(minor), USDT_DECIMALS);
const ratio = (value: string) => Decimal.parse(value).toString();

/** A product as users see it: its name in the reader's language (English when missing). */
export function smartProductToWire(row: SmartProductRow, language: Language): TSmartProduct {
  return {
    id: row.id,
    name: row.names[language] ?? row.names.en ?? '',
    strategy: row.strategy,
    params: row.params,
    code: row.code,
    intervalMinutes: row.interval_minutes,
    leverage: row.leverage,
    marginShare: ratio(row.margin_share),
    minAmount: usdt(row.min_amount),
    maxAmount: usdt(row.max_amount),
    days: [...row.days].sort((a, b) => a - b),
    exitFeeRate: ratio(row.exit_fee_rate),
    minLevel: row.min_level,
    // Only a backtest of the current parameters is shown: a changed product shows none until it is re-run.
    backtest: row.backtest && row.backtest_version === row.settings_version ? row.backtest : null,
  };
}

export function adminSmartProduct(row: SmartProductRow): TAdminSmartProduct {
  return {
    ...smartProductToWire(row, 'en'),
    names: row.names as TAdminSmartProduct['names'],
    enabled: row.enabled,
    version: row.version,
    backtestState: row.backtest_state,
    backtestError: row.backtest_state === 'failed' ? row.backtest_error : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** What the audit log keeps of a product (its settings, not its backtest). */
export function auditedSmartProduct(row: SmartProductRow) {
  const { backtest, backtest_state, backtest_version, backtest_error, seed_key, created_at, updated_at, ...settings } =
    row;
  return settings;
}
