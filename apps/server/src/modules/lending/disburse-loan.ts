import { Decimal } from '@openbourse/money';
import { AppError } from '../../platform/errors/app-error.js';
import { transfer } from '../ledger/index.js';
import { notifyUser } from '../notify/index.js';
import { DAY_MS, ltvOf, nextWarningLtv, type PriceQuote } from './domain/index.js';
import type { LendingView } from './lending.context.js';
import { assertTreasuryCanFund, minorUnits } from './loan-money.js';
import { collateralOf } from './loan-record.js';
import { insertLoanEvent, type LoanRow, updateLoan } from './loans.repository.js';

/**
 * Pays a signed loan out of the treasury (issue 17): the treasury's balance is checked under the
 * lending lock (TREASURY_CANNOT_FUND: nothing moves), the principal goes treasury → the borrower's
 * available balance under the loan's key (a retry moves nothing twice), the loan starts repaying
 * with its repayment date, and the borrower is told "loan approved" and "loan paid out". In the
 * caller's transaction, with the loan row locked by it.
 */
export async function disburseLoan(
  trx: LendingView,
  row: LoanRow,
  at: Date,
  quote: PriceQuote | null,
): Promise<LoanRow> {
  if (row.status !== 'pending_review' && row.status !== 'awaiting_signature') throw new AppError('REVIEW_ITEM_DECIDED');
  // SPEC §4: never paid out unsigned ('Not Signed'); the table refuses it as well.
  if (row.signed_at === null || row.terms_hash === null) throw new AppError('LOAN_NOT_SIGNED');
  const amount = minorUnits(Decimal.parse(row.principal), row.asset_decimals);
  await assertTreasuryCanFund(trx, row.asset, amount);
  await transfer(trx, {
    book: 'live',
    asset: row.asset,
    from: { kind: 'treasury' },
    to: { kind: 'available', userId: row.user_id },
    amount,
    reason: 'loan_disbursement',
    reference: { type: 'loan', id: row.id },
    idempotencyKey: `loan:${row.id}:disbursement`,
  });
  const collateral = collateralOf(row);
  const ltv = collateral && quote ? ltvOf(Decimal.parse(row.principal), collateral.amount, quote.price) : null;
  const updated = await updateLoan(trx, row.id, {
    status: 'repaying',
    disbursed_at: at,
    due_at: new Date(at.getTime() + row.term_days * DAY_MS),
    next_warning_ltv: collateral ? (nextWarningLtv(collateral.thresholds, ltv)?.toString() ?? null) : null,
    updated_at: at,
  });
  const price = quote ? { value: quote.price.toString(), source: quote.source, time: new Date(quote.time) } : null;
  await insertLoanEvent(trx, { loanId: row.id, kind: 'approved', at });
  await insertLoanEvent(trx, {
    loanId: row.id,
    kind: 'disbursed',
    amount: row.principal,
    asset: row.asset,
    ltv: ltv?.toString() ?? null,
    price,
    at,
  });
  const params = { loanId: row.id, amount: row.principal, asset: row.asset };
  await notifyUser(trx, { userId: row.user_id, template: 'loan_approved', params });
  await notifyUser(trx, { userId: row.user_id, template: 'loan_disbursed', params });
  return updated;
}
