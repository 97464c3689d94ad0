import type { Language, TLoan } from '@openbourse/contracts';
import { AppError } from '../../platform/errors/app-error.js';
import type { LoansContext } from './lending.context.js';
import { collateralOf } from './loan-record.js';
import { toWireLoan } from './loan-wire.js';
import { type LoanRow, latestApplications, listLoanEvents, listUserLoans } from './loans.repository.js';
import { ownLoan } from './own-loan.js';

/** The borrower's loans as they read them (issue 17): list, one loan, the signed agreement. */

/** At most this many loans are listed (newest first); more is not a borrower's history here. */
const LIST_LIMIT = 200;

export async function toWireLoans(ctx: LoansContext, rows: readonly LoanRow[], language: Language): Promise<TLoan[]> {
  const ids = rows.map((row) => row.id);
  const [events, applications] = await Promise.all([listLoanEvents(ctx.db, ids), latestApplications(ctx.db, ids)]);
  const now = ctx.clock.now();
  return rows.map((row) => {
    const collateral = collateralOf(row);
    return toWireLoan({
      row,
      events: events.filter((event) => event.loan_id === row.id),
      application: applications.get(row.id),
      quote: collateral ? ctx.prices.quote(collateral.asset.code, row.asset) : null,
      now,
      language,
    });
  });
}

export async function listLoanRecord(ctx: LoansContext, userId: string, language: Language): Promise<TLoan[]> {
  return toWireLoans(ctx, await listUserLoans(ctx.db, userId, LIST_LIMIT), language);
}

export async function getLoan(ctx: LoansContext, userId: string, loanId: string, language: Language): Promise<TLoan> {
  const row = await ownLoan(ctx.db, loanId, userId);
  const [wire] = await toWireLoans(ctx, [row], language);
  if (!wire) throw new AppError('NO_PERMISSION_ON_RECORD');
  return wire;
}

/** The signed agreement's bytes, opened from the file store for its owner only. */
export async function loanAgreement(ctx: LoansContext, userId: string, loanId: string): Promise<Buffer> {
  const row = await ownLoan(ctx.db, loanId, userId);
  if (row.agreement_storage_key === null) throw new AppError('LOAN_NOT_SIGNED');
  return ctx.files.get(row.agreement_storage_key);
}
