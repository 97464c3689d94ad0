import type { LoanEventKind, LoanStatus } from '@openbourse/contracts';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { DbView } from '../../platform/db/database.js';
import type { LendingTables } from './lending.tables.js';

/** The only SQL of the loans, their events and the repayment applications (migration 0027). */

type Db = DbView<LendingTables>;

export type LoanRow = Selectable<LendingTables['lending_loans']>;
export type LoanEventRow = Selectable<LendingTables['lending_loan_events']>;
export type RepaymentApplicationRow = Selectable<LendingTables['lending_repayment_applications']>;

/** The statuses in which a loan is owed (the jobs and the LTV engine walk these). */
export const OWED_STATUSES: readonly LoanStatus[] = ['repaying', 'overdue'];

export async function insertLoan(db: Db, values: Insertable<LendingTables['lending_loans']>): Promise<LoanRow> {
  return db.insertInto('lending_loans').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findLoan(db: Db, id: string): Promise<LoanRow | undefined> {
  if (!/^[1-9]\d{0,17}$/.test(id)) return undefined;
  return db.selectFrom('lending_loans').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The loan, locked until the transaction ends: every change of a loan starts here. */
export async function lockLoan(db: Db, id: string): Promise<LoanRow | undefined> {
  if (!/^[1-9]\d{0,17}$/.test(id)) return undefined;
  return db.selectFrom('lending_loans').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function findLoanByKey(db: Db, userId: string, key: string): Promise<LoanRow | undefined> {
  return db
    .selectFrom('lending_loans')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function listUserLoans(db: Db, userId: string, limit: number): Promise<LoanRow[]> {
  return db
    .selectFrom('lending_loans')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function updateLoan(
  db: Db,
  id: string,
  patch: Updateable<LendingTables['lending_loans']>,
): Promise<LoanRow> {
  return db.updateTable('lending_loans').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Loans in the given statuses (ids only, oldest first): the jobs' worklists. */
export async function loanIdsInStatus(db: Db, statuses: readonly LoanStatus[], limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('lending_loans')
    .select('id')
    .where('status', 'in', [...statuses])
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Every owed crypto-backed loan (the LTV engine's start). */
export async function listOwedCryptoBackedLoans(db: Db): Promise<LoanRow[]> {
  return db
    .selectFrom('lending_loans')
    .selectAll()
    .where('kind', '=', 'crypto_backed')
    .where('status', 'in', [...OWED_STATUSES])
    .orderBy('id')
    .execute();
}

/**
 * One user's loan applications one at a time (a transaction-scoped advisory lock): the checks of
 * an application and its insert never interleave with a concurrent one of the same user.
 */
export async function lockUserLoans(db: Db, userId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('lending:user'), hashtext(${userId}))`.execute(db);
}

export type NewLoanEvent = {
  loanId: string;
  kind: LoanEventKind;
  amount?: string | null;
  asset?: string | null;
  ltv?: string | null;
  price?: { value: string; source: string; time: Date } | null;
  details?: Record<string, unknown>;
  at: Date;
};

export async function insertLoanEvent(db: Db, event: NewLoanEvent): Promise<void> {
  await db
    .insertInto('lending_loan_events')
    .values({
      loan_id: event.loanId,
      kind: event.kind,
      amount: event.amount ?? null,
      asset: event.asset ?? null,
      ltv: event.ltv ?? null,
      price: event.price?.value ?? null,
      price_source: event.price?.source ?? null,
      price_time: event.price?.time ?? null,
      details: JSON.stringify(event.details ?? {}),
      created_at: event.at,
    })
    .execute();
}

export async function listLoanEvents(db: Db, loanIds: readonly string[]): Promise<LoanEventRow[]> {
  if (loanIds.length === 0) return [];
  return db
    .selectFrom('lending_loan_events')
    .selectAll()
    .where('loan_id', 'in', [...loanIds])
    .orderBy('loan_id')
    .orderBy('id')
    .execute();
}

export async function insertRepaymentApplication(
  db: Db,
  values: Insertable<LendingTables['lending_repayment_applications']>,
): Promise<RepaymentApplicationRow> {
  return db.insertInto('lending_repayment_applications').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findOpenApplication(db: Db, loanId: string): Promise<RepaymentApplicationRow | undefined> {
  return db
    .selectFrom('lending_repayment_applications')
    .selectAll()
    .where('loan_id', '=', loanId)
    .where('status', '=', 'under_review')
    .executeTakeFirst();
}

export async function lockApplication(db: Db, id: string): Promise<RepaymentApplicationRow | undefined> {
  return db
    .selectFrom('lending_repayment_applications')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateApplication(
  db: Db,
  id: string,
  patch: Updateable<LendingTables['lending_repayment_applications']>,
): Promise<RepaymentApplicationRow> {
  return db
    .updateTable('lending_repayment_applications')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The latest application of each loan. */
export async function latestApplications(
  db: Db,
  loanIds: readonly string[],
): Promise<Map<string, RepaymentApplicationRow>> {
  if (loanIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('lending_repayment_applications')
    .selectAll()
    .where('loan_id', 'in', [...loanIds])
    .orderBy('id', 'desc')
    .execute();
  const latest = new Map<string, RepaymentApplicationRow>();
  for (const row of rows) if (!latest.has(row.loan_id)) latest.set(row.loan_id, row);
  return latest;
}
