/**
 * Loan settings (issue 17): the bounds the contracts, the server and the back-office form share.
 * Kinds and verification levels as the public API spells them.
 */
export const LOAN_KINDS = ['unsecured', 'crypto_backed'] as const;
export type LoanKind = (typeof LOAN_KINDS)[number];

export const LOAN_VERIFICATION_LEVELS = ['unverified', 'verified'] as const;
export type LoanVerificationLevel = (typeof LOAN_VERIFICATION_LEVELS)[number];

/** At most this many terms per product; each from 1 to LOAN_TERM_MAX_DAYS days. */
export const LOAN_TERMS_MAX = 12;
export const LOAN_TERM_MAX_DAYS = 3650;
/** At most this many collateral assets per crypto-backed product. */
export const LOAN_COLLATERAL_ASSETS_MAX = 10;
/** A daily rate is a ratio from 0 to below this (10% a day), with at most 10 decimals. */
export const LOAN_DAILY_RATE_MAX = '0.1';
/** Interest-free days: a whole number from 0 to this. */
export const LOAN_INTEREST_FREE_DAYS_MAX = 365;

/**
 * A loan's life (issue 17; SPEC §4 "Loans"): offered and awaiting the borrower's signature →
 * pending review (the `loan` queue) → repaying (disbursed) → repaid; overdue past the repayment
 * date while anything is owed; liquidated when a crypto-backed loan's collateral was sold to settle
 * it; rejected by an operator; cancelled by the borrower (or expired) before it was signed.
 */
export const LOAN_STATUSES = [
  'awaiting_signature',
  'pending_review',
  'repaying',
  'overdue',
  'repaid',
  'liquidated',
  'rejected',
  'cancelled',
] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/** The statuses in which a loan is owed and may be repaid. */
export const LOAN_REPAYABLE_STATUSES: readonly LoanStatus[] = ['repaying', 'overdue'];

/** What happened to a loan, in its history. */
export const LOAN_EVENT_KINDS = [
  'applied',
  'signed',
  'approved',
  'disbursed',
  'repayment',
  'repayment_submitted',
  'repayment_rejected',
  'margin_call',
  'collateral_added',
  'liquidation',
  'overdue',
  'repaid',
  'rejected',
  'cancelled',
] as const;
export type LoanEventKind = (typeof LOAN_EVENT_KINDS)[number];

/** A repayment application's life: under review (the amount held) → approved (captured) or rejected (released). */
export const REPAYMENT_APPLICATION_STATUSES = ['under_review', 'approved', 'rejected'] as const;
export type RepaymentApplicationStatus = (typeof REPAYMENT_APPLICATION_STATUSES)[number];

/** An offer not signed within this many hours is cancelled and its collateral released. */
export const LOAN_SIGNATURE_WINDOW_HOURS = 24;
/** A typed name and a repayment note: at most this many characters. */
export const LOAN_TYPED_NAME_MAX = 200;
export const REPAYMENT_NOTE_MAX = 500;
