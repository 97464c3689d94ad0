import { Decimal } from '@openbourse/money';
import { DAY_MS, OVERDUE_DAILY_RATE_MULTIPLIER } from './lending-constants.js';
import type { DayCount, EpochMs, LoanAsset, LoanBalance, LoanTerms } from './loan-types.js';

/**
 * Loan interest (issue 17; SPEC §4 "Loans", §9): simple interest, per whole day, on the principal
 * outstanding. Day d (d = 0, 1, …) runs from `disbursedAt + d days` and accrues when it is over;
 * days 0 … interestFreeDays − 1 bear none; days up to the term bear the daily rate; days after the
 * repayment date bear the daily rate × OVERDUE_DAILY_RATE_MULTIPLIER (the overdue rule).
 *
 * Rounding: interest is kept exact and rounded DOWN to the asset's precision when it is shown or
 * owed, always in the user's favour (the platform forgoes less than one minor unit per loan).
 * A repayment made during a day is not charged for that partial day on what it repaid.
 */

export function assertLoanTerms(terms: LoanTerms): void {
  if (!Number.isSafeInteger(terms.termDays) || terms.termDays < 1) {
    throw new RangeError(`term must be a whole number of days ≥ 1, got ${terms.termDays}`);
  }
  if (!Number.isSafeInteger(terms.interestFreeDays) || terms.interestFreeDays < 0) {
    throw new RangeError(`interest-free days must be a whole number ≥ 0, got ${terms.interestFreeDays}`);
  }
  if (terms.dailyRate.isNegative()) throw new RangeError('the daily rate cannot be negative');
  if (!terms.principal.isPositive()) throw new RangeError('the principal must be positive');
  if (terms.principal.scale > terms.asset.decimals) {
    throw new RangeError(`the principal has more than ${terms.asset.decimals} decimals`);
  }
  if (!Number.isSafeInteger(terms.disbursedAt)) throw new RangeError('disbursedAt must be epoch milliseconds');
}

/** The balance of a loan just disbursed. */
export function newLoanBalance(terms: LoanTerms): LoanBalance {
  assertLoanTerms(terms);
  return { principal: terms.principal, accruedInterest: Decimal.ZERO, accruedDays: 0 };
}

/** The repayment date: `termDays` whole days after disbursement. */
export function repaymentDate(terms: LoanTerms): EpochMs {
  return terms.disbursedAt + terms.termDays * DAY_MS;
}

/** Whole days elapsed since disbursement at `at` (0 before the first day is over). */
export function elapsedDays(terms: LoanTerms, at: EpochMs): DayCount {
  return at <= terms.disbursedAt ? 0 : Math.floor((at - terms.disbursedAt) / DAY_MS);
}

/** Of the days [fromDay, toDay): how many bear the daily rate and how many the overdue rate. */
export function chargeableDays(
  terms: LoanTerms,
  fromDay: DayCount,
  toDay: DayCount,
): { regular: DayCount; overdue: DayCount } {
  const regular = Math.max(0, Math.min(toDay, terms.termDays) - Math.max(fromDay, terms.interestFreeDays));
  const overdue = Math.max(0, toDay - Math.max(fromDay, terms.termDays));
  return { regular, overdue };
}

/** The exact interest `principal` bears over the days [fromDay, toDay). */
function exactInterest(terms: LoanTerms, principal: Decimal, fromDay: DayCount, toDay: DayCount): Decimal {
  const { regular, overdue } = chargeableDays(terms, fromDay, toDay);
  const dayWeight = Decimal.fromInteger(regular).add(Decimal.fromInteger(overdue).mul(OVERDUE_DAILY_RATE_MULTIPLIER));
  return principal.mul(terms.dailyRate).mul(dayWeight);
}

/**
 * The interest promised when the loan is offered and signed: the whole principal held to the
 * repayment date, interest-free days first, then the daily rate; rounded down. Repaying early
 * only lowers it (interest runs on what is outstanding, day by day).
 */
export function promisedInterest(terms: LoanTerms): Decimal {
  assertLoanTerms(terms);
  return roundOwed(exactInterest(terms, terms.principal, 0, terms.termDays), terms.asset);
}

/** Interest owed, rounded down to the asset's precision (the user's favour). */
export function roundOwed(exact: Decimal, asset: LoanAsset): Decimal {
  return exact.round(asset.decimals, 'floor');
}

/**
 * The balance with every whole day elapsed by `at` accrued on the principal outstanding. Call it
 * before every change of the principal (repayment, liquidation), so each day is charged on the
 * principal of that day. A moment before the last accrual changes nothing.
 */
export function accrueInterest(terms: LoanTerms, balance: LoanBalance, at: EpochMs): LoanBalance {
  const toDay = elapsedDays(terms, at);
  if (toDay <= balance.accruedDays) return balance;
  const added = exactInterest(terms, balance.principal, balance.accruedDays, toDay);
  return { principal: balance.principal, accruedInterest: balance.accruedInterest.add(added), accruedDays: toDay };
}

/** Interest owed now (accrued, unpaid), at the asset's precision. */
export function interestDue(terms: LoanTerms, balance: LoanBalance): Decimal {
  return roundOwed(balance.accruedInterest, terms.asset);
}

/** Everything owed on an accrued balance: principal plus interest due. */
export function outstandingOf(terms: LoanTerms, balance: LoanBalance): Decimal {
  return balance.principal.add(interestDue(terms, balance));
}

/** Interest accrued by `at` on a loan nothing has been repaid on ("interest so far"). */
export function interestAccruedAt(terms: LoanTerms, at: EpochMs): Decimal {
  return interestDue(terms, accrueInterest(terms, newLoanBalance(terms), at));
}

/** Overdue: past the repayment date with something still owed (the overdue job's test). */
export function isOverdue(terms: LoanTerms, balance: LoanBalance, at: EpochMs): boolean {
  return at > repaymentDate(terms) && outstandingOf(terms, accrueInterest(terms, balance, at)).isPositive();
}
