import { Decimal } from '@openbourse/money';
import { sql } from 'kysely';
import type { DbView } from '../../platform/db/database.js';
import type { WithdrawalsTables } from './payments.tables.js';

type Db = DbView<WithdrawalsTables>;

/** The only SQL of the withdrawals' tables (issue 15): address book, withdrawals, signer nonces. */

// NUMERIC arrives padded ("120.000000000000000000"); the code works with the plain decimal.
const plain = (value: string) => Decimal.parse(String(value)).toString();

export type AddressBookRow = {
  id: string;
  userId: string;
  network: string;
  address: string;
  label: string;
  confirmedAt: Date | null;
  usableAt: Date | null;
  tokenExpiresAt: Date | null;
  createdAt: Date;
};

const ADDRESS_COLUMNS = [
  'id',
  'user_id',
  'network',
  'address',
  'label',
  'confirmed_at',
  'usable_at',
  'token_expires_at',
  'created_at',
] as const;

type AddressSelected = {
  id: string;
  user_id: string;
  network: string;
  address: string;
  label: string;
  confirmed_at: Date | null;
  usable_at: Date | null;
  token_expires_at: Date | null;
  created_at: Date;
};

const toAddress = (row: AddressSelected): AddressBookRow => ({
  id: row.id,
  userId: row.user_id,
  network: row.network,
  address: row.address,
  label: row.label,
  confirmedAt: row.confirmed_at,
  usableAt: row.usable_at,
  tokenExpiresAt: row.token_expires_at,
  createdAt: row.created_at,
});

/** Inserts an entry; null when the user already has that address on that network. */
export async function insertAddress(
  db: Db,
  values: {
    userId: string;
    network: string;
    address: string;
    addressKey: string;
    label: string;
    tokenHash: Buffer;
    tokenExpiresAt: Date;
    createdAt: Date;
  },
): Promise<AddressBookRow | null> {
  const row = await db
    .insertInto('payments_withdrawal_addresses')
    .values({
      user_id: values.userId,
      network: values.network,
      address: values.address,
      address_key: values.addressKey,
      label: values.label,
      token_hash: values.tokenHash,
      token_expires_at: values.tokenExpiresAt,
      created_at: values.createdAt,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'network', 'address_key']).doNothing())
    .returning(ADDRESS_COLUMNS)
    .executeTakeFirst();
  return row ? toAddress(row) : null;
}

export async function listAddresses(db: Db, userId: string): Promise<AddressBookRow[]> {
  const rows = await db
    .selectFrom('payments_withdrawal_addresses')
    .select(ADDRESS_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toAddress);
}

export async function findAddress(
  db: Db,
  userId: string,
  network: string,
  addressKey: string,
): Promise<AddressBookRow | null> {
  const row = await db
    .selectFrom('payments_withdrawal_addresses')
    .select(ADDRESS_COLUMNS)
    .where('user_id', '=', userId)
    .where('network', '=', network)
    .where('address_key', '=', addressKey)
    .executeTakeFirst();
  return row ? toAddress(row) : null;
}

export async function deleteAddress(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('payments_withdrawal_addresses')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Confirms the entry whose unexpired token hashes to `tokenHash` (once: the token is cleared). */
export async function confirmAddressByToken(
  db: Db,
  tokenHash: Buffer,
  now: Date,
  usableAt: Date,
): Promise<AddressBookRow | null> {
  const row = await db
    .updateTable('payments_withdrawal_addresses')
    .set({ token_hash: null, token_expires_at: null, confirmed_at: now, usable_at: usableAt })
    .where('token_hash', '=', tokenHash)
    .where('token_expires_at', '>', now)
    .where('confirmed_at', 'is', null)
    .returning(ADDRESS_COLUMNS)
    .executeTakeFirst();
  return row ? toAddress(row) : null;
}

// ---------------------------------------------------------------------------------------------
// Withdrawals

export type WithdrawalRow = {
  id: string;
  userId: string;
  asset: string;
  network: string;
  address: string;
  amount: string;
  fee: string;
  status: string;
  amountHoldId: string | null;
  feeHoldId: string | null;
  reviewItemId: string | null;
  signerAddress: string | null;
  nonce: bigint | null;
  signedTx: `0x${string}` | null;
  txHash: `0x${string}` | null;
  signedAt: Date | null;
  broadcastAt: Date | null;
  minedBlock: bigint | null;
  /** A code: `rejected:<reason>` or `chain:<reason>` (withdrawal-reasons.ts). */
  reason: string | null;
  reasonNote: string | null;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
};

type WithdrawalSelected = Omit<WithdrawalsTables['payments_withdrawals'], 'id' | 'requested_day'> & { id: string };

const WITHDRAWAL_COLUMNS = [
  'id',
  'user_id',
  'asset',
  'network',
  'address',
  'amount',
  'fee',
  'status',
  'amount_hold_id',
  'fee_hold_id',
  'review_item_id',
  'signer_address',
  'nonce',
  'signed_tx',
  'tx_hash',
  'signed_at',
  'broadcast_at',
  'mined_block',
  'reason',
  'reason_note',
  'created_at',
  'updated_at',
  'completed_at',
] as const;

const toWithdrawal = (row: WithdrawalSelected): WithdrawalRow => ({
  id: row.id,
  userId: row.user_id,
  asset: row.asset,
  network: row.network,
  address: row.address,
  amount: plain(row.amount),
  fee: plain(row.fee),
  status: row.status,
  amountHoldId: row.amount_hold_id,
  feeHoldId: row.fee_hold_id,
  reviewItemId: row.review_item_id,
  signerAddress: row.signer_address,
  nonce: row.nonce === null ? null : BigInt(row.nonce),
  signedTx: row.signed_tx as `0x${string}` | null,
  txHash: row.tx_hash as `0x${string}` | null,
  signedAt: row.signed_at,
  broadcastAt: row.broadcast_at,
  minedBlock: row.mined_block === null ? null : BigInt(row.mined_block),
  reason: row.reason,
  reasonNote: row.reason_note,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  completedAt: row.completed_at,
});

/**
 * Serialises a user's withdrawal requests until the transaction ends (a transaction-scoped
 * advisory lock on the user), so two concurrent requests cannot both pass the daily and
 * under-review checks.
 */
export async function lockUserWithdrawals(db: Db, userId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`payments.withdrawal:${userId}`}, 0))`.execute(db);
}

/** Whether the user has a withdrawal waiting for review. */
export async function hasPendingReview(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('payments_withdrawals')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'in', ['submitted', 'pending_review'])
    .executeTakeFirst();
  return row !== undefined;
}

/** How many of the user's withdrawals of a UTC day count against the daily limit (not rejected or failed). */
export async function countOnDay(db: Db, userId: string, day: string): Promise<number> {
  const row = await db
    .selectFrom('payments_withdrawals')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('requested_day', '=', day)
    .where('status', 'not in', ['rejected', 'failed'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertWithdrawal(
  db: Db,
  values: {
    userId: string;
    asset: string;
    network: string;
    address: string;
    amount: string;
    fee: string;
    day: string;
    now: Date;
  },
): Promise<WithdrawalRow> {
  const row = await db
    .insertInto('payments_withdrawals')
    .values({
      user_id: values.userId,
      asset: values.asset,
      network: values.network,
      address: values.address,
      amount: values.amount,
      fee: values.fee,
      status: 'pending_review',
      requested_day: values.day,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning(WITHDRAWAL_COLUMNS)
    .executeTakeFirstOrThrow();
  return toWithdrawal(row);
}

export async function findWithdrawal(
  db: Db,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<WithdrawalRow | null> {
  let query = db.selectFrom('payments_withdrawals').select(WITHDRAWAL_COLUMNS).where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toWithdrawal(row) : null;
}

export async function updateWithdrawal(
  db: Db,
  id: string,
  change: Partial<{
    status: string;
    amount_hold_id: string | null;
    fee_hold_id: string | null;
    review_item_id: string | null;
    signer_address: string;
    nonce: string;
    signed_tx: string;
    tx_hash: string;
    signed_at: Date;
    broadcast_at: Date;
    mined_block: string;
    reason: string | null;
    reason_note: string | null;
    completed_at: Date;
  }> & { updated_at: Date },
): Promise<WithdrawalRow> {
  const row = await db
    .updateTable('payments_withdrawals')
    .set(change)
    .where('id', '=', id)
    .returning(WITHDRAWAL_COLUMNS)
    .executeTakeFirstOrThrow();
  return toWithdrawal(row);
}

export async function listUserWithdrawals(
  db: Db,
  userId: string,
  page: number,
  size: number,
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('payments_withdrawals')
      .select(WITHDRAWAL_COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    db
      .selectFrom('payments_withdrawals')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toWithdrawal), total: Number(count.count) };
}

/** The network's withdrawals in one of the signer's states, oldest first. */
export async function withdrawalsInStatus(
  db: Db,
  network: string,
  statuses: readonly string[],
  limit = 50,
): Promise<WithdrawalRow[]> {
  const rows = await db
    .selectFrom('payments_withdrawals')
    .select(WITHDRAWAL_COLUMNS)
    .where('network', '=', network)
    .where('status', 'in', [...statuses])
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toWithdrawal);
}

/** Whether a signed transaction of this signer on this network waits to be mined or confirmed. */
export async function hasInFlight(db: Db, network: string, signerAddress: string): Promise<boolean> {
  const row = await db
    .selectFrom('payments_withdrawals')
    .select('id')
    .where('network', '=', network)
    .where('signer_address', '=', signerAddress)
    .where('status', 'in', ['signed', 'broadcast'])
    .executeTakeFirst();
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Signer nonces

/** The signer's stored next nonce, locked until the transaction ends; null before the first. */
export async function lockSignerNonce(db: Db, network: string, address: string): Promise<bigint | null> {
  const row = await db
    .selectFrom('payments_signer_nonces')
    .select('next_nonce')
    .where('network', '=', network)
    .where('address', '=', address)
    .forUpdate()
    .executeTakeFirst();
  return row ? BigInt(row.next_nonce) : null;
}

export async function saveSignerNonce(db: Db, network: string, address: string, next: bigint, now: Date) {
  await db
    .insertInto('payments_signer_nonces')
    .values({ network, address, next_nonce: next.toString(), updated_at: now })
    .onConflict((conflict) =>
      conflict.columns(['network', 'address']).doUpdateSet({ next_nonce: next.toString(), updated_at: now }),
    )
    .execute();
}

/** Takes the row lock of a first nonce row that may not exist yet (a concurrent insert waits). */
export async function ensureSignerNonceRow(db: Db, network: string, address: string, initial: bigint, now: Date) {
  await db
    .insertInto('payments_signer_nonces')
    .values({ network, address, next_nonce: initial.toString(), updated_at: now })
    .onConflict((conflict) => conflict.columns(['network', 'address']).doNothing())
    .execute();
}
