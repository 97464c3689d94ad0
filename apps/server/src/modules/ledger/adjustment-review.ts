import { ADJUSTMENT_REJECTION_REASONS, BOOKS, type Book } from '@openbourse/contracts';
import type { ReviewItem, ReviewKindHandler } from '../review/index.js';
import { inIdempotentTransaction } from './idempotent-transaction.js';
import { type AdjustmentDb, moveAdjustment, parseAdjustmentAmount } from './ledger.accounts-api.js';
import { getAssetDecimals } from './ledger.service.js';

/** The queued adjustment as `adjustBalance` wrote it into the item's payload. */
function queuedAdjustment(item: ReviewItem) {
  const { book, asset, amount, reason, transferKey } = item.payload;
  if (
    typeof book !== 'string' ||
    !(BOOKS as readonly string[]).includes(book) ||
    typeof asset !== 'string' ||
    typeof amount !== 'string' ||
    typeof reason !== 'string' ||
    typeof transferKey !== 'string' ||
    item.requestedBy === null
  ) {
    throw new Error(`review item ${item.id} holds no adjustment`);
  }
  return { book: book as Book, asset, amount, reason, transferKey, requestedBy: item.requestedBy };
}

/**
 * The ledger's review kind `adjustment` (#14): an operator's adjustment above
 * ADJUST_REVIEW_THRESHOLD waits here until another admin approves it. Only admins decide
 * adjustments. Approval moves it, in the decision's transaction, under the idempotency key the
 * request carried, as a transfer by the requesting operator with their written reason (the user's
 * statement shows it); the decision's audit row records the balance either side. A rejection
 * moves nothing.
 */
export function createAdjustmentReviewHandler(db: AdjustmentDb): ReviewKindHandler {
  return {
    kind: 'adjustment',
    decideRole: 'admin',
    reasons: ADJUSTMENT_REJECTION_REASONS,
    inDecisionTransaction: (work) =>
      inIdempotentTransaction(db, (trx) =>
        work(trx, {
          approved: async (item) => {
            const queued = queuedAdjustment(item);
            const decimals = await getAssetDecimals(trx, queued.asset);
            const { moved, before, after } = await moveAdjustment(trx, {
              operatorId: queued.requestedBy,
              userId: item.userId,
              asset: queued.asset,
              book: queued.book,
              amount: parseAdjustmentAmount(queued.amount, decimals),
              decimals,
              reason: queued.reason,
              reference: { type: 'review', id: item.id },
              transferKey: queued.transferKey,
            });
            return { before, after, details: { transferId: moved.id, book: queued.book } };
          },
          rejected: async () => ({ details: {} }),
        }),
      ),
  };
}
