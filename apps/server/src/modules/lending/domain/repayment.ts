import { Decimal } from '@openbourse/money';
import { accrueInterest, interestDue, outstandingOf } from './interest.js';
import type { EpochMs, LoanAsset, LoanBalance, LoanTerms, TransferIntent } from './loan-types.js';
import { type LoanStep, pushTransfer } from './transfer-intents.js';

/**
 * Repayment (issue 17; SPEC §4 "Loans"): an amount settles the interest due first, then the
 * principal. More than is outstanding is refused, never partly taken. Settling everything
 * releases the collateral of a crypto-backed loan.
 */

/** How an amount settled a debt (a repayment, or the proceeds of a liquidation). */
export type DebtSettlement = {
  interestPaid: Decimal;
  principalPaid: Decimal;
  /** The balance after. */
  balance: LoanBalance;
  /** Nothing is owed any more. */
  isSettled: boolean;
  /** Exact interest below one minor unit forgiven when the debt is settled (rounding down). */
  interestWaived: Decimal;
};

/**
 * Applies `amount` (at most the outstanding) to an accrued balance: interest due first, then
 * principal. Shared by repayments and liquidations.
 */
export function settleDebt(terms: LoanTerms, accrued: LoanBalance, amount: Decimal): DebtSettlement {
  const due = interestDue(terms, accrued);
  if (amount.isNegative() || amount.gt(accrued.principal.add(due))) {
    throw new RangeError(`cannot settle ${amount.toString()} of ${accrued.principal.add(due).toString()}`);
  }
  const interestPaid = Decimal.min(amount, due);
  const principalPaid = amount.sub(interestPaid);
  const principal = accrued.principal.sub(principalPaid);
  let accruedInterest = accrued.accruedInterest.sub(interestPaid);
  const isSettled = principal.isZero() && interestDue(terms, { ...accrued, accruedInterest }).isZero();
  let interestWaived = Decimal.ZERO;
  if (isSettled) {
    interestWaived = accruedInterest;
    accruedInterest = Decimal.ZERO;
  }
  return {
    interestPaid,
    principalPaid,
    balance: { principal, accruedInterest, accruedDays: accrued.accruedDays },
    isSettled,
    interestWaived,
  };
}

export type RepaymentInput = {
  terms: LoanTerms;
  balance: LoanBalance;
  amount: Decimal;
  at: EpochMs;
  step: LoanStep;
  /** The collateral held for a crypto-backed loan (released on full repayment). */
  collateral?: { asset: LoanAsset; amount: Decimal } | undefined;
};

export type RepaymentRefusal =
  | { ok: false; reason: 'amount_not_positive' }
  | { ok: false; reason: 'amount_precision'; decimals: number }
  | { ok: false; reason: 'above_outstanding'; outstanding: Decimal };

export type RepaymentApplied = DebtSettlement & {
  ok: true;
  /** Outstanding before and after (principal + interest due at `at`). */
  outstandingBefore: Decimal;
  outstandingAfter: Decimal;
  /** Collateral returned to the user's available balance (zero unless settled). */
  collateralReleased: Decimal;
  /** The user pays the treasury (interest, principal); the collateral's hold is released. */
  transfers: TransferIntent[];
};

export type RepaymentResult = RepaymentRefusal | RepaymentApplied;

/** Accrues to `at`, then applies the amount or says why not. Pure: the caller commits the result. */
export function applyRepayment(input: RepaymentInput): RepaymentResult {
  const { terms, amount, step } = input;
  if (!amount.isPositive()) return { ok: false, reason: 'amount_not_positive' };
  if (amount.scale > terms.asset.decimals) {
    return { ok: false, reason: 'amount_precision', decimals: terms.asset.decimals };
  }
  const accrued = accrueInterest(terms, input.balance, input.at);
  const outstandingBefore = outstandingOf(terms, accrued);
  if (amount.gt(outstandingBefore)) return { ok: false, reason: 'above_outstanding', outstanding: outstandingBefore };

  const settlement = settleDebt(terms, accrued, amount);
  const collateralReleased = settlement.isSettled && input.collateral ? input.collateral.amount : Decimal.ZERO;
  const user = { kind: 'available', userId: step.userId } as const;
  const treasury = { kind: 'treasury' } as const;
  const transfers: TransferIntent[] = [];
  pushTransfer(transfers, step, 'interest_repayment', terms.asset, settlement.interestPaid, user, treasury);
  pushTransfer(transfers, step, 'principal_repayment', terms.asset, settlement.principalPaid, user, treasury);
  if (input.collateral) {
    const held = { kind: 'held', userId: step.userId } as const;
    pushTransfer(transfers, step, 'collateral_release', input.collateral.asset, collateralReleased, held, user);
  }
  return {
    ok: true,
    ...settlement,
    outstandingBefore,
    outstandingAfter: outstandingOf(terms, settlement.balance),
    collateralReleased,
    transfers,
  };
}
