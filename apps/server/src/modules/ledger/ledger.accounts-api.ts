import { randomUUID } from 'node:crypto';
import type { Book, TBalance, TStatementEntry, TStatementQuery, TStatementResponse } from '@openbourse/contracts';
import { formatAmount, parseAmount } from '@openbourse/money';
import type { Kysely, Transaction } from 'kysely';
import { recordAudit } from '../../platform/audit/audit-log.js';
import type { DbView } from '../../platform/db/database.js';
import type { PlatformTables } from '../../platform/db/platform.tables.js';
import { inRetriedTransaction } from '../../platform/db/retried-transaction.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { IdentityTables } from '../identity/index.js';
import type { ReviewItem, ReviewQueue, ReviewTables } from '../review/index.js';
import { cachedUserSummary } from './balance-cache.js';
import { inIdempotentTransaction } from './idempotent-transaction.js';
import { lockUserAccounts, profitSince, transferKeyUsed } from './ledger.repository.js';
import {
  getAccountId,
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

/** An adjustment's transaction: the ledger's tables, the audit log, identity's and review's through their ports. */
export type AdjustmentDb = Kysely<LedgerTables & PlatformTables & IdentityTables & ReviewTables>;

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
 * Returns the demo book to exactly 100,000 USDT, available and held together, and other demo
 * assets to zero available. Trading closes the demo positions first; an open that lands between
 * that and this reset keeps its held margin, which is counted here (#13), so its later close
 * cannot lift the book above the promise. The user's demo accounts are locked before they are
 * read, so resets and opens at once serialise on them and repeated resets never raise equity.
 */
export async function resetDemo(db: Db, userId: string): Promise<{ asset: 'USDT'; available: string }> {
  await ensureDemoFunded(db, userId);
  // The held account exists, committed, before the locking read: a read that waits for a lock
  // sees the new balance of the row it waited for but not a row committed meanwhile, so the held
  // account a first open creates while holding the available one would be missed, and its margin
  // paid twice (#13, met once in CI). Locked in one statement, in id order, like every transfer.
  await getAccountId(db, 'demo', 'USDT', { kind: 'held', userId });
  const resetId = randomUUID();
  // The user's accounts are locked before the treasury, the other way round from a settlement
  // (which locks in id order, the treasury first): the two can meet in a deadlock, and the loser
  // runs again (#13, met in CI). Nothing of a rolled-back attempt stays.
  await inRetriedTransaction(db, async (trx) => {
    const accounts = await lockUserAccounts(trx, 'demo', userId);
    const byAsset = new Map<string, { available: bigint; held: bigint }>();
    for (const account of accounts) {
      const sums = byAsset.get(account.asset) ?? { available: 0n, held: 0n };
      sums[account.kind] += BigInt(account.balance);
      byAsset.set(account.asset, sums);
    }
    const moves = [];
    for (const [asset, { available, held }] of byAsset) {
      const promised = asset === 'USDT' ? parseAmount(DEMO_FUNDING_USDT, 6) : 0n;
      const target = promised > held ? promised - held : 0n;
      const difference = target - available;
      if (difference === 0n) continue;
      moves.push({
        book: 'demo' as const,
        asset,
        from: difference > 0n ? ({ kind: 'treasury' } as const) : ({ kind: 'available', userId } as const),
        to: difference > 0n ? ({ kind: 'available', userId } as const) : ({ kind: 'treasury' } as const),
        amount: difference > 0n ? difference : -difference,
        reason: 'demo_reset' as const,
        reference: { type: 'demo_reset', id: resetId },
        idempotencyKey: `demo-reset:${userId}:${resetId}:${asset}`,
      });
    }
    if (moves.length > 0) await transferBatch(trx, moves);
  });
  const available = await getBalance(db, 'demo', 'USDT', { kind: 'available', userId });
  return { asset: 'USDT', available: formatAmount(available, 6) };
}

/** An adjustment as the operator asked for it. */
export type AdjustmentInput = {
  operatorId: string;
  userId: string;
  asset: string;
  book: Book;
  amount: string;
  reason: string;
  idempotencyKey?: string | undefined;
  requestId: string;
  ip: string | null;
};

/** What the adjust route answers: the transfer, or the review item it waits in (code 20001). */
export type AdjustmentOutcome =
  | { kind: 'moved'; transferId: string; isNew: boolean }
  | { kind: 'queued'; item: ReviewItem; isNew: boolean };

/** The review framework as the adjustment uses it (filled at the root with the review service). */
export type AdjustmentReviews = Pick<ReviewQueue, 'submit' | 'findBySource' | 'isAboveUsdt' | 'toWire'>;

/** The amount in the asset's minor units; zero and unreadable amounts are refused. */
export function parseAdjustmentAmount(amount: string, decimals: number): bigint {
  let minor: bigint;
  try {
    minor = parseAmount(amount, decimals);
  } catch {
    throw new AppError('AMOUNT_INVALID');
  }
  if (minor === 0n) throw new AppError('AMOUNT_INVALID');
  return minor;
}

/**
 * Moves an adjustment: a transfer against treasury carrying the operator's id and written reason,
 * which the user sees in their statement. Answers the transfer and the user's available balance
 * either side of it (read after it, while the transfer's row lock holds, so before = after − amount).
 */
export async function moveAdjustment(
  trx: Transaction<LedgerTables>,
  input: {
    operatorId: string;
    userId: string;
    asset: string;
    book: Book;
    amount: bigint;
    decimals: number;
    reason: string;
    reference: { type: string; id: string };
    transferKey: string;
  },
) {
  const isCredit = input.amount > 0n;
  const account = { kind: 'available', userId: input.userId } as const;
  const moved = await transfer(trx, {
    book: input.book,
    asset: input.asset,
    from: isCredit ? { kind: 'treasury' } : account,
    to: isCredit ? account : { kind: 'treasury' },
    amount: isCredit ? input.amount : -input.amount,
    reason: 'adjustment',
    reference: input.reference,
    operator: { id: input.operatorId, reason: input.reason },
    idempotencyKey: input.transferKey,
  });
  const balanceAfter = await getBalance(trx, input.book, input.asset, account);
  const balance = (value: bigint) => ({
    book: input.book,
    asset: input.asset,
    available: formatAmount(value, input.decimals),
  });
  return { moved, before: balance(balanceAfter - input.amount), after: balance(balanceAfter) };
}

/** The fields of a queued adjustment its replay must repeat exactly. */
function sameRequest(item: ReviewItem, input: AdjustmentInput): boolean {
  const payload = item.payload;
  return (
    item.userId === input.userId &&
    payload.asset === input.asset &&
    payload.book === input.book &&
    payload.amount === input.amount &&
    payload.reason === input.reason
  );
}

/**
 * An operator's adjustment (issue 4; #14). At or below `reviewThresholdUsdt` (ADJUST_REVIEW_THRESHOLD,
 * in USDT equivalent; a stale price counts as above) it moves at once with one `ledger.adjust`
 * audit row. Above it, it becomes a pending review item of kind `adjustment` (one `review.submit`
 * row) and nothing moves until another admin approves it (`adjustment-review.ts`). The
 * idempotency key covers both: a replay answers the same transfer or the same item.
 */
export async function adjustBalance(
  db: AdjustmentDb,
  users: LedgerUserDirectory,
  reviews: AdjustmentReviews,
  reviewThresholdUsdt: string,
  input: AdjustmentInput,
): Promise<AdjustmentOutcome> {
  const transferKey = input.idempotencyKey ? `adjust:${input.idempotencyKey}` : `adjust:${randomUUID()}`;
  return inIdempotentTransaction(db, async (trx): Promise<AdjustmentOutcome> => {
    if (!(await users.userExists(trx, input.userId))) throw new AppError('USER_NOT_FOUND');
    const decimals = await getAssetDecimals(trx, input.asset);
    const amount = parseAdjustmentAmount(input.amount, decimals);
    if (input.idempotencyKey) {
      const queued = await reviews.findBySource(trx, 'adjustment', transferKey);
      if (queued) {
        if (!sameRequest(queued, input)) throw new AppError('IDEMPOTENCY_CONFLICT');
        return { kind: 'queued', item: queued, isNew: false };
      }
    }
    const replaysTransfer = input.idempotencyKey !== undefined && (await transferKeyUsed(trx, transferKey));
    if (!replaysTransfer && reviews.isAboveUsdt(input.asset, input.amount, reviewThresholdUsdt)) {
      const direction = amount > 0n ? 'Credit' : 'Debit';
      const shown = formatAmount(amount > 0n ? amount : -amount, decimals);
      const { item, isNew } = await reviews.submit(trx, {
        kind: 'adjustment',
        sourceKey: transferKey,
        userId: input.userId,
        summary: `${direction} ${shown} ${input.asset} (${input.book}): ${input.reason}`.slice(0, 500),
        amount: input.amount,
        asset: input.asset,
        payload: { book: input.book, asset: input.asset, amount: input.amount, reason: input.reason, transferKey },
        requestedBy: input.operatorId,
        requestId: input.requestId,
        ip: input.ip,
      });
      return { kind: 'queued', item, isNew };
    }
    const { moved, before, after } = await moveAdjustment(trx, {
      operatorId: input.operatorId,
      userId: input.userId,
      asset: input.asset,
      book: input.book,
      amount,
      decimals,
      reason: input.reason,
      reference: { type: 'operator', id: input.operatorId },
      transferKey,
    });
    if (moved.isNew) {
      await recordAudit(trx, {
        actorUserId: input.operatorId,
        action: 'ledger.adjust',
        targetType: 'user',
        targetId: input.userId,
        before,
        after,
        reason: input.reason,
        details: { amount: input.amount, transferId: moved.id },
        requestId: input.requestId,
        ip: input.ip,
      });
    }
    return { kind: 'moved', transferId: moved.id, isNew: moved.isNew };
  });
}
