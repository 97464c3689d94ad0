import { AppError } from '../../platform/errors/app-error.js';
import type { LendingView } from './lending.context.js';
import { findLoan, type LoanRow } from './loans.repository.js';

/**
 * One of the caller's loans. An unknown id and another user's loan answer alike (10035), so the
 * answer says nothing about loans that are not the caller's (SPEC §4: only the owner may act).
 */
export async function ownLoan(db: LendingView, loanId: string | undefined, userId: string): Promise<LoanRow> {
  if (loanId === undefined || loanId.trim() === '') throw new AppError('LOAN_ID_EMPTY');
  const row = await findLoan(db, loanId.trim());
  if (!row || row.user_id !== userId) throw new AppError('NO_PERMISSION_ON_RECORD');
  return row;
}
