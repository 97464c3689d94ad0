import { Decimal } from '@openbourse/money';
import {
  accrueInterest,
  type LoanAsset,
  type LoanBalance,
  type LoanTerms,
  type LtvThresholds,
  type MonitoredLoan,
  nextWarningLtv,
  outstandingOf,
} from './domain/index.js';
import type { LoanRow } from './loans.repository.js';

/**
 * A loan row as the pure domain sees it: its terms, its balance, its collateral and thresholds.
 * NUMERIC columns arrive as decimal strings and are parsed exactly here, once.
 */

const dec = (value: string) => Decimal.parse(String(value));

export function loanAssetOf(row: LoanRow): LoanAsset {
  return { code: row.asset, decimals: row.asset_decimals };
}

/**
 * The loan's terms. Before disbursement `disbursedAt` is the moment given (the offer is priced as
 * if paid out then: the promised interest depends on the days, not on the date).
 */
export function termsOf(row: LoanRow, notYetDisbursedAt = 0): LoanTerms {
  return {
    principal: dec(row.principal),
    asset: loanAssetOf(row),
    termDays: row.term_days,
    dailyRate: dec(row.daily_rate),
    interestFreeDays: row.interest_free_days,
    disbursedAt: row.disbursed_at?.getTime() ?? notYetDisbursedAt,
  };
}

export function balanceOf(row: LoanRow): LoanBalance {
  return {
    principal: dec(row.principal_outstanding),
    accruedInterest: dec(row.accrued_interest),
    accruedDays: row.accrued_days,
  };
}

/** The balance's columns, written back after a change. */
export function balanceColumns(balance: LoanBalance) {
  return {
    principal_outstanding: balance.principal.toString(),
    accrued_interest: balance.accruedInterest.toString(),
    accrued_days: balance.accruedDays,
  };
}

export type LoanCollateral = { asset: LoanAsset; amount: Decimal; thresholds: LtvThresholds };

/** A crypto-backed loan's collateral and thresholds; null for an unsecured one. */
export function collateralOf(row: LoanRow): LoanCollateral | null {
  if (
    row.kind !== 'crypto_backed' ||
    row.collateral_asset === null ||
    row.collateral_decimals === null ||
    row.collateral_amount === null ||
    row.initial_ltv === null ||
    row.margin_call_ltv === null ||
    row.liquidation_ltv === null
  ) {
    return null;
  }
  return {
    asset: { code: row.collateral_asset, decimals: row.collateral_decimals },
    amount: dec(row.collateral_amount),
    thresholds: {
      initialLtv: dec(row.initial_ltv),
      marginCallLtv: dec(row.margin_call_ltv),
      liquidationLtv: dec(row.liquidation_ltv),
    },
  };
}

export const isOwed = (row: LoanRow) => row.status === 'repaying' || row.status === 'overdue';

/** Principal + interest due at `at` (zero for a loan not owed). */
export function outstandingAt(row: LoanRow, at: number): Decimal {
  if (!isOwed(row)) return Decimal.ZERO;
  const terms = termsOf(row);
  return outstandingOf(terms, accrueInterest(terms, balanceOf(row), at));
}

/**
 * What the LTV engine watches of an owed crypto-backed loan: its debt now (principal + interest
 * due), its collateral, the next warning and the liquidation LTV. Null when nothing is to watch.
 */
export function monitoredLoanOf(row: LoanRow, at: number): MonitoredLoan | null {
  const collateral = collateralOf(row);
  if (!collateral || !isOwed(row)) return null;
  const debt = outstandingAt(row, at);
  if (!debt.isPositive() || !collateral.amount.isPositive()) return null;
  const warnLtv =
    row.next_warning_ltv === null ? nextWarningLtv(collateral.thresholds, null) : dec(row.next_warning_ltv);
  return {
    loanId: row.id,
    collateralAsset: collateral.asset.code,
    loanAsset: row.asset,
    debt,
    collateral: collateral.amount,
    warnLtv: warnLtv?.lt(collateral.thresholds.liquidationLtv) ? warnLtv : null,
    liquidationLtv: collateral.thresholds.liquidationLtv,
  };
}
