import type { TRepaymentApplicationRequest } from '@openbourse/contracts';
import { AppError } from '../../platform/errors/app-error.js';
import { hold } from '../ledger/index.js';
import { accrueInterest, outstandingOf } from './domain/index.js';
import type { LoansContext } from './lending.context.js';
import { asLoanBalanceRefusal, minorUnits } from './loan-money.js';
import { balanceOf, isOwed, termsOf } from './loan-record.js';
import {
  findOpenApplication,
  insertLoanEvent,
  insertRepaymentApplication,
  type LoanRow,
  lockLoan,
  updateApplication,
} from './loans.repository.js';
import { ownLoan } from './own-loan.js';
import { parseRepaymentAmount } from './repay-loan.js';

/**
 * A repayment application (issue 17; SPEC §4): the borrower files an amount (with a note and a
 * proof image if they like) for review; the amount is held in the ledger at once, captured as a
 * repayment when an operator approves it (the `repayment` queue), released when they reject it.
 * One under review per loan (10038); the loan must be owed (10036) and the amount no more than
 * what is outstanding now (10209).
 */
export async function fileRepaymentApplication(
  ctx: LoansContext,
  caller: { id: string },
  loanId: string,
  input: TRepaymentApplicationRequest,
  request: { requestId: string; ip: string | null },
): Promise<LoanRow> {
  const owned = await ownLoan(ctx.db, loanId, caller.id);
  const amount = parseRepaymentAmount(input.amount);
  if (amount === null || amount.scale > owned.asset_decimals) {
    throw new AppError('REPAYMENT_APPLICATION_FAILED', {
      data: {
        issues: [{ path: 'body.amount', message: `a positive amount, at most ${owned.asset_decimals} decimals` }],
      },
    });
  }
  if (input.proofFileId !== undefined && !(await ctx.uploads.ownFile(input.proofFileId, caller.id))) {
    throw new AppError('REPAYMENT_SUBMIT_FAILED', {
      data: { issues: [{ path: 'body.proofFileId', message: 'not one of your uploads' }] },
    });
  }
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await lockLoan(trx, owned.id);
    if (!row || !isOwed(row)) throw new AppError('LOAN_STATUS_DISALLOWS_REPAYMENT');
    if (await findOpenApplication(trx, row.id)) throw new AppError('REPAYMENT_UNDER_REVIEW');
    const terms = termsOf(row);
    const outstanding = outstandingOf(terms, accrueInterest(terms, balanceOf(row), now.getTime()));
    if (amount.gt(outstanding)) {
      const text = `${outstanding.toString()} ${row.asset}`;
      throw new AppError('REPAYMENT_ABOVE_OUTSTANDING', {
        params: { outstanding: text },
        data: { outstanding: outstanding.toString() },
      });
    }
    // The row first (its id names the hold's key), the hold then, in the same transaction.
    const application = await insertRepaymentApplication(trx, {
      loan_id: row.id,
      user_id: row.user_id,
      amount: amount.toString(),
      note: input.note?.trim() ? input.note.trim() : null,
      proof_file_id: input.proofFileId ?? null,
      hold_id: 'pending',
      status: 'under_review',
      created_at: now,
    });
    const held = await asLoanBalanceRefusal(() =>
      hold(trx, {
        book: 'live',
        asset: row.asset,
        userId: row.user_id,
        amount: minorUnits(amount, row.asset_decimals),
        reason: 'loan_repayment_hold',
        reference: { type: 'repayment_application', id: application.id },
        idempotencyKey: `repayment-application:${application.id}:hold`,
      }),
    );
    await updateApplication(trx, application.id, { hold_id: held.holdId });
    await ctx.reviews.submit(trx, {
      kind: 'repayment',
      sourceKey: `repayment-application:${application.id}`,
      userId: row.user_id,
      summary: `Repayment of ${amount.toString()} ${row.asset} on loan ${row.id}`,
      amount: amount.toString(),
      asset: row.asset,
      payload: {
        loanId: row.id,
        applicationId: application.id,
        repaymentApplicationId: application.id,
        outstanding: `${outstanding.toString()} ${row.asset}`,
        ...(application.note ? { note: application.note } : {}),
        ...(application.proof_file_id ? { fileIds: [application.proof_file_id] } : {}),
      },
      requestedBy: null,
      requestId: request.requestId,
      ip: request.ip,
    });
    await insertLoanEvent(trx, {
      loanId: row.id,
      kind: 'repayment_submitted',
      amount: amount.toString(),
      asset: row.asset,
      details: { applicationId: application.id },
      at: now,
    });
    return row;
  });
}
