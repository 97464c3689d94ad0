import type { Book } from '@openbourse/contracts';
import { formatAmount } from '@openbourse/money';
import { systemBalanceRows } from './ledger.repository.js';
import { type LedgerDb as Db, OPERATOR_ACCOUNT_KINDS } from './ledger.tables.js';

export type SystemAccountKind = (typeof OPERATOR_ACCOUNT_KINDS)[number];
export type SystemBalance = { book: Book; asset: string; kind: SystemAccountKind; balance: string };

const isSystemKind = (kind: string): kind is SystemAccountKind =>
  (OPERATOR_ACCOUNT_KINDS as readonly string[]).includes(kind);

/**
 * The platform's own accounts (treasury, fees, and the clearing, charity and escrow accounts
 * once used) per book, asset and kind, as decimal strings in the asset: live first, then demo;
 * the kinds in the ledger's order. Only accounts that exist are listed.
 */
export async function systemBalances(db: Db): Promise<SystemBalance[]> {
  const rows = await systemBalanceRows(db);
  const kindOrder = (kind: string) => OPERATOR_ACCOUNT_KINDS.indexOf(kind as SystemAccountKind);
  return rows
    .flatMap((row) =>
      isSystemKind(row.kind)
        ? [
            {
              book: row.book,
              asset: row.asset,
              kind: row.kind,
              balance: formatAmount(BigInt(row.balance), row.decimals),
            },
          ]
        : [],
    )
    .sort((a, b) =>
      a.book !== b.book
        ? a.book === 'live'
          ? -1
          : 1
        : a.asset !== b.asset
          ? a.asset.localeCompare(b.asset)
          : kindOrder(a.kind) - kindOrder(b.kind),
    );
}
