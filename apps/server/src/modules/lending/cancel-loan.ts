import { AppError } from '../../platform/errors/app-error.js';
import { transfer } from '../ledger/index.js';
import type { LendingView, LoansContext } from './lending.context.js';
import { minorUnits } from './loan-money.js';
import { collateralOf } from './loan-record.js';
import { insertLoanEvent, type LoanRow, lockLoan, updateLoan } from './loans.repository.js';
import { ownLoan } from './own-loan.js';

/**
 * Ends an offer that was never paid out (issue 17): withdrawn by the borrower before signing, lapsed
 * unsigned (the offers job), or rejected by an operator. A crypto-backed offer's collateral goes
 * back from held to available under the loan's key, so a retry returns it once. In the caller's
 * transaction, the loan row locked by it.
 */
export async function closeUnpaidLoan(
  trx: LendingView,
  row: LoanRow,
  outcome: { status: 'cancelled' | 'rejected'; reason?: string | null; note?: string | null },
  at: Date,
): Promise<LoanRow> {
  const collateral = collateralOf(row);
  if (collateral?.amount.isPositive()) {
    await transfer(trx, {
      book: 'live',
      asset: collateral.asset.code,
      from: { kind: 'held', userId: row.user_id },
      to: { kind: 'available', userId: row.user_id },
      amount: minorUnits(collateral.amount, collateral.asset.decimals),
      reason: 'loan_collateral_release',
      reference: { type: 'loan', id: row.id },
      idempotencyKey: `loan:${row.id}:collateral-return`,
    });
  }
  const updated = await updateLoan(trx, row.id, {
    status: outcome.status,
    collateral_amount: collateral ? '0' : null,
    rejection_reason: outcome.reason ?? null,
    rejection_note: outcome.note ?? null,
    updated_at: at,
  });
  await insertLoanEvent(trx, {
    loanId: row.id,
    kind: outcome.status,
    amount: collateral?.amount.toString() ?? null,
    asset: collateral?.asset.code ?? null,
    at,
  });
  return updated;
}

/** The borrower withdraws an offer they have not signed. */
export async function cancelLoan(ctx: LoansContext, caller: { id: string }, loanId: string): Promise<LoanRow> {
  await ownLoan(ctx.db, loanId, caller.id);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await lockLoan(trx, loanId);
    if (row?.status !== 'awaiting_signature') throw new AppError('LOAN_NOT_AWAITING_SIGNATURE');
    return closeUnpaidLoan(trx, row, { status: 'cancelled' }, ctx.clock.now());
  });
}
