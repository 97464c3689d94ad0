import { DEPOSIT_REJECTION_REASONS } from '@openbourse/contracts';
import { inRetriedTransaction } from '../../platform/db/retried-transaction.js';
import type { ReviewItem, ReviewKindHandler } from '../review/index.js';
import { chainCreditKey, creditLocked } from './credit-deposit.js';
import type { DepositsContext } from './deposits.context.js';
import { lockDeposit, updateDeposit } from './deposits.repository.js';

function depositIdOf(item: ReviewItem): string {
  const { depositId } = item.payload;
  if (typeof depositId !== 'string' || !/^\d+$/.test(depositId)) {
    throw new Error(`review item ${item.id} holds no deposit`);
  }
  return depositId;
}

/**
 * The payments module's review kind `deposit` (issue 15): manual claims and below-minimum
 * deposits an operator decides. Approval credits the deposit once, in the decision's
 * transaction: a manual claim under the key `deposit:review:<item id>`, a chain deposit under its
 * chain key (so the below-minimum rule and an approval never both move it); a deposit already
 * credited moves nothing. Rejection records the reason on the deposit (a chain deposit stays
 * recorded as below minimum: it was received, it may still be credited with later ones).
 */
export function createDepositReviewHandler(context: DepositsContext): ReviewKindHandler {
  return {
    kind: 'deposit',
    decideRole: 'reviewer',
    reasons: DEPOSIT_REJECTION_REASONS,
    inDecisionTransaction: (work) =>
      inRetriedTransaction(context.db, (trx) =>
        work(trx, {
          approved: async (item) => {
            const deposit = await lockDeposit(trx, depositIdOf(item));
            if (!deposit) throw new Error(`deposit of review item ${item.id} missing`);
            const before = { status: deposit.status };
            const key = deposit.source === 'manual' ? `deposit:review:${item.id}` : chainCreditKey(deposit);
            const credited = await creditLocked(trx, context, deposit, key);
            return {
              before,
              after: { status: 'credited' },
              details: { depositId: deposit.id, credited, idempotencyKey: key },
            };
          },
          rejected: async (item) => {
            const deposit = await lockDeposit(trx, depositIdOf(item));
            if (!deposit) throw new Error(`deposit of review item ${item.id} missing`);
            const at = context.clock.now();
            if (deposit.source === 'manual' && deposit.status === 'pending_review') {
              await updateDeposit(trx, deposit.id, { status: 'rejected', reason: item.rejectionReason, at });
            } else if (deposit.status !== 'credited') {
              await updateDeposit(trx, deposit.id, { reason: item.rejectionReason, at });
            }
            return { details: { depositId: deposit.id, reason: item.rejectionReason } };
          },
        }),
      ),
  };
}
