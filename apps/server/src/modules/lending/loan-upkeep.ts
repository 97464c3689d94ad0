import { LOAN_SIGNATURE_WINDOW_HOURS } from '@openbourse/contracts';
import { notifyUser } from '../notify/index.js';
import { closeUnpaidLoan } from './cancel-loan.js';
import { accrueInterest, isOverdue, outstandingOf } from './domain/index.js';
import type { LoansContext } from './lending.context.js';
import { balanceColumns, balanceOf, isOwed, termsOf } from './loan-record.js';
import { insertLoanEvent, loanIdsInStatus, lockLoan, OWED_STATUSES, updateLoan } from './loans.repository.js';

/** Each run walks at most this many loans of each kind (the next run continues). */
const BATCH = 1_000;

export type UpkeepResult = { expired: number; accrued: number; overdue: number };

/**
 * The loans' daily upkeep (issue 17), run by the `lending.upkeep` job: offers not signed within
 * LOAN_SIGNATURE_WINDOW_HOURS are cancelled and their collateral returned; owed loans have every
 * whole day elapsed accrued into their balance (the LTV engine then watches the grown debt); a loan
 * past its repayment date with something outstanding becomes overdue, once, and the borrower is
 * told — the overdue rule of the agreement (OVERDUE_DAILY_RATE_MULTIPLIER) is what the interest
 * keeps applying. Each loan in its own transaction, locked, checked again.
 */
export async function runLoanUpkeep(ctx: LoansContext): Promise<UpkeepResult> {
  const result: UpkeepResult = { expired: 0, accrued: 0, overdue: 0 };
  const now = ctx.clock.now();
  const lapseBefore = now.getTime() - LOAN_SIGNATURE_WINDOW_HOURS * 3_600_000;
  for (const id of await loanIdsInStatus(ctx.db, ['awaiting_signature'], BATCH)) {
    const expired = await ctx.db.transaction().execute(async (trx) => {
      const row = await lockLoan(trx, id);
      if (row?.status !== 'awaiting_signature' || row.created_at.getTime() > lapseBefore) return false;
      await closeUnpaidLoan(trx, row, { status: 'cancelled', reason: 'expired' }, now);
      return true;
    });
    if (expired) result.expired += 1;
  }
  for (const id of await loanIdsInStatus(ctx.db, OWED_STATUSES, BATCH)) {
    const change = await ctx.db.transaction().execute(async (trx) => {
      const row = await lockLoan(trx, id);
      if (!row || !isOwed(row)) return null;
      const terms = termsOf(row);
      const before = balanceOf(row);
      const accrued = accrueInterest(terms, before, now.getTime());
      const becomesOverdue = row.status === 'repaying' && isOverdue(terms, before, now.getTime());
      if (accrued.accruedDays === before.accruedDays && !becomesOverdue) return null;
      await updateLoan(trx, id, {
        ...balanceColumns(accrued),
        ...(becomesOverdue ? { status: 'overdue' as const, overdue_notified_at: now } : {}),
        updated_at: now,
      });
      if (becomesOverdue) {
        const outstanding = outstandingOf(terms, accrued);
        await insertLoanEvent(trx, {
          loanId: id,
          kind: 'overdue',
          amount: outstanding.toString(),
          asset: row.asset,
          at: now,
        });
        await notifyUser(trx, {
          userId: row.user_id,
          template: 'loan_overdue',
          params: {
            loanId: id,
            amount: outstanding.toString(),
            asset: row.asset,
            dueDate: (row.due_at ?? now).toISOString().slice(0, 10),
          },
        });
      }
      return { overdue: becomesOverdue, crypto: row.kind === 'crypto_backed' };
    });
    if (!change) continue;
    result.accrued += 1;
    if (change.overdue) result.overdue += 1;
    if (change.crypto) ctx.watch.loanChanged(id);
  }
  return result;
}
