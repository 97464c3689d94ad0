import { sql } from 'kysely';
import type { LedgerDb as Db } from './ledger.tables.js';

export type AuditFinding = { invariant: string; detail: string };

/**
 * Checks every invariant over the whole ledger (issue 4):
 * - each stored user balance equals the sum of its entries;
 * - no user account is negative;
 * - per asset and book, the sum of all balances is zero;
 * - every transfer joins two accounts of its own book and asset;
 * - every active hold is covered by its user's held balance.
 */
export async function auditLedger(db: Db): Promise<AuditFinding[]> {
  const findings: AuditFinding[] = [];
  const drift = await sql<{ id: string; kind: string; stored: string; entries: string }>`
    WITH sums AS (
      SELECT acc.id, acc.kind, acc.balance AS stored,
             coalesce((SELECT sum(amount) FROM ledger_transfers WHERE credit_account_id = acc.id), 0)
           - coalesce((SELECT sum(amount) FROM ledger_transfers WHERE debit_account_id = acc.id), 0) AS entries
        FROM ledger_accounts acc WHERE acc.kind IN ('available', 'held'))
    SELECT id, kind, stored::text, entries::text FROM sums WHERE stored <> entries`.execute(db);
  for (const row of drift.rows) {
    findings.push({
      invariant: 'stored balance equals its entries',
      detail: `account ${row.id} (${row.kind}): stored ${row.stored}, entries ${row.entries}`,
    });
  }
  const negative = await sql<{ id: string; balance: string }>`
    SELECT id, balance::text FROM ledger_accounts WHERE kind IN ('available', 'held') AND balance < 0`.execute(db);
  for (const row of negative.rows) {
    findings.push({ invariant: 'no user account is negative', detail: `account ${row.id}: ${row.balance}` });
  }
  const unbalanced = await sql<{ book: string; asset: string; total: string }>`
    WITH per_account AS (
      -- User accounts count with their stored balance, operator accounts with their entries:
      -- the balances the platform reports must net to zero.
      SELECT acc.book, acc.asset,
             CASE WHEN acc.kind IN ('available', 'held') THEN acc.balance
                  ELSE coalesce((SELECT sum(amount) FROM ledger_transfers WHERE credit_account_id = acc.id), 0)
                     - coalesce((SELECT sum(amount) FROM ledger_transfers WHERE debit_account_id = acc.id), 0) END AS balance
        FROM ledger_accounts acc)
    SELECT book, asset, sum(balance)::text AS total FROM per_account GROUP BY book, asset HAVING sum(balance) <> 0`.execute(
    db,
  );
  for (const row of unbalanced.rows) {
    findings.push({
      invariant: 'balances sum to zero per asset and book',
      detail: `${row.book} ${row.asset}: ${row.total}`,
    });
  }
  const crossing = await sql<{ id: string }>`
    SELECT t.id FROM ledger_transfers t
      JOIN ledger_accounts d ON d.id = t.debit_account_id
      JOIN ledger_accounts c ON c.id = t.credit_account_id
     WHERE d.book <> t.book OR c.book <> t.book OR d.asset <> t.asset OR c.asset <> t.asset`.execute(db);
  for (const row of crossing.rows) {
    findings.push({ invariant: 'transfers stay within one book and asset', detail: `transfer ${row.id}` });
  }
  const uncovered = await sql<{ user_id: string; book: string; asset: string; active: string; held: string }>`
    WITH active AS (
      SELECT user_id, book, asset, sum(amount) AS active FROM ledger_holds WHERE status = 'active' GROUP BY user_id, book, asset)
    SELECT a.user_id::text, a.book, a.asset, a.active::text, coalesce(acc.balance, 0)::text AS held
      FROM active a
      LEFT JOIN ledger_accounts acc ON acc.kind = 'held' AND acc.user_id = a.user_id AND acc.book = a.book AND acc.asset = a.asset
     WHERE coalesce(acc.balance, 0) < a.active`.execute(db);
  for (const row of uncovered.rows) {
    findings.push({
      invariant: 'active holds are covered by held balances',
      detail: `user ${row.user_id} ${row.book} ${row.asset}: holds ${row.active}, held ${row.held}`,
    });
  }
  return findings;
}
