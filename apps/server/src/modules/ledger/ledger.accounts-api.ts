import { randomUUID } from 'node:crypto';
import type { Book, TBalance, TStatementEntry, TStatementQuery, TStatementResponse } from '@openbourse/contracts';
import { formatAmount, parseAmount } from '@openbourse/money';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../platform/audit/audit-log.js';
import type { DbView } from '../../platform/db/database.js';
import type { PlatformTables } from '../../platform/db/platform.tables.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { IdentityTables } from '../identity/index.js';
import { cachedUserSummary } from './balance-cache.js';
import { inIdempotentTransaction } from './idempotent-transaction.js';
import { profitSince } from './ledger.repository.js';
import {
  getAssetDecimals,
  getBalance,
  getBalances,
  listEntries,
  perDatabase,
  type StatementEntry,
  transfer,
  transferBatch,
} from './ledger.service.js';
import type { LedgerDb as Db, LedgerTables } from './ledger.tables.js';

/**
 * What the ledger asks of identity: whether a user exists (the operator adjustment checks it).
 * A port the composition root fills with identity's public face; the ledger runs no SQL on `users`.
 */
export type LedgerUserDirectory = { userExists(db: DbView<IdentityTables>, userId: string): Promise<boolean> };

/** An adjustment's transaction: the ledger's tables, the audit log, and identity's through the port. */
export type AdjustmentDb = Kysely<LedgerTables & PlatformTables & IdentityTables>;

/** What users and operators ask of the ledger through the API (issue 4). */

export const DEMO_FUNDING_USDT = '100000';
/** Reasons whose entries count as profit or loss ("today's P&L"). */
export const PNL_REASONS = ['trade_pnl', 'trade_fee', 'interest', 'negative_balance_protection'] as const;

export async function balancesOf(db: Db, book: Book, userId: string): Promise<TBalance[]> {
  return (await getBalances(db, book, userId)).map((row) => ({
    asset: row.asset,
    decimals: row.decimals,
    available: formatAmount(row.available, row.decimals),
    held: formatAmount(row.held, row.decimals),
    total: formatAmount(row.available + row.held, row.decimals),
  }));
}

/** USDT/USDC available and today's P&L (since 00:00 UTC) for getUserInfo. */
export function userInfoMoney(db: Db, book: Book, userId: string, now: Date) {
  return cachedUserSummary(db, userId, book, () => loadUserInfoMoney(db, book, userId, now));
}

async function loadUserInfoMoney(db: Db, book: Book, userId: string, now: Date) {
  const balances = await getBalances(db, book, userId);
  const available = (asset: string) => {
    const row = balances.find((b) => b.asset === asset);
    return row ? formatAmount(row.available, row.decimals) : '0';
  };
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const pnl = await profitSince(db, book, userId, dayStart, PNL_REASONS);
  const profit = (asset: 'USDT' | 'USDC') => formatAmount(BigInt(pnl.find((r) => r.asset === asset)?.total ?? '0'), 6);
  return {
    usdtBalance: available('USDT'),
    usdcBalance: available('USDC'),
    usdtTodayProfit: profit('USDT'),
    usdcTodayProfit: profit('USDC'),
  };
}

function parseBoundary(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new AppError('INVALID_INPUT');
  return date;
}

export async function statementOf(
  db: Db,
  book: Book,
  userId: string,
  query: TStatementQuery,
): Promise<TStatementResponse> {
  const decimalsCache = new Map<string, number>();
  const { entries, total } = await listEntries(db, {
    book,
    userId,
    asset: query.asset,
    reason: query.reason,
    from: parseBoundary(query.from),
    to: parseBoundary(query.to),
    page: query.page,
    size: query.size,
  });
  const out: TStatementEntry[] = [];
  for (const entry of entries) {
    let decimals = decimalsCache.get(entry.asset);
    if (decimals === undefined) {
      decimals = await getAssetDecimals(db, entry.asset);
      decimalsCache.set(entry.asset, decimals);
    }
    out.push(toStatementEntry(entry, decimals));
  }
  return { total, page: query.page, size: query.size, entries: out };
}

function toStatementEntry(entry: StatementEntry, decimals: number): TStatementEntry {
  return {
    id: entry.transferId,
    time: entry.createdAt.toISOString(),
    asset: entry.asset,
    account: entry.accountKind,
    reason: entry.reason,
    amount: formatAmount(entry.amount, decimals),
    balanceAfter: formatAmount(entry.balanceAfter, decimals),
    reference: entry.reference,
    note: entry.operatorReason,
  };
}

const CSV_COLUMNS = [
  'time',
  'asset',
  'account',
  'reason',
  'amount',
  'balance_after',
  'reference_type',
  'reference_id',
  'note',
];

function csvCell(value: string): string {
  // Quote every cell; a leading = + - @ would be run as a formula by spreadsheets, so prefix it.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The whole filtered statement as CSV, UTF-8 with a BOM so spreadsheets read it right. */
export async function statementCsv(db: Db, book: Book, userId: string, query: TStatementQuery): Promise<string> {
  const lines = [CSV_COLUMNS.join(',')];
  const size = 100;
  for (let page = 1; ; page += 1) {
    const chunk = await statementOf(db, book, userId, { ...query, page, size });
    for (const entry of chunk.entries) {
      lines.push(
        [
          entry.time,
          entry.asset,
          entry.account,
          entry.reason,
          entry.amount,
          entry.balanceAfter,
          entry.reference?.type ?? '',
          entry.reference?.id ?? '',
          entry.note ?? '',
        ]
          .map(csvCell)
          .join(','),
      );
    }
    if (page * size >= chunk.total || chunk.entries.length === 0) break;
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A user's first demo request funds the demo book with 100,000 USDT, once (idempotent). */
const fundedDemoUsersByDatabase = new WeakMap<object, Set<string>>();
export async function ensureDemoFunded(db: Db, userId: string): Promise<void> {
  const fundedDemoUsers = perDatabase(fundedDemoUsersByDatabase, db, () => new Set<string>());
  if (fundedDemoUsers.has(userId)) return;
  await inIdempotentTransaction(db, (trx) =>
    transfer(trx, {
      book: 'demo',
      asset: 'USDT',
      from: { kind: 'treasury' },
      to: { kind: 'available', userId },
      amount: parseAmount(DEMO_FUNDING_USDT, 6),
      reason: 'demo_funding',
      reference: { type: 'user', id: userId },
      idempotencyKey: `demo-funding:${userId}`,
    }),
  );
  fundedDemoUsers.add(userId);
}

/**
 * Returns the demo book to exactly 100,000 USDT available, and other demo assets to zero.
 * (Later modules close demo positions before calling this.)
 */
export async function resetDemo(db: Db, userId: string): Promise<{ asset: 'USDT'; available: string }> {
  await ensureDemoFunded(db, userId);
  await db.transaction().execute(async (trx) => {
    const resetId = randomUUID();
    const balances = await getBalances(trx, 'demo', userId);
    const moves = [];
    for (const row of balances) {
      const target = row.asset === 'USDT' ? parseAmount(DEMO_FUNDING_USDT, 6) : 0n;
      const difference = target - row.available;
      if (difference === 0n) continue;
      moves.push({
        book: 'demo' as const,
        asset: row.asset,
        from: difference > 0n ? ({ kind: 'treasury' } as const) : ({ kind: 'available', userId } as const),
        to: difference > 0n ? ({ kind: 'available', userId } as const) : ({ kind: 'treasury' } as const),
        amount: difference > 0n ? difference : -difference,
        reason: 'demo_reset' as const,
        reference: { type: 'demo_reset', id: resetId },
        idempotencyKey: `demo-reset:${userId}:${resetId}:${row.asset}`,
      });
    }
    if (moves.length > 0) await transferBatch(trx, moves);
  });
  const available = await getBalance(db, 'demo', 'USDT', { kind: 'available', userId });
  return { asset: 'USDT', available: formatAmount(available, 6) };
}

/**
 * An operator's adjustment: a transfer against treasury with the operator's id and written
 * reason, which the user sees in their statement; the audit log records it too.
 */
export async function adjustBalance(
  db: AdjustmentDb,
  users: LedgerUserDirectory,
  input: {
    operatorId: string;
    userId: string;
    asset: string;
    book: Book;
    amount: string;
    reason: string;
    idempotencyKey?: string;
    requestId: string;
  },
) {
  return inIdempotentTransaction(db, async (trx) => {
    if (!(await users.userExists(trx, input.userId))) throw new AppError('USER_NOT_FOUND');
    const decimals = await getAssetDecimals(trx, input.asset);
    let amount: bigint;
    try {
      amount = parseAmount(input.amount, decimals);
    } catch {
      throw new AppError('AMOUNT_INVALID');
    }
    if (amount === 0n) throw new AppError('AMOUNT_INVALID');
    const isCredit = amount > 0n;
    const moved = await transfer(trx, {
      book: input.book,
      asset: input.asset,
      from: isCredit ? { kind: 'treasury' } : { kind: 'available', userId: input.userId },
      to: isCredit ? { kind: 'available', userId: input.userId } : { kind: 'treasury' },
      amount: isCredit ? amount : -amount,
      reason: 'adjustment',
      reference: { type: 'operator', id: input.operatorId },
      operator: { id: input.operatorId, reason: input.reason },
      idempotencyKey: input.idempotencyKey ? `adjust:${input.idempotencyKey}` : `adjust:${randomUUID()}`,
    });
    if (moved.isNew) {
      await recordAudit(trx, {
        actorUserId: input.operatorId,
        action: 'ledger.adjust',
        targetType: 'user',
        targetId: input.userId,
        details: {
          asset: input.asset,
          book: input.book,
          amount: input.amount,
          reason: input.reason,
          transferId: moved.id,
        },
        requestId: input.requestId,
      });
    }
    return { transferId: moved.id, isNew: moved.isNew };
  });
}
