import type { Decimal } from '@openbourse/money';
import type { LoanAccount, LoanAsset, LoanTransferPurpose, TransferIntent } from './loan-types.js';

/** Who a loan's transfers concern, and which step of the loan's life makes them. */
export type LoanStep = {
  loanId: string;
  userId: string;
  /** Unique per step of this loan and stable across retries: a repayment's id, `liquidation-3` … */
  step: string;
};

/** `loan:<loan id>:<step>:<purpose>`: the same step retried asks for the same transfers. */
export function loanTransferKey(step: LoanStep, purpose: LoanTransferPurpose): string {
  if (step.loanId.length === 0 || step.step.length === 0)
    throw new RangeError('a loan step needs a loan id and a step');
  return `loan:${step.loanId}:${step.step}:${purpose}`;
}

/** Appends a transfer when `amount` is positive (a zero transfer is not made at all). */
export function pushTransfer(
  out: TransferIntent[],
  step: LoanStep,
  purpose: LoanTransferPurpose,
  asset: LoanAsset,
  amount: Decimal,
  from: LoanAccount,
  to: LoanAccount,
): void {
  if (amount.isNegative()) throw new RangeError(`${purpose}: negative amount ${amount.toString()}`);
  if (amount.scale > asset.decimals) {
    throw new RangeError(`${purpose}: ${amount.toString()} has more than ${asset.decimals} decimals`);
  }
  if (amount.isZero()) return;
  out.push({ from, to, asset: asset.code, amount, purpose, idempotencyKey: loanTransferKey(step, purpose) });
}
