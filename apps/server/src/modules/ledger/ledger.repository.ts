import type { Book } from '@openbourse/contracts';
import { sql } from 'kysely';
import type { AccountKind, LedgerDb as Db } from './ledger.tables.js';

/**
 * The only SQL over the ledger's tables. The statements are tuned (BENCHMARKS.md): the user
 * accounts are locked `FOR NO KEY UPDATE` in id order, and a batch's balances and transfers are
 * written by one statement over unnest'ed column arrays (a fixed number of parameters whatever
 * the batch size, which PostgreSQL plans far faster than a VALUES list).
 */

export type TransferRow = {
  id: string;
  book: Book;
  asset: string;
  debit_account_id: string;
  credit_account_id: string;
  amount: string;
  reason: string;
  created_at: Date;
  idempotency_key: string;
};

export type LockedAccountRow = { id: string; balance: string };

export async function findAssetDecimals(db: Db, asset: string): Promise<number | null> {
  const row = await db.selectFrom('ledger_assets').select('decimals').where('code', '=', asset).executeTakeFirst();
  return row ? row.decimals : null;
}

type AccountKey = { book: Book; asset: string; kind: AccountKind; userId: string | null; name: string };

/** The account's id, and whether this very transaction created it (xmin is the creating transaction). */
export function findAccount(db: Db, key: AccountKey): Promise<{ id: string; is_created_here: boolean } | undefined> {
  return db
    .selectFrom('ledger_accounts')
    .select(['id', sql<boolean>`xmin::text::bigint = txid_current() % 4294967296`.as('is_created_here')])
    .where('book', '=', key.book)
    .where('asset', '=', key.asset)
    .where('kind', '=', key.kind)
    .where(key.userId === null ? sql<boolean>`user_id IS NULL` : sql<boolean>`user_id = ${key.userId}`)
    .where('name', '=', key.name)
    .executeTakeFirst();
}

export async function insertAccount(db: Db, key: AccountKey): Promise<void> {
  await db
    .insertInto('ledger_accounts')
    .values({ book: key.book, asset: key.asset, kind: key.kind, user_id: key.userId, name: key.name })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/**
 * One round trip: locks the user accounts (ids sorted ascending, so concurrent batches never
 * deadlock) answering their balances, and finds earlier uses of the idempotency keys.
 */
export async function lockAccountsAndFindTransfers(
  db: Db,
  sortedIds: string[],
  keys: string[],
): Promise<Array<(TransferRow & { request_hash: string; balance: null }) | LockedAccountRow>> {
  const found = await sql<(TransferRow & { request_hash: string; balance: null }) | LockedAccountRow>`
    WITH locked AS (
      SELECT id, balance FROM ledger_accounts WHERE id = ANY(${sortedIds}::bigint[]) ORDER BY id FOR NO KEY UPDATE
    )
    SELECT id::text, book, asset, debit_account_id::text, credit_account_id::text, amount::text, reason,
           created_at, idempotency_key, request_hash, NULL::text AS balance
      FROM ledger_transfers WHERE idempotency_key = ANY(${keys}::text[])
    UNION ALL
    SELECT id::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, balance::text FROM locked`.execute(db);
  return found.rows;
}

export type TransferColumns = {
  book: string[];
  asset: string[];
  debit: string[];
  credit: string[];
  amount: string[];
  reason: string[];
  referenceType: Array<string | null>;
  referenceId: Array<string | null>;
  key: string[];
  hash: string[];
  debitAfter: Array<string | null>;
  creditAfter: Array<string | null>;
  operatorId: Array<string | null>;
  operatorReason: Array<string | null>;
};

/** One statement writes the new balances and the transfers: a single round trip per batch. */
export async function writeBalancesAndTransfers(
  db: Db,
  changedIds: string[],
  changedBalances: string[],
  columns: TransferColumns,
): Promise<TransferRow[]> {
  const inserted = await sql<TransferRow>`
    WITH new_balances AS (
      UPDATE ledger_accounts AS acc SET balance = v.balance
        FROM unnest(${changedIds}::bigint[], ${changedBalances}::numeric[]) AS v(id, balance)
       WHERE acc.id = v.id
    )
    INSERT INTO ledger_transfers (book, asset, debit_account_id, credit_account_id, amount, reason,
                                  reference_type, reference_id, idempotency_key, request_hash,
                                  debit_balance_after, credit_balance_after, operator_id, operator_reason)
    SELECT * FROM unnest(${columns.book}::text[], ${columns.asset}::text[], ${columns.debit}::bigint[],
                         ${columns.credit}::bigint[], ${columns.amount}::numeric[], ${columns.reason}::text[],
                         ${columns.referenceType}::text[], ${columns.referenceId}::text[], ${columns.key}::text[],
                         ${columns.hash}::text[], ${columns.debitAfter}::numeric[], ${columns.creditAfter}::numeric[],
                         ${columns.operatorId}::bigint[], ${columns.operatorReason}::text[])
    RETURNING id, book, asset, debit_account_id::text, credit_account_id::text, amount::text, reason,
              created_at, idempotency_key`.execute(db);
  return inserted.rows;
}

export async function insertHolds(
  db: Db,
  holds: Array<{ book: Book; asset: string; userId: string; subaccount?: string; amount: bigint; transferId: string }>,
): Promise<Array<{ id: string; hold_transfer_id: string }>> {
  const inserted = await sql<{ id: string; hold_transfer_id: string }>`
      INSERT INTO ledger_holds (book, asset, user_id, subaccount, amount, hold_transfer_id)
      SELECT * FROM unnest(${holds.map((f) => f.book)}::text[], ${holds.map((f) => f.asset)}::text[],
                           ${holds.map((f) => f.userId)}::bigint[], ${holds.map((f) => f.subaccount ?? '')}::text[],
                           ${holds.map((f) => f.amount.toString())}::numeric[],
                           ${holds.map((f) => f.transferId)}::bigint[])
      RETURNING id::text, hold_transfer_id::text`.execute(db);
  return inserted.rows;
}

export async function findHoldsByTransfers(
  db: Db,
  transferIds: string[],
): Promise<Array<{ id: string; hold_transfer_id: string }>> {
  const existing = await sql<{ id: string; hold_transfer_id: string }>`
      SELECT id::text, hold_transfer_id::text FROM ledger_holds
       WHERE hold_transfer_id = ANY(${transferIds}::bigint[])`.execute(db);
  return existing.rows;
}

/** Locks these accounts (ids sorted ascending, as every transfer does) and answers their balances. */
export async function lockAccounts(db: Db, sortedIds: string[]): Promise<LockedAccountRow[]> {
  const locked = await sql<{ id: string; balance: string }>`
    SELECT id::text, balance::text FROM ledger_accounts
     WHERE id = ANY(${sortedIds}::bigint[]) ORDER BY id FOR NO KEY UPDATE`.execute(db);
  return locked.rows;
}

/**
 * Locks every account a user has in a book (id order, as transfers lock, so no deadlock with
 * one) and answers their balances: what a demo reset decides on cannot change under it.
 */
export async function lockUserAccounts(
  db: Db,
  book: Book,
  userId: string,
): Promise<Array<{ asset: string; kind: 'available' | 'held'; balance: string }>> {
  const locked = await sql<{ asset: string; kind: 'available' | 'held'; balance: string }>`
    SELECT asset, kind, balance::text FROM ledger_accounts
     WHERE book = ${book} AND user_id = ${userId} ORDER BY id FOR NO KEY UPDATE`.execute(db);
  return locked.rows;
}

export function lockHold(db: Db, holdId: string) {
  return db.selectFrom('ledger_holds').selectAll().where('id', '=', holdId).forUpdate().executeTakeFirst();
}

export function findTransfer(db: Db, transferId: string) {
  return db.selectFrom('ledger_transfers').selectAll().where('id', '=', transferId).executeTakeFirst();
}

export async function markHoldSettled(
  db: Db,
  holdId: string,
  status: 'released' | 'captured',
  transferId: string,
): Promise<void> {
  await db
    .updateTable('ledger_holds')
    .set({ status, settle_transfer_id: transferId, settled_at: sql`now()` })
    .where('id', '=', holdId)
    .execute();
}

/** A user account's stored balance. */
export async function storedBalance(db: Db, accountId: string): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return BigInt(row.balance);
}

/** An operator account's balance: the sum of its entries (it keeps no stored balance). */
export async function balanceFromEntries(db: Db, accountId: string): Promise<bigint> {
  const result = await sql<{ balance: string }>`
    SELECT (coalesce((SELECT sum(amount) FROM ledger_transfers WHERE credit_account_id = ${accountId}), 0)
          - coalesce((SELECT sum(amount) FROM ledger_transfers WHERE debit_account_id = ${accountId}), 0))::text AS balance`.execute(
    db,
  );
  return BigInt(result.rows[0]?.balance ?? '0');
}

/** A user's available and held sums per asset in a book (every asset, zero when unused). */
export async function userBalances(
  db: Db,
  book: Book,
  userId: string,
): Promise<Array<{ asset: string; decimals: number; available: string; held: string }>> {
  const rows = await sql<{ asset: string; decimals: number; available: string; held: string }>`
    SELECT a.code AS asset, a.decimals,
           coalesce(sum(acc.balance) FILTER (WHERE acc.kind = 'available'), 0)::text AS available,
           coalesce(sum(acc.balance) FILTER (WHERE acc.kind = 'held'), 0)::text AS held
      FROM ledger_assets a
      LEFT JOIN ledger_accounts acc ON acc.asset = a.code AND acc.book = ${book} AND acc.user_id = ${userId}
     GROUP BY a.code, a.decimals
     ORDER BY a.code`.execute(db);
  return rows.rows;
}

export type StatementRowFilter = {
  book: Book;
  userId: string;
  asset?: string;
  reason?: string;
  from?: Date;
  to?: Date;
  page: number;
  size: number;
};

export type StatementRow = {
  id: string;
  created_at: Date;
  asset: string;
  kind: 'available' | 'held';
  reason: string;
  amount: string;
  is_debit: boolean;
  debit_balance_after: string;
  credit_balance_after: string;
  reference_type: string | null;
  reference_id: string | null;
  operator_reason: string | null;
};

/** A page of the transfers that touched the user's accounts, newest first, and their count. */
export async function statementRows(
  db: Db,
  filter: StatementRowFilter,
): Promise<{ total: number; rows: StatementRow[] }> {
  // The user's own accounts: a smart plan's inner entries are shown with the plan (issue 18).
  const conditions = [
    sql`acc.book = ${filter.book}`,
    sql`acc.user_id = ${filter.userId}`,
    sql`acc.kind IN ('available', 'held')`,
  ];
  if (filter.asset) conditions.push(sql`acc.asset = ${filter.asset}`);
  if (filter.reason) conditions.push(sql`t.reason = ${filter.reason}`);
  if (filter.from) conditions.push(sql`t.created_at >= ${filter.from}`);
  if (filter.to) conditions.push(sql`t.created_at < ${filter.to}`);
  const where = sql.join(conditions, sql` AND `);
  const sides = sql`
    FROM ledger_accounts acc
    JOIN ledger_transfers t ON t.debit_account_id = acc.id OR t.credit_account_id = acc.id
    WHERE ${where}`;
  const count = await sql<{ n: string }>`SELECT count(*)::text AS n ${sides}`.execute(db);
  const rows = await sql<StatementRow>`
    SELECT t.id, t.created_at, acc.asset, acc.kind, t.reason, t.amount::text AS amount,
           (t.debit_account_id = acc.id) AS is_debit,
           t.debit_balance_after::text AS debit_balance_after, t.credit_balance_after::text AS credit_balance_after,
           t.reference_type, t.reference_id, t.operator_reason
    ${sides}
    ORDER BY t.id DESC, acc.kind
    LIMIT ${filter.size} OFFSET ${(filter.page - 1) * filter.size}`.execute(db);
  return { total: Number(count.rows[0]?.n ?? 0), rows: rows.rows };
}

/** Today's P&L of the user's available USDT/USDC accounts: the sum of the P&L reasons' entries. */
export async function profitSince(
  db: Db,
  book: Book,
  userId: string,
  since: Date,
  reasons: readonly string[],
): Promise<Array<{ asset: string; total: string }>> {
  const pnl = await sql<{ asset: string; total: string }>`
    SELECT acc.asset,
           sum(CASE WHEN t.credit_account_id = acc.id THEN t.amount ELSE -t.amount END)::text AS total
      FROM ledger_accounts acc
      JOIN ledger_transfers t ON t.credit_account_id = acc.id OR t.debit_account_id = acc.id
     WHERE acc.user_id = ${userId} AND acc.book = ${book} AND acc.kind = 'available'
       AND acc.asset IN ('USDT', 'USDC') AND t.created_at >= ${since}
       AND t.reason = ANY(${[...reasons]}::text[])
     GROUP BY acc.asset`.execute(db);
  return pnl.rows;
}

/** What the ledger audit finds: one row per broken invariant, by check. */
export type AuditRow =
  | { check: 'drift'; row: { id: string; kind: string; stored: string; entries: string } }
  | { check: 'negative'; row: { id: string; balance: string } }
  | { check: 'unbalanced'; row: { book: string; asset: string; total: string } }
  | { check: 'crossing'; row: { id: string } }
  | { check: 'uncovered'; row: { user_id: string; book: string; asset: string; active: string; held: string } };

/** Ledger audit: User accounts whose stored balance differs from the sum of their entries. */
const balanceDrift = sql`
    WITH sums AS (
      SELECT acc.id, acc.kind, acc.balance AS stored,
             coalesce((SELECT sum(amount) FROM ledger_transfers WHERE credit_account_id = acc.id), 0)
           - coalesce((SELECT sum(amount) FROM ledger_transfers WHERE debit_account_id = acc.id), 0) AS entries
        FROM ledger_accounts acc WHERE acc.kind IN ('available', 'held', 'plan', 'plan_held'))
    SELECT id::text, kind, stored::text, entries::text FROM sums WHERE stored <> entries`;

/** Ledger audit: User accounts below zero. */
const negativeUserAccounts = sql`
    SELECT id::text, balance::text FROM ledger_accounts
     WHERE kind IN ('available', 'held', 'plan', 'plan_held') AND balance < 0`;

/** Ledger audit: Books and assets whose balances do not net to zero. */
const unbalancedBooks = sql`
    WITH per_account AS (
      -- User accounts count with their stored balance, operator accounts with their entries:
      -- the balances the platform reports must net to zero.
      SELECT acc.book, acc.asset,
             CASE WHEN acc.kind IN ('available', 'held', 'plan', 'plan_held') THEN acc.balance
                  ELSE coalesce((SELECT sum(amount) FROM ledger_transfers WHERE credit_account_id = acc.id), 0)
                     - coalesce((SELECT sum(amount) FROM ledger_transfers WHERE debit_account_id = acc.id), 0) END AS balance
        FROM ledger_accounts acc)
    SELECT book, asset, sum(balance)::text AS total FROM per_account GROUP BY book, asset HAVING sum(balance) <> 0`;

/** Ledger audit: Transfers joining accounts of another book or asset. */
const crossingTransfers = sql`
    SELECT t.id::text FROM ledger_transfers t
      JOIN ledger_accounts d ON d.id = t.debit_account_id
      JOIN ledger_accounts c ON c.id = t.credit_account_id
     WHERE d.book <> t.book OR c.book <> t.book OR d.asset <> t.asset OR c.asset <> t.asset`;

/** Ledger audit: Users (per subaccount) whose active holds exceed their held balance. */
const uncoveredHolds = sql`
    WITH active AS (
      SELECT user_id, book, asset, subaccount, sum(amount) AS active
        FROM ledger_holds WHERE status = 'active' GROUP BY user_id, book, asset, subaccount)
    SELECT a.user_id::text, a.book, a.asset, a.active::text, coalesce(acc.balance, 0)::text AS held
      FROM active a
      LEFT JOIN ledger_accounts acc
        ON acc.kind = CASE WHEN a.subaccount = '' THEN 'held' ELSE 'plan_held' END AND acc.name = a.subaccount
       AND acc.user_id = a.user_id AND acc.book = a.book AND acc.asset = a.asset
     WHERE coalesce(acc.balance, 0) < a.active`;

/**
 * Ledger audit: every check over the whole ledger in one statement (one round trip, one
 * snapshot), each broken invariant a row tagged with its check.
 */
export async function findAuditFindings(db: Db): Promise<AuditRow[]> {
  const result = await sql<AuditRow>`
    SELECT 'drift' AS check, to_jsonb(f) AS row FROM (${balanceDrift}) f
    UNION ALL SELECT 'negative', to_jsonb(f) FROM (${negativeUserAccounts}) f
    UNION ALL SELECT 'unbalanced', to_jsonb(f) FROM (${unbalancedBooks}) f
    UNION ALL SELECT 'crossing', to_jsonb(f) FROM (${crossingTransfers}) f
    UNION ALL SELECT 'uncovered', to_jsonb(f) FROM (${uncoveredHolds}) f`.execute(db);
  return result.rows;
}

/** Whether a transfer already used this idempotency key (an adjustment replayed after it moved). */
export async function transferKeyUsed(db: Db, idempotencyKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('ledger_transfers')
    .select('id')
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return row !== undefined;
}

export type SystemBalanceRow = { book: Book; asset: string; kind: AccountKind; decimals: number; balance: string };

/**
 * The operator accounts' balances (the sum of their entries; named accounts of a kind summed),
 * per book, asset and kind, in minor units (the back office's dashboard, #14).
 */
export async function systemBalanceRows(db: Db): Promise<SystemBalanceRow[]> {
  const result = await sql<SystemBalanceRow>`
    SELECT acc.book, acc.asset, acc.kind, a.decimals,
           sum(coalesce((SELECT sum(amount) FROM ledger_transfers WHERE credit_account_id = acc.id), 0)
             - coalesce((SELECT sum(amount) FROM ledger_transfers WHERE debit_account_id = acc.id), 0))::text AS balance
      FROM ledger_accounts acc
      JOIN ledger_assets a ON a.code = acc.asset
     WHERE acc.kind NOT IN ('available', 'held', 'plan', 'plan_held')
     GROUP BY acc.book, acc.asset, acc.kind, a.decimals`.execute(db);
  return result.rows;
}

/**
 * The treasury's funding lock of one book and asset, held until the transaction ends: every
 * promise funded from the treasury (a loan paid out, savings interest reserved) reads the
 * treasury's balance under it, so two promises never spend the same balance.
 */
export async function lockTreasuryFunding(trx: Db, book: Book, asset: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('ledger:treasury-funding'), hashtext(${`${book}|${asset}`}))`.execute(
    trx,
  );
}
