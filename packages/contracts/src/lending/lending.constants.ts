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
