import { AppError } from '../../platform/errors/app-error.js';
import { release } from '../ledger/index.js';
import { notifyUser } from '../notify/index.js';
import type { ReviewItem, ReviewKindHandler } from '../review/index.js';
import { reasonText, WITHDRAWAL_REJECTION_REASONS } from './withdrawal-reasons.js';
import type { WithdrawalsDb } from './withdrawals.context.js';
import * as repository from './withdrawals.repository.js';

function withdrawalIdOf(item: ReviewItem): string {
  const id = item.payload.withdrawalId;
  if (typeof id !== 'string') throw new Error(`review item ${item.id} holds no withdrawal`);
  return id;
}

/**
 * Releases a withdrawal's holds (amount and fee) back to the user's available balance, once:
 * `purpose` names the release in the idempotency keys (`rejected`, `failed`).
 */
export async function releaseWithdrawalHolds(
  trx: Parameters<typeof release>[0],
  row: repository.WithdrawalRow,
  purpose: string,
) {
  if (row.amountHoldId) {
    await release(trx, { holdId: row.amountHoldId, idempotencyKey: `withdrawal:${row.id}:${purpose}:amount` });
  }
  if (row.feeHoldId) {
    await release(trx, { holdId: row.feeHoldId, idempotencyKey: `withdrawal:${row.id}:${purpose}:fee` });
  }
}

/**
 * The payments module's review kind `withdrawal` (#15). The review framework decides how many
 * approvals an item needs (two above the kind's four-eyes threshold in USDT equivalent, one
 * below); the final approval marks the withdrawal approved for the signer, a rejection releases
 * its holds with the reason and tells the user, all in the decision's transaction.
 */
export function createWithdrawalReviewHandler(deps: { db: WithdrawalsDb; now: () => Date }): ReviewKindHandler {
  return {
    kind: 'withdrawal',
    decideRole: 'reviewer',
    reasons: WITHDRAWAL_REJECTION_REASONS,
    inDecisionTransaction: (work) =>
      deps.db.transaction().execute((trx) =>
        work(trx, {
          approved: async (item) => {
            const id = withdrawalIdOf(item);
            const row = await repository.findWithdrawal(trx, id, { forUpdate: true });
            if (!row) throw new AppError('NOT_FOUND');
            if (row.status !== 'pending_review') throw new AppError('REVIEW_ITEM_DECIDED');
            const after = await repository.updateWithdrawal(trx, id, { status: 'approved', updated_at: deps.now() });
            return { before: { status: row.status }, after: { status: after.status }, details: { withdrawalId: id } };
          },
          rejected: async (item) => {
            const id = withdrawalIdOf(item);
            const row = await repository.findWithdrawal(trx, id, { forUpdate: true });
            if (!row) throw new AppError('NOT_FOUND');
            if (row.status !== 'pending_review') throw new AppError('REVIEW_ITEM_DECIDED');
            const code = `rejected:${item.rejectionReason ?? 'policy'}`;
            const note = item.rejectionNote;
            // Stored as a code (the wire shows it in the reader's language), told in English words.
            const reason = reasonText(code, note, 'en') ?? code;
            await releaseWithdrawalHolds(trx, row, 'rejected');
            const after = await repository.updateWithdrawal(trx, id, {
              status: 'rejected',
              reason: code,
              reason_note: note,
              updated_at: deps.now(),
            });
            await notifyUser(trx, {
              userId: row.userId,
              template: 'withdrawal_failed',
              params: { amount: row.amount, asset: row.asset, network: row.network, reason },
            });
            return {
              before: { status: row.status },
              after: { status: after.status, reason },
              details: { withdrawalId: id },
            };
          },
        }),
      ),
  };
}
