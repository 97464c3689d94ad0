import * as repository from './ledger.repository.js';
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
  const drift = await repository.findBalanceDrift(db);
  for (const row of drift) {
    findings.push({
      invariant: 'stored balance equals its entries',
      detail: `account ${row.id} (${row.kind}): stored ${row.stored}, entries ${row.entries}`,
    });
  }
  const negative = await repository.findNegativeUserAccounts(db);
  for (const row of negative) {
    findings.push({ invariant: 'no user account is negative', detail: `account ${row.id}: ${row.balance}` });
  }
  const unbalanced = await repository.findUnbalancedBooks(db);
  for (const row of unbalanced) {
    findings.push({
      invariant: 'balances sum to zero per asset and book',
      detail: `${row.book} ${row.asset}: ${row.total}`,
    });
  }
  const crossing = await repository.findCrossingTransfers(db);
  for (const row of crossing) {
    findings.push({ invariant: 'transfers stay within one book and asset', detail: `transfer ${row.id}` });
  }
  const uncovered = await repository.findUncoveredHolds(db);
  for (const row of uncovered) {
    findings.push({
      invariant: 'active holds are covered by held balances',
      detail: `user ${row.user_id} ${row.book} ${row.asset}: holds ${row.active}, held ${row.held}`,
    });
  }
  return findings;
}
