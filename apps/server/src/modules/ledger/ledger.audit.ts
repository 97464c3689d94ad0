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
  // One statement for every check: the model test audits after each of its 100,000 runs (#13).
  return (await repository.findAuditFindings(db)).map(describe);
}

function describe(finding: repository.AuditRow): AuditFinding {
  switch (finding.check) {
    case 'drift': {
      const { id, kind, stored, entries } = finding.row;
      return {
        invariant: 'stored balance equals its entries',
        detail: `account ${id} (${kind}): stored ${stored}, entries ${entries}`,
      };
    }
    case 'negative':
      return { invariant: 'no user account is negative', detail: `account ${finding.row.id}: ${finding.row.balance}` };
    case 'unbalanced': {
      const { book, asset, total } = finding.row;
      return { invariant: 'balances sum to zero per asset and book', detail: `${book} ${asset}: ${total}` };
    }
    case 'crossing':
      return { invariant: 'transfers stay within one book and asset', detail: `transfer ${finding.row.id}` };
    case 'uncovered': {
      const { user_id, book, asset, active, held } = finding.row;
      return {
        invariant: 'active holds are covered by held balances',
        detail: `user ${user_id} ${book} ${asset}: holds ${active}, held ${held}`,
      };
    }
  }
}
