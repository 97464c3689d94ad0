import { Decimal } from '@openbourse/money';
import type { Transaction } from 'kysely';
import { AppError } from '../../platform/errors/app-error.js';
import { release } from '../ledger/index.js';
import { notifyUser } from '../notify/index.js';
import {
  payloadFileIds,
  type ReviewItem,
  type ReviewItemDescription,
  type ReviewKindHandler,
} from '../review/index.js';
import { closeUnpaidLoan } from './cancel-loan.js';
import { disburseLoan } from './disburse-loan.js';
import type { LendingDbTables, LoansContext } from './lending.context.js';
import { LOAN_REJECTION_REASONS, REPAYMENT_REJECTION_REASONS, rejectionText } from './loan-reasons.js';
import { collateralOf, isOwed, outstandingAt } from './loan-record.js';
import { insertLoanEvent, lockApplication, lockLoan, updateApplication } from './loans.repository.js';
import { repayLocked } from './repay-loan.js';

/**
 * The lending module's review kinds (issue 17). The framework records claims and decisions and
 * decides how many operators an item needs (the `loan` kind: two above its four-eyes threshold);
 * these handlers carry the final decision out in the decision's transaction.
 *
 * - `loan`: approval pays the signed loan out of the treasury (TREASURY_CANNOT_FUND refuses it and
 *   nothing moves); rejection returns a crypto-backed loan's collateral.
 * - `repayment`: approval releases the held amount and applies it as a repayment (interest, then
 *   principal) — all of it, or what is still outstanding if a liquidation settled part of the debt
 *   meanwhile; rejection releases the hold. The borrower is told either way.
 */

function stringOf(item: ReviewItem, key: string): string {
  const value = item.payload[key];
  if (typeof value !== 'string') throw new Error(`review item ${item.id} holds no ${key}`);
  return value;
}

/** The facts a loan item was queued with (no personal data: the borrower's name stays sealed). */
const LOAN_DETAIL_KEYS = [
  'loanId',
  'loanKind',
  'term',
  'dailyRate',
  'interestFreeDays',
  'interest',
  'totalRepayable',
  'verification',
  'collateral',
  'ltv',
  'priceSource',
  'outstanding',
  'note',
  'repaymentApplicationId',
] as const;

function describeLoanItem(item: ReviewItem): ReviewItemDescription {
  const details: ReviewItemDescription['details'] = [];
  for (const key of LOAN_DETAIL_KEYS) {
    const value = item.payload[key];
    if (typeof value === 'string' && value.length > 0) details.push({ key, value });
  }
  return { details, fileIds: payloadFileIds(item.payload) };
}

/**
 * Runs a decision's transaction and, once it has committed, tells the LTV engine which loans it
 * changed (told before the commit, the engine would read the loan as it was).
 */
async function afterCommit<T>(
  ctx: LoansContext,
  work: (trx: Transaction<LendingDbTables>, changed: Set<string>) => Promise<T>,
): Promise<T> {
  const changed = new Set<string>();
  const result = await ctx.db.transaction().execute((trx) => work(trx, changed));
  for (const loanId of changed) ctx.watch.loanChanged(loanId);
  return result;
}

export function createLoanReviewHandler(ctx: LoansContext): ReviewKindHandler {
  return {
    kind: 'loan',
    decideRole: 'reviewer',
    reasons: LOAN_REJECTION_REASONS,
    describe: describeLoanItem,
    inDecisionTransaction: (work) =>
      afterCommit(ctx, (trx, changed) =>
        work(trx, {
          approved: async (item) => {
            const loanId = stringOf(item, 'loanId');
            const row = await lockLoan(trx, loanId);
            if (!row) throw new AppError('LOAN_RECORD_MISSING');
            if (row.status !== 'pending_review') throw new AppError('REVIEW_ITEM_DECIDED');
            const collateral = collateralOf(row);
            const quote = collateral ? ctx.prices.quote(collateral.asset.code, row.asset) : null;
            const after = await disburseLoan(trx, row, ctx.clock.now(), quote);
            changed.add(loanId);
            return {
              before: { status: row.status },
              after: { status: after.status, disbursedAt: after.disbursed_at?.toISOString() ?? null },
              details: { loanId },
            };
          },
          rejected: async (item) => {
            const loanId = stringOf(item, 'loanId');
            const row = await lockLoan(trx, loanId);
            if (!row) throw new AppError('LOAN_RECORD_MISSING');
            if (row.status !== 'pending_review') throw new AppError('REVIEW_ITEM_DECIDED');
            const reason = `rejected:${item.rejectionReason ?? 'policy'}`;
            const after = await closeUnpaidLoan(
              trx,
              row,
              { status: 'rejected', reason, note: item.rejectionNote },
              ctx.clock.now(),
            );
            return {
              before: { status: row.status },
              after: {
                status: after.status,
                reason: rejectionText(LOAN_REJECTION_REASONS, reason, item.rejectionNote, 'en'),
              },
              details: { loanId },
            };
          },
        }),
      ),
  };
}

export function createRepaymentReviewHandler(ctx: LoansContext): ReviewKindHandler {
  return {
    kind: 'repayment',
    decideRole: 'reviewer',
    reasons: REPAYMENT_REJECTION_REASONS,
    describe: describeLoanItem,
    inDecisionTransaction: (work) =>
      afterCommit(ctx, (trx, changed) =>
        work(trx, {
          approved: async (item) => {
            const loanId = stringOf(item, 'loanId');
            const applicationId = stringOf(item, 'applicationId');
            const row = await lockLoan(trx, loanId);
            const application = await lockApplication(trx, applicationId);
            if (!row || !application) throw new AppError('LOAN_RECORD_MISSING');
            if (application.status !== 'under_review') throw new AppError('REVIEW_ITEM_DECIDED');
            const now = ctx.clock.now();
            await release(trx, {
              holdId: application.hold_id,
              idempotencyKey: `repayment-application:${application.id}:release`,
            });
            let applied = '0';
            if (isOwed(row)) {
              // What a liquidation may have settled meanwhile is not taken twice: at most the outstanding.
              const outstanding = outstandingAt(row, now.getTime());
              const held = Decimal.parse(application.amount);
              const amount = held.gt(outstanding) ? outstanding : held;
              if (amount.isPositive()) {
                await repayLocked(trx, row, amount, `application-${application.id}`, now);
                applied = amount.toString();
              }
            }
            await updateApplication(trx, application.id, { status: 'approved', decided_at: now });
            changed.add(loanId);
            return {
              before: { status: application.status },
              after: { status: 'approved', applied },
              details: { loanId, applicationId },
            };
          },
          rejected: async (item) => {
            const loanId = stringOf(item, 'loanId');
            const applicationId = stringOf(item, 'applicationId');
            const application = await lockApplication(trx, applicationId);
            if (!application) throw new AppError('LOAN_RECORD_MISSING');
            if (application.status !== 'under_review') throw new AppError('REVIEW_ITEM_DECIDED');
            const now = ctx.clock.now();
            const reason = `rejected:${item.rejectionReason ?? 'policy'}`;
            await release(trx, {
              holdId: application.hold_id,
              idempotencyKey: `repayment-application:${application.id}:release`,
            });
            await updateApplication(trx, application.id, {
              status: 'rejected',
              reason,
              reason_note: item.rejectionNote,
              decided_at: now,
            });
            await insertLoanEvent(trx, {
              loanId,
              kind: 'repayment_rejected',
              amount: application.amount,
              asset: item.asset,
              details: { applicationId },
              at: now,
            });
            const words = rejectionText(REPAYMENT_REJECTION_REASONS, reason, item.rejectionNote, 'en') ?? reason;
            await notifyUser(trx, {
              userId: application.user_id,
              template: 'repayment_rejected',
              params: { loanId, amount: application.amount, asset: item.asset ?? '', reason: words },
            });
            return {
              before: { status: application.status },
              after: { status: 'rejected', reason: words },
              details: { loanId, applicationId },
            };
          },
        }),
      ),
  };
}
