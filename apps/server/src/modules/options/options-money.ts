import type { Book, TransferReason } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { type AccountRef, type TransferInput, transferBatch } from '../ledger/index.js';
import type { OptionsView } from './options.context.js';

/**
 * The ledger's side of options (issue 19). An order's premium and the maximum payout reserved from
 * the treasury wait in one escrow account per book and asset (`escrow:options`) from purchase until
 * the order is sold back or settled; the fee goes to fees when charged. Every transfer names the
 * order (`options_order`) and carries a key made from the order's id and its step, so a retried
 * step (a crash between two orders of a settlement, a second settler) moves nothing twice.
 */
export const OPTIONS_ESCROW: AccountRef = { kind: 'escrow', name: 'options' };

export type OptionsMove = {
  from: AccountRef;
  to: AccountRef;
  amount: Decimal;
  reason: TransferReason;
  /** `premium`, `fee`, `reserve`, `payout`, `sale`, `close-fee`, `reserve-return`, `premium-earned`. */
  step: string;
};

/** The moves of one order in one batch, in the asset's minor units; a move of nothing is left out. */
export async function moveForOrder(
  trx: OptionsView,
  order: { id: string; asset: string; book: Book },
  decimals: number,
  moves: readonly OptionsMove[],
): Promise<void> {
  const inputs: TransferInput[] = moves
    .map((move) => ({ move, minor: move.amount.toMinorUnits(decimals, 'down') }))
    .filter(({ minor }) => minor > 0n)
    .map(({ move, minor }) => ({
      book: order.book,
      asset: order.asset,
      from: move.from,
      to: move.to,
      amount: minor,
      reason: move.reason,
      reference: { type: 'options_order', id: order.id },
      idempotencyKey: `options:${order.id}:${move.step}`,
    }));
  if (inputs.length > 0) await transferBatch(trx, inputs);
}

/**
 * What goes back to the treasury when an order ends (sold back or settled): the part of its
 * reserve it did not pay out, and the premium, which the treasury earns for having borne the risk.
 */
export function treasuryMovesAtEnd(order: { reserve: string; premium: string }, paidOut: Decimal): OptionsMove[] {
  return [
    {
      from: OPTIONS_ESCROW,
      to: { kind: 'treasury' },
      amount: Decimal.parse(order.reserve).sub(paidOut),
      reason: 'option_reserve_return',
      step: 'reserve-return',
    },
    {
      from: OPTIONS_ESCROW,
      to: { kind: 'treasury' },
      amount: Decimal.parse(order.premium),
      reason: 'option_premium_earned',
      step: 'premium-earned',
    },
  ];
}
