import type { TransferReason } from '@openbourse/contracts';
import type { Decimal } from '@openbourse/money';
import { AppError } from '../../platform/errors/app-error.js';
import { assertTreasuryCovers, type TransferInput, transferBatch } from '../ledger/index.js';
import type { LoanAccount, LoanTransferPurpose, TransferIntent } from './domain/index.js';
import type { LendingView } from './lending.context.js';

/** The ledger reason each of the domain's transfer purposes is recorded under. */
const REASON_OF: Record<LoanTransferPurpose, TransferReason> = {
  interest_repayment: 'loan_interest',
  principal_repayment: 'loan_repayment',
  collateral_release: 'loan_collateral_release',
  collateral_sale: 'loan_liquidation',
  surplus_return: 'loan_liquidation_surplus',
};

/** An amount at an asset's precision as ledger minor units; a finer amount is a bug, never rounded here. */
export function minorUnits(amount: Decimal, decimals: number): bigint {
  if (amount.scale > decimals) throw new RangeError(`${amount.toString()} has more than ${decimals} decimals`);
  return amount.toMinorUnits(decimals, 'down');
}

/**
 * Carries out the domain's transfer intents in the live book, in one batch (one statement per
 * kind of write), each under its idempotency key: a retried step moves nothing twice.
 */
export async function carryOut(
  trx: LendingView,
  intents: readonly TransferIntent[],
  decimalsOf: (asset: string) => number,
  loanId: string,
): Promise<void> {
  if (intents.length === 0) return;
  const inputs: TransferInput[] = intents.map((intent) => ({
    book: 'live',
    asset: intent.asset,
    from: accountOf(intent.from),
    to: accountOf(intent.to),
    amount: minorUnits(intent.amount, decimalsOf(intent.asset)),
    reason: REASON_OF[intent.purpose],
    reference: { type: 'loan', id: loanId },
    idempotencyKey: intent.idempotencyKey,
  }));
  await transferBatch(trx, inputs);
}

function accountOf(account: LoanAccount): TransferInput['from'] {
  return account.kind === 'treasury' ? { kind: 'treasury' } : { kind: account.kind, userId: account.userId };
}

/**
 * Checks that the treasury can fund `amount` of `asset` now (its live balance covers it) and holds
 * the ledger's treasury funding lock of the asset until the transaction ends, so no other promise
 * (another loan, savings interest) spends the same balance meanwhile. Refused with
 * TREASURY_CANNOT_FUND (SPEC §8): nothing moves.
 */
export async function assertTreasuryCanFund(trx: LendingView, asset: string, amount: bigint): Promise<void> {
  await assertTreasuryCovers(trx, asset, amount);
}

/** A user's move out of their available balance refused by the ledger as the loans' code (10037). */
export async function asLoanBalanceRefusal<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.catalogueName === 'INSUFFICIENT_BALANCE') {
      throw new AppError('INSUFFICIENT_ACCOUNT_BALANCE');
    }
    throw error;
  }
}
