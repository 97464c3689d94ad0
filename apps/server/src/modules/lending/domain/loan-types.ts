import type { Decimal } from '@openbourse/money';

/** A whole number of days (a term, interest-free days): a count, never money. */
export type DayCount = number;
/** A moment as epoch milliseconds, read from the injected clock by the caller. */
export type EpochMs = number;

/** An asset as the lending domain needs it: its code and its decimals in the ledger. */
export type LoanAsset = { code: string; decimals: number };

/** The fixed terms of one loan, copied from its setting when it is signed. */
export type LoanTerms = {
  /** The amount lent, at the asset's precision. */
  principal: Decimal;
  asset: LoanAsset;
  termDays: DayCount;
  /** Interest per day on the outstanding principal, e.g. 0.0005 (0.05% a day). */
  dailyRate: Decimal;
  /** The first days of the loan bear no interest. */
  interestFreeDays: DayCount;
  /** When the principal reached the user; day 0 starts here. */
  disbursedAt: EpochMs;
};

/**
 * What a loan owes, kept between events. Interest is kept exact (unrounded) and rounded down to
 * the asset's precision only when it is shown or paid, so no rounding error builds up.
 */
export type LoanBalance = {
  /** Principal outstanding, at the asset's precision. */
  principal: Decimal;
  /** Interest accrued and not yet paid, exact. */
  accruedInterest: Decimal;
  /** Whole days since disbursement already accrued into `accruedInterest`. */
  accruedDays: DayCount;
};

/** A ledger account the lending domain moves money between (a subset of the ledger's kinds). */
export type LoanAccount = { kind: 'available' | 'held'; userId: string } | { kind: 'treasury' };

/** Why a transfer happens; the lending service maps each to a ledger reason. */
export type LoanTransferPurpose =
  | 'interest_repayment'
  | 'principal_repayment'
  | 'collateral_release'
  | 'collateral_sale'
  | 'surplus_return';

/**
 * A transfer the ledger is asked to make. `amount` is positive and exact at the asset's
 * precision; the key is derived from the loan, the step and the purpose, so retrying a step
 * moves nothing twice.
 */
export type TransferIntent = {
  from: LoanAccount;
  to: LoanAccount;
  asset: string;
  amount: Decimal;
  purpose: LoanTransferPurpose;
  idempotencyKey: string;
};
