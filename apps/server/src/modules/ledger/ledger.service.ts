import { createHash } from 'node:crypto';
import type { Book, TransferReason } from '@openbourse/contracts';
import { AppError } from '../../platform/errors/app-error.js';
import { forgetUserSummaries } from './balance-cache.js';
import type { StatementRowFilter, TransferRow } from './ledger.repository.js';
import * as repository from './ledger.repository.js';
import type { AccountKind, LedgerDb as Db } from './ledger.tables.js';

/**
 * The double-entry ledger (issue 4). Every call runs inside the caller's transaction (`trx`),
 * so a business change and its money movement commit or roll back together.
 *
 * A transfer moves `amount` from its debit account to its credit account. User accounts
 * (available, held) keep a stored balance: their rows are locked in id order, checked (never
 * negative) and updated. Operator accounts keep none — their balance is the sum of their
 * entries — so the treasury never becomes a lock every transfer waits for.
 */

export { TRANSFER_REASONS, type TransferReason } from '@openbourse/contracts';

export type AccountRef =
  | { kind: 'available' | 'held'; userId: string }
  /** A smart plan's capital and the margin its positions hold, named by the plan's subaccount (issue 18). */
  | { kind: 'plan' | 'plan_held'; userId: string; name: string }
  | { kind: 'treasury' | 'fees' }
  | { kind: 'clearing' | 'charity' | 'escrow'; name: string };

export type TransferInput = {
  book: Book;
  asset: string;
  from: AccountRef;
  to: AccountRef;
  amount: bigint;
  reason: TransferReason;
  reference?: { type: string; id: string };
  idempotencyKey: string;
  operator?: { id: string; reason: string };
};

export type TransferResult = {
  id: string;
  book: Book;
  asset: string;
  debitAccountId: string;
  creditAccountId: string;
  amount: bigint;
  reason: string;
  createdAt: Date;
  /** False when the idempotency key had been used: nothing moved this time. */
  isNew: boolean;
};

/** Kinds owned by a user: they keep a stored balance that is locked, checked and never negative. */
const isUserKind = (kind: AccountKind) =>
  kind === 'available' || kind === 'held' || kind === 'plan' || kind === 'plan_held';

/**
 * A user's trading money lives in a subaccount (issue 18): '' is the user's own (available and
 * held), `plan:<order id>` a smart plan's (its capital and the margin its positions hold). Holds,
 * margin and P&L always stay inside the subaccount they started in.
 */
export type Subaccount = string;
export const OWN_SUBACCOUNT: Subaccount = '';

export function subaccountAccounts(
  userId: string,
  subaccount: Subaccount,
): { available: AccountRef; held: AccountRef } {
  if (subaccount === OWN_SUBACCOUNT) {
    return { available: { kind: 'available', userId }, held: { kind: 'held', userId } };
  }
  return {
    available: { kind: 'plan', userId, name: subaccount },
    held: { kind: 'plan_held', userId, name: subaccount },
  };
}
const MAX_AMOUNT = 10n ** 38n - 1n;

export function accountName(ref: AccountRef): string {
  return 'name' in ref ? ref.name : '';
}

function fingerprint(input: TransferInput): string {
  const parts = [
    input.book,
    input.asset,
    JSON.stringify(input.from),
    JSON.stringify(input.to),
    input.amount.toString(),
    input.reason,
    input.reference?.type ?? '',
    input.reference?.id ?? '',
    input.operator?.id ?? '',
    input.operator?.reason ?? '',
  ];
  return createHash('sha256').update(parts.join('\u0000')).digest('hex');
}

/**
 * Process memory kept per database: keyed by the Kysely instance's adapter, which all its
 * transactions share, so two databases in one process (tests, tools) never mix entries.
 */
export function perDatabase<T>(store: WeakMap<object, T>, trx: Db, make: () => T): T {
  const owner = trx.getExecutor().adapter;
  let value = store.get(owner);
  if (value === undefined) {
    value = make();
    store.set(owner, value);
  }
  return value;
}

const assetDecimalsCaches = new WeakMap<object, Map<string, number>>();

/** The asset's decimals; unknown assets are refused. */
export async function getAssetDecimals(trx: Db, asset: string): Promise<number> {
  const assetDecimalsCache = perDatabase(assetDecimalsCaches, trx, () => new Map<string, number>());
  const cached = assetDecimalsCache.get(asset);
  if (cached !== undefined) return cached;
  const decimals = await repository.findAssetDecimals(trx, asset);
  if (decimals === null) throw new AppError('UNKNOWN_ASSET');
  assetDecimalsCache.set(asset, decimals);
  return decimals;
}

// Account ids never change and accounts are never deleted, so an id seen committed can be
// remembered. Ids created inside a transaction are not cached until a later lookup finds them
// committed: a rolled-back transaction must not leave a phantom id behind.
const accountIdCaches = new WeakMap<object, Map<string, string>>();

/** The account's id, creating the account on first use (accounts are never deleted). */
export async function getAccountId(trx: Db, book: Book, asset: string, ref: AccountRef): Promise<string> {
  const userId = 'userId' in ref ? ref.userId : null;
  const name = accountName(ref);
  const cacheKey = `${book}|${asset}|${ref.kind}|${userId ?? ''}|${name}`;
  const accountIdCache = perDatabase(accountIdCaches, trx, () => new Map<string, string>());
  const cached = accountIdCache.get(cacheKey);
  if (cached) return cached;
  const find = () => repository.findAccount(trx, { book, asset, kind: ref.kind, userId, name });
  const existing = await find();
  if (existing) {
    if (!existing.is_created_here) accountIdCache.set(cacheKey, existing.id);
    return existing.id;
  }
  await repository.insertAccount(trx, { book, asset, kind: ref.kind, userId, name });
  const created = await find();
  if (!created) throw new Error('ledger account missing after insert');
  return created.id;
}

function validateAmount(amount: bigint): void {
  if (amount <= 0n || amount > MAX_AMOUNT) throw new AppError('AMOUNT_INVALID');
}

/**
 * Moves money. A repeated idempotency key returns the first transfer and moves nothing; the
 * same key with different parameters is refused (10128).
 */
export async function transfer(trx: Db, input: TransferInput): Promise<TransferResult> {
  return (await transferBatch(trx, [input]))[0] as TransferResult;
}

/**
 * Several transfers in one go: every user account involved is locked once, in id order (so
 * concurrent batches never deadlock), checked and updated; the transfers are then written.
 */
export async function transferBatch(trx: Db, inputs: TransferInput[]): Promise<TransferResult[]> {
  const prepared = [];
  for (const input of inputs) {
    validateAmount(input.amount);
    if (input.reason === 'adjustment' && !input.operator) throw new AppError('INVALID_INPUT');
    await getAssetDecimals(trx, input.asset);
    const debitId = await getAccountId(trx, input.book, input.asset, input.from);
    const creditId = await getAccountId(trx, input.book, input.asset, input.to);
    if (debitId === creditId) throw new AppError('INVALID_INPUT');
    prepared.push({ input, debitId, creditId, hash: fingerprint(input) });
  }

  // One round trip finds earlier uses of the idempotency keys and locks the user accounts
  // involved in id order (so concurrent batches never deadlock) with their balances.
  const keys = prepared.map((p) => p.input.idempotencyKey);
  const userAccountIds = new Set<string>();
  for (const item of prepared) {
    if (isUserKind(item.input.from.kind)) userAccountIds.add(item.debitId);
    if (isUserKind(item.input.to.kind)) userAccountIds.add(item.creditId);
  }
  const sortedIds = [...userAccountIds].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  const found = await repository.lockAccountsAndFindTransfers(trx, sortedIds, keys);
  const previous = new Map<string, TransferRow & { request_hash: string }>();
  const balances = new Map<string, bigint>();
  for (const row of found) {
    if (row.balance === null) previous.set(row.idempotency_key, row);
    else balances.set(row.id, BigInt(row.balance));
  }

  // Replays answer their first result and move nothing.
  const seenInBatch = new Set<string>();
  const fresh = [];
  const results: Array<TransferResult | null> = [];
  for (const item of prepared) {
    const earlier = previous.get(item.input.idempotencyKey);
    if (earlier) {
      if (earlier.request_hash !== item.hash) throw new AppError('IDEMPOTENCY_CONFLICT');
      results.push(toResult(earlier, false));
      continue;
    }
    if (seenInBatch.has(item.input.idempotencyKey)) throw new AppError('IDEMPOTENCY_CONFLICT');
    seenInBatch.add(item.input.idempotencyKey);
    fresh.push(item);
    results.push(null);
  }
  if (fresh.length === 0) return results as TransferResult[];

  // Column arrays for one INSERT … SELECT FROM unnest(…): fifteen parameters whatever the
  // batch size, which PostgreSQL parses and plans far faster than a VALUES list of hundreds.
  const columns = {
    book: [] as string[],
    asset: [] as string[],
    debit: [] as string[],
    credit: [] as string[],
    amount: [] as string[],
    reason: [] as string[],
    referenceType: [] as Array<string | null>,
    referenceId: [] as Array<string | null>,
    key: [] as string[],
    hash: [] as string[],
    debitAfter: [] as Array<string | null>,
    creditAfter: [] as Array<string | null>,
    operatorId: [] as Array<string | null>,
    operatorReason: [] as Array<string | null>,
  };
  for (const item of fresh) {
    const { input } = item;
    let debitAfter: bigint | null = null;
    let creditAfter: bigint | null = null;
    if (balances.has(item.debitId)) {
      debitAfter = (balances.get(item.debitId) ?? 0n) - input.amount;
      if (debitAfter < 0n) throw new AppError('INSUFFICIENT_BALANCE');
      balances.set(item.debitId, debitAfter);
    }
    if (balances.has(item.creditId)) {
      creditAfter = (balances.get(item.creditId) ?? 0n) + input.amount;
      balances.set(item.creditId, creditAfter);
    }
    columns.book.push(input.book);
    columns.asset.push(input.asset);
    columns.debit.push(item.debitId);
    columns.credit.push(item.creditId);
    columns.amount.push(input.amount.toString());
    columns.reason.push(input.reason);
    columns.referenceType.push(input.reference?.type ?? null);
    columns.referenceId.push(input.reference?.id ?? null);
    columns.key.push(input.idempotencyKey);
    columns.hash.push(item.hash);
    columns.debitAfter.push(debitAfter === null ? null : debitAfter.toString());
    columns.creditAfter.push(creditAfter === null ? null : creditAfter.toString());
    columns.operatorId.push(input.operator?.id ?? null);
    columns.operatorReason.push(input.operator?.reason ?? null);
  }

  // One statement writes the new balances and the transfers: a single round trip per batch.
  const changedIds = [...balances.keys()];
  const changedBalances = changedIds.map((id) => (balances.get(id) ?? 0n).toString());
  const inserted = await repository.writeBalancesAndTransfers(trx, changedIds, changedBalances, columns);
  forgetUserSummaries(
    trx,
    fresh.flatMap(({ input }) => [input.from, input.to].flatMap((ref) => ('userId' in ref ? [ref.userId] : []))),
  );
  const byKey = new Map(inserted.map((row) => [row.idempotency_key, row]));
  return prepared.map((item, index) => {
    const existing = results[index];
    if (existing) return existing;
    const row = byKey.get(item.input.idempotencyKey);
    if (!row) throw new Error('inserted transfer missing');
    return toResult(row, true);
  });
}

function toResult(row: Omit<TransferRow, 'idempotency_key'>, isNew: boolean): TransferResult {
  return {
    id: row.id,
    book: row.book,
    asset: row.asset,
    debitAccountId: row.debit_account_id,
    creditAccountId: row.credit_account_id,
    amount: BigInt(row.amount),
    reason: row.reason,
    createdAt: row.created_at,
    isNew,
  };
}

export type HoldInput = {
  book: Book;
  asset: string;
  userId: string;
  /** The subaccount the hold stays in (the user's own when absent). */
  subaccount?: Subaccount;
  amount: bigint;
  reason: TransferReason;
  reference?: { type: string; id: string };
  idempotencyKey: string;
};

/** Moves available → held under its own id; later released or captured, once. */
export async function hold(trx: Db, input: HoldInput): Promise<{ holdId: string; isNew: boolean }> {
  const { holds } = await holdBatch(trx, [input]);
  return holds[0] as { holdId: string; isNew: boolean };
}

/**
 * Several holds, and other transfers besides (a fee, say), in one `transferBatch` and one
 * write of the hold records: what a group-committed caller needs to stay at a few statements
 * whatever the group's size. A replayed hold answers its first hold's id.
 */
export async function holdBatch(
  trx: Db,
  holds: HoldInput[],
  others: TransferInput[] = [],
): Promise<{ holds: Array<{ holdId: string; isNew: boolean }>; others: TransferResult[] }> {
  const moved = await transferBatch(trx, [
    ...holds.map((input): TransferInput => {
      const accounts = subaccountAccounts(input.userId, input.subaccount ?? OWN_SUBACCOUNT);
      return {
        book: input.book,
        asset: input.asset,
        from: accounts.available,
        to: accounts.held,
        amount: input.amount,
        reason: input.reason,
        reference: input.reference,
        idempotencyKey: input.idempotencyKey,
      };
    }),
    ...others,
  ]);
  const holdTransfers = moved.slice(0, holds.length);
  const fresh = holds.flatMap((input, index) => {
    const transferred = holdTransfers[index] as TransferResult;
    return transferred.isNew ? [{ input, transferId: transferred.id }] : [];
  });
  const replayedIds = holdTransfers.filter((t) => !t.isNew).map((t) => t.id);
  const holdIdOf = new Map<string, string>();
  if (fresh.length > 0) {
    const inserted = await repository.insertHolds(
      trx,
      fresh.map((f) => ({ ...f.input, transferId: f.transferId })),
    );
    for (const row of inserted) holdIdOf.set(row.hold_transfer_id, row.id);
  }
  if (replayedIds.length > 0) {
    const existing = await repository.findHoldsByTransfers(trx, replayedIds);
    for (const row of existing) holdIdOf.set(row.hold_transfer_id, row.id);
  }
  return {
    holds: holdTransfers.map((t) => {
      const holdId = holdIdOf.get(t.id);
      if (!holdId) throw new Error('hold record missing for its transfer');
      return { holdId, isNew: t.isNew };
    }),
    others: moved.slice(holds.length),
  };
}

/** Whose money: a user's subaccount in a book. */
export type BalanceOwner = { book: Book; userId: string; subaccount?: Subaccount };

/** The key of an owner's balance in `lockAvailableBalances`'s answer. */
export const ownerBalanceKey = (owner: BalanceOwner) =>
  `${owner.book}|${owner.userId}|${owner.subaccount ?? OWN_SUBACCOUNT}`;

/**
 * Locks the users' available and held accounts of an asset (in id order, as every transfer
 * does, so this never deadlocks with one) and answers their available balances, keyed by
 * `ownerBalanceKey`: a caller deciding on many users' money at once (group-committed orders) reads
 * what no one can change until its transaction ends.
 */
export async function lockAvailableBalances(
  trx: Db,
  asset: string,
  owners: BalanceOwner[],
): Promise<Map<string, bigint>> {
  const idsByOwner = new Map<string, { available: string; held: string }>();
  for (const owner of owners) {
    const key = ownerBalanceKey(owner);
    if (idsByOwner.has(key)) continue;
    const accounts = subaccountAccounts(owner.userId, owner.subaccount ?? OWN_SUBACCOUNT);
    idsByOwner.set(key, {
      available: await getAccountId(trx, owner.book, asset, accounts.available),
      held: await getAccountId(trx, owner.book, asset, accounts.held),
    });
  }
  const ids = [...idsByOwner.values()]
    .flatMap((pair) => [pair.available, pair.held])
    .sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  const locked = await repository.lockAccounts(trx, ids);
  const balanceOf = new Map(locked.map((row) => [row.id, BigInt(row.balance)]));
  return new Map([...idsByOwner].map(([key, pair]) => [key, balanceOf.get(pair.available) ?? 0n]));
}

async function settleHold(
  trx: Db,
  holdId: string,
  status: 'released' | 'captured',
  to: (accounts: { available: AccountRef }) => AccountRef,
  reason: TransferReason,
  idempotencyKey: string,
  reference?: { type: string; id: string },
): Promise<TransferResult> {
  const row = await repository.lockHold(trx, holdId);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status !== 'active') {
    // The same settlement asked again answers its first result; anything else is refused.
    const settled = row.settle_transfer_id ? await repository.findTransfer(trx, row.settle_transfer_id) : undefined;
    if (settled && settled.idempotency_key === idempotencyKey && row.status === status) return toResult(settled, false);
    throw new AppError('HOLD_NOT_ACTIVE');
  }
  const accounts = subaccountAccounts(row.user_id, row.subaccount);
  const moved = await transfer(trx, {
    book: row.book,
    asset: row.asset,
    from: accounts.held,
    to: to(accounts),
    amount: BigInt(row.amount),
    reason,
    reference,
    idempotencyKey,
  });
  await repository.markHoldSettled(trx, holdId, status, moved.id);
  return moved;
}

/** Held → available. */
export function release(trx: Db, input: { holdId: string; idempotencyKey: string; reason?: TransferReason }) {
  return settleHold(
    trx,
    input.holdId,
    'released',
    (accounts) => accounts.available,
    input.reason ?? 'release',
    input.idempotencyKey,
  );
}

/** Held → another account (fees, treasury, escrow, charity …). */
export function capture(
  trx: Db,
  input: {
    holdId: string;
    to: AccountRef;
    reason: TransferReason;
    idempotencyKey: string;
    reference?: { type: string; id: string };
  },
) {
  return settleHold(trx, input.holdId, 'captured', () => input.to, input.reason, input.idempotencyKey, input.reference);
}

/** An account's balance: stored for user accounts, the sum of entries for operator accounts. */
export async function getBalance(trx: Db, book: Book, asset: string, ref: AccountRef): Promise<bigint> {
  const id = await getAccountId(trx, book, asset, ref);
  return isUserKind(ref.kind) ? repository.storedBalance(trx, id) : repository.balanceFromEntries(trx, id);
}

/**
 * SPEC §0 rule 4: a promise is funded from the treasury when it is made. Takes the treasury's
 * funding lock of the asset (live book) until the caller's transaction ends and checks that the
 * treasury's balance covers `amount`; refused with TREASURY_CANNOT_FUND (10201) otherwise, and the
 * caller's transaction moves nothing. Every module that funds a promise from the treasury (loans,
 * savings interest) checks through here, so two promises never spend the same balance.
 */
export async function assertTreasuryCovers(trx: Db, asset: string, amount: bigint): Promise<void> {
  await repository.lockTreasuryFunding(trx, 'live', asset);
  const balance = await getBalance(trx, 'live', asset, { kind: 'treasury' });
  if (balance < amount) throw new AppError('TREASURY_CANNOT_FUND');
}

export type UserBalance = { asset: string; decimals: number; available: bigint; held: bigint };

/** A user's balances in a book, one row per asset (assets never used show zero). */
export async function getBalances(trx: Db, book: Book, userId: string): Promise<UserBalance[]> {
  const rows = await repository.userBalances(trx, book, userId);
  return rows.map((row) => ({
    asset: row.asset,
    decimals: row.decimals,
    available: BigInt(row.available),
    held: BigInt(row.held),
  }));
}

export type StatementEntry = {
  transferId: string;
  createdAt: Date;
  asset: string;
  accountKind: 'available' | 'held';
  reason: string;
  /** Signed from the user's point of view: positive in, negative out. */
  amount: bigint;
  balanceAfter: bigint;
  reference: { type: string; id: string } | null;
  operatorReason: string | null;
};

/** Which of a user's entries a statement page shows (the repository's filter). */
export type StatementFilter = StatementRowFilter;

/** The user's entries, newest first: each transfer that touched one of their accounts. */
export async function listEntries(
  trx: Db,
  filter: StatementFilter,
): Promise<{ entries: StatementEntry[]; total: number }> {
  const { total, rows } = await repository.statementRows(trx, filter);
  return {
    total,
    entries: rows.map((row) => ({
      transferId: row.id,
      createdAt: row.created_at,
      asset: row.asset,
      accountKind: row.kind,
      reason: row.reason,
      amount: row.is_debit ? -BigInt(row.amount) : BigInt(row.amount),
      balanceAfter: BigInt(row.is_debit ? row.debit_balance_after : row.credit_balance_after),
      reference: row.reference_type && row.reference_id ? { type: row.reference_type, id: row.reference_id } : null,
      operatorReason: row.operator_reason,
    })),
  };
}
