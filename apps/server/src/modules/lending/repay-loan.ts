import { randomUUID } from 'node:crypto';
import type { TRepayLoanQuery } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { AppError } from '../../platform/errors/app-error.js';
import { notifyUser } from '../notify/index.js';
import { applyRepayment } from './domain/index.js';
import type { LendingView, LoansContext } from './lending.context.js';
import { asLoanBalanceRefusal, carryOut } from './loan-money.js';
import { balanceColumns, balanceOf, collateralOf, isOwed, termsOf } from './loan-record.js';
import { findOpenApplication, insertLoanEvent, type LoanRow, lockLoan, updateLoan } from './loans.repository.js';
import { ownLoan } from './own-loan.js';

/**
 * Repaying a loan (issue 17; SPEC §4): from the available balance, at once — interest due first,
 * then principal (the domain's `applyRepayment`); more than is outstanding is refused whole
 * (10209). Settling everything closes the loan as repaid and releases a crypto-backed loan's
 * collateral. Refused while the loan's status does not allow it (10036) or while a repayment
 * application is under review (10038).
 */

/** A repayment amount as typed, or null when it is not a positive decimal. */
export function parseRepaymentAmount(raw: string | undefined): Decimal | null {
  const text = raw?.trim() ?? '';
  if (!/^\d{1,20}(\.\d{1,18})?$/.test(text)) return null;
  const amount = Decimal.parse(text);
  return amount.isPositive() ? amount : null;
}

/**
 * Applies `amount` to a locked, owed loan in the caller's transaction: the transfers (user →
 * treasury; collateral held → available when settled), the balance, the history and the status.
 * `step` names the repayment in the transfers' idempotency keys.
 */
export async function repayLocked(
  trx: LendingView,
  row: LoanRow,
  amount: Decimal,
  step: string,
  at: Date,
): Promise<{ row: LoanRow; settled: boolean }> {
  const collateral = collateralOf(row);
  const result = applyRepayment({
    terms: termsOf(row),
    balance: balanceOf(row),
    amount,
    at: at.getTime(),
    step: { loanId: row.id, userId: row.user_id, step },
    collateral: collateral ? { asset: collateral.asset, amount: collateral.amount } : undefined,
  });
  if (!result.ok) {
    if (result.reason === 'above_outstanding') {
      const outstanding = `${result.outstanding.toString()} ${row.asset}`;
      throw new AppError('REPAYMENT_ABOVE_OUTSTANDING', {
        params: { outstanding },
        data: { outstanding: result.outstanding.toString() },
      });
    }
    throw new AppError('AMOUNT_INVALID', {
      data: {
        issues: [{ path: 'query.amount', message: `a positive amount, at most ${row.asset_decimals} decimals` }],
      },
    });
  }
  const decimalsOf = (asset: string) =>
    asset === row.asset ? row.asset_decimals : (collateral?.asset.decimals ?? row.asset_decimals);
  await asLoanBalanceRefusal(() => carryOut(trx, result.transfers, decimalsOf, row.id));
  const updated = await updateLoan(trx, row.id, {
    ...balanceColumns(result.balance),
    interest_paid: Decimal.parse(row.interest_paid).add(result.interestPaid).toString(),
    principal_paid: Decimal.parse(row.principal_paid).add(result.principalPaid).toString(),
    ...(result.isSettled ? { status: 'repaid' as const } : {}),
    ...(result.isSettled && collateral ? { collateral_amount: '0' } : {}),
    updated_at: at,
  });
  await insertLoanEvent(trx, {
    loanId: row.id,
    kind: 'repayment',
    amount: amount.toString(),
    asset: row.asset,
    details: {
      interestPaid: result.interestPaid.toString(),
      principalPaid: result.principalPaid.toString(),
      outstandingAfter: result.outstandingAfter.toString(),
    },
    at,
  });
  if (result.isSettled) {
    await insertLoanEvent(trx, {
      loanId: row.id,
      kind: 'repaid',
      amount: result.collateralReleased.isPositive() ? result.collateralReleased.toString() : null,
      asset: result.collateralReleased.isPositive() ? (collateral?.asset.code ?? null) : null,
      at,
    });
  }
  await notifyUser(trx, {
    userId: row.user_id,
    template: 'repayment_succeeded',
    params: { loanId: row.id, amount: amount.toString(), asset: row.asset },
  });
  return { row: updated, settled: result.isSettled };
}

export async function repayLoan(ctx: LoansContext, caller: { id: string }, query: TRepayLoanQuery): Promise<LoanRow> {
  const owned = await ownLoan(ctx.db, query.loanId, caller.id);
  const amount = parseRepaymentAmount(query.amount);
  if (amount === null) {
    throw new AppError('AMOUNT_INVALID', {
      data: { issues: [{ path: 'query.amount', message: 'a positive amount' }] },
    });
  }
  const repaid = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockLoan(trx, owned.id);
    if (!row || !isOwed(row)) throw new AppError('LOAN_STATUS_DISALLOWS_REPAYMENT');
    if (await findOpenApplication(trx, row.id)) throw new AppError('REPAYMENT_UNDER_REVIEW');
    return repayLocked(trx, row, amount, `repayment-${randomUUID()}`, ctx.clock.now());
  });
  ctx.watch.loanChanged(repaid.row.id);
  return repaid.row;
}
