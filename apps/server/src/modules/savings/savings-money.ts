import type { TransferReason } from '@openbourse/contracts';
import { type AccountRef, type TransferInput, transferBatch } from '../ledger/index.js';
import type { SavingsView } from './savings.context.js';

/**
 * The ledger's side of savings (issue 18). An order's principal and its whole promised interest
 * wait in one escrow account per asset (`escrow:savings`, live book) from subscription until the
 * order is settled or redeemed; every transfer names the order (`savings_order`) and carries a key
 * made from the order's id and its step, so a retried step moves nothing twice.
 *
 * The early-redemption penalty goes to the treasury, not to the fees account: the treasury bears
 * the promises (it reserved the interest, and funds the next promise), while `fees` holds what the
 * platform charges for a service (trading, withdrawals); a penalty compensates the funding of a
 * promise broken early, so it returns to the account that funds promises.
 */
export const SAVINGS_ESCROW: AccountRef = { kind: 'escrow', name: 'savings' };

export type SavingsMove = {
  from: AccountRef;
  to: AccountRef;
  amount: bigint;
  reason: TransferReason;
  /** The step: `principal`, `interest-reserve`, `payout`, `interest`, `penalty`, `interest-return`. */
  step: string;
};

/** The moves of one order in one batch; a move of nothing is left out (the ledger moves only positive amounts). */
export async function moveForOrder(
  trx: SavingsView,
  order: { id: string; asset: string },
  moves: readonly SavingsMove[],
): Promise<void> {
  const inputs: TransferInput[] = moves
    .filter((move) => move.amount > 0n)
    .map((move) => ({
      book: 'live',
      asset: order.asset,
      from: move.from,
      to: move.to,
      amount: move.amount,
      reason: move.reason,
      reference: { type: 'savings_order', id: order.id },
      idempotencyKey: `savings:${order.id}:${move.step}`,
    }));
  if (inputs.length > 0) await transferBatch(trx, inputs);
}
