import { randomUUID } from 'node:crypto';
import type { TAddCollateralRequest } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { AppError } from '../../platform/errors/app-error.js';
import { transfer } from '../ledger/index.js';
import { ltvOf, nextWarningLtv, priceRefusal } from './domain/index.js';
import type { LoansContext } from './lending.context.js';
import { asLoanBalanceRefusal, minorUnits } from './loan-money.js';
import { collateralOf, isOwed, outstandingAt } from './loan-record.js';
import { insertLoanEvent, type LoanRow, lockLoan, updateLoan } from './loans.repository.js';
import { ownLoan } from './own-loan.js';

/**
 * Adding collateral to a crypto-backed loan being repaid (issue 17): what a margin call asks for.
 * More of the loan's collateral asset moves available → held under a key of its own, the loan's
 * collateral grows, and the margin-call warnings start again from where the LTV now is (from the
 * margin-call LTV without a fresh price), so a later fall warns again. The LTV engine watches the
 * new figures at once.
 */
export async function addCollateral(
  ctx: LoansContext,
  caller: { id: string },
  loanId: string,
  input: TAddCollateralRequest,
): Promise<LoanRow> {
  const owned = await ownLoan(ctx.db, loanId, caller.id);
  const collateral = collateralOf(owned);
  if (!collateral || !isOwed(owned)) throw new AppError('LOAN_NOT_OPEN_FOR_COLLATERAL');
  const text = input.amount.trim();
  const amount = /^\d{1,20}(\.\d{1,18})?$/.test(text) ? Decimal.parse(text) : null;
  if (amount === null || !amount.isPositive() || amount.scale > collateral.asset.decimals) {
    throw new AppError('AMOUNT_INVALID', {
      data: {
        issues: [{ path: 'body.amount', message: `a positive amount, at most ${collateral.asset.decimals} decimals` }],
      },
    });
  }
  const now = ctx.clock.now();
  const added = await ctx.db.transaction().execute(async (trx) => {
    const row = await lockLoan(trx, owned.id);
    const held = row ? collateralOf(row) : null;
    if (!row || !held || !isOwed(row)) throw new AppError('LOAN_NOT_OPEN_FOR_COLLATERAL');
    await asLoanBalanceRefusal(() =>
      transfer(trx, {
        book: 'live',
        asset: held.asset.code,
        from: { kind: 'available', userId: row.user_id },
        to: { kind: 'held', userId: row.user_id },
        amount: minorUnits(amount, held.asset.decimals),
        reason: 'loan_collateral',
        reference: { type: 'loan', id: row.id },
        idempotencyKey: `loan:${row.id}:collateral-add-${randomUUID()}`,
      }),
    );
    const total = held.amount.add(amount);
    const quote = ctx.prices.quote(held.asset.code, row.asset);
    const fresh = quote && priceRefusal(quote, now.getTime()) === null ? quote : null;
    const ltv = fresh ? ltvOf(outstandingAt(row, now.getTime()), total, fresh.price) : null;
    const updated = await updateLoan(trx, row.id, {
      collateral_amount: total.toString(),
      next_warning_ltv: nextWarningLtv(held.thresholds, ltv)?.toString() ?? null,
      updated_at: now,
    });
    await insertLoanEvent(trx, {
      loanId: row.id,
      kind: 'collateral_added',
      amount: amount.toString(),
      asset: held.asset.code,
      ltv: ltv?.toString() ?? null,
      price: fresh ? { value: fresh.price.toString(), source: fresh.source, time: new Date(fresh.time) } : null,
      at: now,
    });
    return updated;
  });
  ctx.watch.loanChanged(added.id);
  return added;
}
