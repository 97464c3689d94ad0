import { Decimal } from '@openbourse/money';
import { sql } from 'kysely';
import type { DbView } from '../../platform/db/database.js';
import type { DepositsTables } from './payments.tables.js';

type Db = DbView<DepositsTables>;

/** The only SQL of the deposit tables (issue 15). Hashes and addresses are matched lower-case. */

export type DepositStatus = DepositsTables['payments_deposits']['status'];
export type DepositSource = DepositsTables['payments_deposits']['source'];
export type DepositRow = {
  id: string;
  userId: string;
  network: string;
  asset: string;
  amount: string;
  txHash: string | null;
  logIndex: number | null;
  blockNumber: bigint | null;
  blockHash: string | null;
  fromAddress: string | null;
  toAddress: string | null;
  source: DepositSource;
  status: DepositStatus;
  reason: string | null;
  walletAddress: string | null;
  tokenType: string | null;
  gasUsed: string | null;
  fromLast6: string | null;
  proofFileId: string | null;
  confirmedAt: Date | null;
  creditTransferId: string | null;
  createdAt: Date;
  updatedAt: Date;
  creditedAt: Date | null;
};

const plain = (value: string) => Decimal.parse(String(value)).toString();

type RawDeposit = DepositsTables['payments_deposits'] & { id: string };
const toDeposit = (row: RawDeposit): DepositRow => ({
  id: String(row.id),
  userId: String(row.user_id),
  network: row.network,
  asset: row.asset,
  amount: plain(row.amount),
  txHash: row.tx_hash,
  logIndex: row.log_index,
  blockNumber: row.block_number === null ? null : BigInt(row.block_number),
  blockHash: row.block_hash,
  fromAddress: row.from_address,
  toAddress: row.to_address,
  source: row.source,
  status: row.status,
  reason: row.reason,
  walletAddress: row.wallet_address,
  tokenType: row.token_type,
  gasUsed: row.gas_used,
  fromLast6: row.from_last6,
  proofFileId: row.proof_file_id,
  confirmedAt: row.confirmed_at,
  creditTransferId: row.credit_transfer_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  creditedAt: row.credited_at,
});

// ---- deposit addresses -------------------------------------------------------------------------

export type DepositAddressRow = { network: string; userId: string; index: number; address: string };

const toAddressRow = (row: { network: string; user_id: string; address_index: number; address: string }) => ({
  network: row.network,
  userId: String(row.user_id),
  index: row.address_index,
  address: row.address,
});

export async function findDepositAddress(db: Db, network: string, userId: string): Promise<DepositAddressRow | null> {
  const row = await db
    .selectFrom('payments_deposit_addresses')
    .select(['network', 'user_id', 'address_index', 'address'])
    .where('network', '=', network)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? toAddressRow(row) : null;
}

/** The next derivation index of the network, taken for good (the row lock orders concurrent takers). */
export async function takeAddressIndex(db: Db, network: string): Promise<number> {
  const row = await db
    .insertInto('payments_address_sequences')
    .values({ network, next_index: 1 })
    .onConflict((conflict) =>
      conflict.column('network').doUpdateSet({ next_index: sql<number>`payments_address_sequences.next_index + 1` }),
    )
    .returning('next_index')
    .executeTakeFirstOrThrow();
  return row.next_index - 1;
}

/** Inserts the user's address; false when the user already has one on the network. */
export async function insertDepositAddress(
  db: Db,
  row: { network: string; userId: string; index: number; address: string; at: Date },
): Promise<boolean> {
  const inserted = await db
    .insertInto('payments_deposit_addresses')
    .values({
      network: row.network,
      user_id: row.userId,
      address_index: row.index,
      address: row.address,
      created_at: row.at,
    })
    .onConflict((conflict) => conflict.columns(['network', 'user_id']).doNothing())
    .returning('address')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function listDepositAddresses(db: Db, network: string): Promise<DepositAddressRow[]> {
  const rows = await db
    .selectFrom('payments_deposit_addresses')
    .select(['network', 'user_id', 'address_index', 'address'])
    .where('network', '=', network)
    .orderBy('address_index')
    .execute();
  return rows.map(toAddressRow);
}

export async function countDepositAddresses(db: Db, network: string): Promise<number> {
  const row = await db
    .selectFrom('payments_deposit_addresses')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('network', '=', network)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

// ---- watcher cursor and blocks -----------------------------------------------------------------

export async function findCursor(db: Db, network: string): Promise<bigint | null> {
  const row = await db
    .selectFrom('payments_chain_cursors')
    .select('block_number')
    .where('network', '=', network)
    .executeTakeFirst();
  return row ? BigInt(row.block_number) : null;
}

export async function saveCursor(db: Db, network: string, blockNumber: bigint, at: Date): Promise<void> {
  await db
    .insertInto('payments_chain_cursors')
    .values({ network, block_number: blockNumber.toString(), updated_at: at })
    .onConflict((conflict) =>
      conflict.column('network').doUpdateSet({ block_number: blockNumber.toString(), updated_at: at }),
    )
    .execute();
}

/** The Tron watcher's position at a deposit address: the newest recorded transfer's block time (ms). */
export async function findTronCursor(db: Db, address: string): Promise<number | null> {
  const row = await db
    .selectFrom('payments_tron_cursors')
    .select('last_timestamp')
    .where('address', '=', address)
    .executeTakeFirst();
  return row ? Number(row.last_timestamp) : null;
}

export async function saveTronCursor(db: Db, address: string, lastTimestamp: number, at: Date): Promise<void> {
  await db
    .insertInto('payments_tron_cursors')
    .values({ address, last_timestamp: String(lastTimestamp), updated_at: at })
    .onConflict((conflict) =>
      conflict.column('address').doUpdateSet({
        // Never backwards: two instances' last steps may finish out of order.
        last_timestamp: sql<string>`GREATEST(payments_tron_cursors.last_timestamp, excluded.last_timestamp)`,
        updated_at: at,
      }),
    )
    .execute();
}

export type ChainBlockRow = { number: bigint; hash: string; parentHash: string };

export async function insertChainBlock(
  db: Db,
  network: string,
  block: { number: bigint; hash: string; parentHash: string },
): Promise<void> {
  await db
    .insertInto('payments_chain_blocks')
    .values({
      network,
      block_number: block.number.toString(),
      block_hash: block.hash.toLowerCase(),
      parent_hash: block.parentHash.toLowerCase(),
    })
    .onConflict((conflict) =>
      conflict.columns(['network', 'block_number']).doUpdateSet({
        block_hash: block.hash.toLowerCase(),
        parent_hash: block.parentHash.toLowerCase(),
      }),
    )
    .execute();
}

export async function findChainBlock(db: Db, network: string, number: bigint): Promise<ChainBlockRow | null> {
  const row = await db
    .selectFrom('payments_chain_blocks')
    .select(['block_number', 'block_hash', 'parent_hash'])
    .where('network', '=', network)
    .where('block_number', '=', number.toString())
    .executeTakeFirst();
  return row ? { number: BigInt(row.block_number), hash: row.block_hash, parentHash: row.parent_hash } : null;
}

/** The stored blocks from `from` up, highest first. */
export async function listChainBlocksFrom(db: Db, network: string, from: bigint): Promise<ChainBlockRow[]> {
  const rows = await db
    .selectFrom('payments_chain_blocks')
    .select(['block_number', 'block_hash', 'parent_hash'])
    .where('network', '=', network)
    .where('block_number', '>=', from.toString())
    .orderBy('block_number', 'desc')
    .execute();
  return rows.map((row) => ({ number: BigInt(row.block_number), hash: row.block_hash, parentHash: row.parent_hash }));
}

export async function deleteChainBlocksAbove(db: Db, network: string, number: bigint): Promise<void> {
  await db
    .deleteFrom('payments_chain_blocks')
    .where('network', '=', network)
    .where('block_number', '>', number.toString())
    .execute();
}

export async function pruneChainBlocksBelow(db: Db, network: string, number: bigint): Promise<void> {
  await db
    .deleteFrom('payments_chain_blocks')
    .where('network', '=', network)
    .where('block_number', '<', number.toString())
    .execute();
}

// ---- deposits ----------------------------------------------------------------------------------

export type ChainDepositInput = {
  userId: string;
  network: string;
  asset: string;
  amount: string;
  txHash: string;
  logIndex: number;
  /** Null on Tron, whose API answers only confirmed transfers, without their block. */
  blockNumber: bigint | null;
  blockHash: string | null;
  fromAddress: string;
  toAddress: string;
  source: 'watcher' | 'wallet';
  status: 'pending' | 'below_minimum';
  wallet?: { walletAddress: string; tokenType: string; gasUsed: string };
  at: Date;
};

/**
 * Records a transfer seen on chain, once per (network, hash, log index). Seen again: an orphaned
 * record comes back in its new block; a wallet-tracked one gains the wallet fields; nothing else
 * changes (a credited record never moves). Answers the record as it stands.
 */
export async function recordChainDeposit(db: Db, input: ChainDepositInput): Promise<DepositRow> {
  await recordChainDeposits(db, [input]);
  const row = await db
    .selectFrom('payments_deposits')
    .selectAll()
    .where('network', '=', input.network)
    .where('tx_hash', '=', input.txHash.toLowerCase())
    .where('log_index', '=', input.logIndex)
    .executeTakeFirstOrThrow();
  return toDeposit(row as RawDeposit);
}

/** recordChainDeposit for a whole block's transfers: one statement, nothing answered. */
export async function recordChainDeposits(db: Db, inputs: ChainDepositInput[]): Promise<void> {
  if (inputs.length === 0) return;
  // An orphaned record seen again (the transaction re-mined) takes its new block and state.
  const revived = sql<boolean>`payments_deposits.status = 'orphaned'`;
  await db
    .insertInto('payments_deposits')
    .values(
      inputs.map((input) => ({
        user_id: input.userId,
        network: input.network,
        asset: input.asset,
        amount: input.amount,
        tx_hash: input.txHash.toLowerCase(),
        log_index: input.logIndex,
        block_number: input.blockNumber === null ? null : input.blockNumber.toString(),
        block_hash: input.blockHash === null ? null : input.blockHash.toLowerCase(),
        from_address: input.fromAddress,
        to_address: input.toAddress,
        source: input.source,
        status: input.status,
        wallet_address: input.wallet?.walletAddress ?? null,
        token_type: input.wallet?.tokenType ?? null,
        gas_used: input.wallet?.gasUsed ?? null,
        created_at: input.at,
        updated_at: input.at,
      })),
    )
    .onConflict((conflict) =>
      conflict
        .columns(['network', 'tx_hash', 'log_index'])
        .where(sql<boolean>`log_index IS NOT NULL`)
        .doUpdateSet({
          block_number: sql<string>`CASE WHEN ${revived} THEN excluded.block_number ELSE payments_deposits.block_number END`,
          block_hash: sql<string>`CASE WHEN ${revived} THEN excluded.block_hash ELSE payments_deposits.block_hash END`,
          status: sql<DepositStatus>`CASE WHEN ${revived} THEN excluded.status ELSE payments_deposits.status END`,
          // A wallet's tracking (it carries the wallet fields) marks the record as paid from a wallet.
          source: sql<DepositSource>`CASE WHEN excluded.source = 'wallet' THEN 'wallet' ELSE payments_deposits.source END`,
          wallet_address: sql<string | null>`COALESCE(excluded.wallet_address, payments_deposits.wallet_address)`,
          token_type: sql<string | null>`COALESCE(excluded.token_type, payments_deposits.token_type)`,
          gas_used: sql<string | null>`COALESCE(excluded.gas_used, payments_deposits.gas_used)`,
          updated_at: sql<Date>`excluded.updated_at`,
        }),
    )
    .execute();
}

export type ManualDepositInput = {
  userId: string;
  network: string;
  asset: string;
  amount: string;
  txHash: string;
  fromLast6: string;
  proofFileId: string;
  toAddress: string | null;
  at: Date;
};

export async function insertManualDeposit(db: Db, input: ManualDepositInput): Promise<DepositRow> {
  const row = await db
    .insertInto('payments_deposits')
    .values({
      user_id: input.userId,
      network: input.network,
      asset: input.asset,
      amount: input.amount,
      tx_hash: input.txHash.toLowerCase(),
      to_address: input.toAddress,
      source: 'manual',
      status: 'pending_review',
      from_last6: input.fromLast6,
      proof_file_id: input.proofFileId,
      created_at: input.at,
      updated_at: input.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDeposit(row as RawDeposit);
}

/** Every record of a hash on a network (any source, any state). */
export async function findDepositsByHash(db: Db, network: string, txHash: string): Promise<DepositRow[]> {
  const rows = await db
    .selectFrom('payments_deposits')
    .selectAll()
    .where('network', '=', network)
    .where('tx_hash', '=', txHash.toLowerCase())
    .execute();
  return rows.map((row) => toDeposit(row as RawDeposit));
}

export async function findDeposit(db: Db, id: string): Promise<DepositRow | null> {
  const row = await db.selectFrom('payments_deposits').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toDeposit(row as RawDeposit) : null;
}

export async function lockDeposit(db: Db, id: string): Promise<DepositRow | null> {
  const row = await db.selectFrom('payments_deposits').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row ? toDeposit(row as RawDeposit) : null;
}

/** Several deposits locked at once, in id order (so two lockers never deadlock). */
export async function lockDeposits(db: Db, ids: string[]): Promise<DepositRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('payments_deposits')
    .selectAll()
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => toDeposit(row as RawDeposit));
}

/**
 * The records of some transactions that came by the other path, locked in id order: the manual
 * claims of these hashes, or their chain records (watcher or wallet). A transfer is credited
 * through one path only.
 */
export async function lockOtherPathRecords(
  db: Db,
  keys: { network: string; txHash: string }[],
  path: 'manual' | 'chain',
): Promise<DepositRow[]> {
  if (keys.length === 0) return [];
  const hashes = [...new Set(keys.map((key) => key.txHash.toLowerCase()))];
  const networks = [...new Set(keys.map((key) => key.network))];
  const wanted = new Set(keys.map((key) => `${key.network}:${key.txHash.toLowerCase()}`));
  const rows = await db
    .selectFrom('payments_deposits')
    .selectAll()
    .where('tx_hash', 'in', hashes)
    .where('network', 'in', networks)
    .where('source', path === 'manual' ? '=' : '<>', 'manual')
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows
    .map((row) => toDeposit(row as RawDeposit))
    .filter((deposit) => wanted.has(`${deposit.network}:${deposit.txHash}`));
}

/** Deposits credited together: each with its ledger transfer, confirmed now if not before. */
export async function markDepositsCredited(
  db: Db,
  credits: { id: string; transferId: string }[],
  at: Date,
): Promise<void> {
  if (credits.length === 0) return;
  const ids = credits.map((credit) => credit.id);
  const transferIds = credits.map((credit) => credit.transferId);
  await sql`
    UPDATE payments_deposits AS d
    SET status = 'credited', credited_at = ${at}, credit_transfer_id = c.transfer_id,
      confirmed_at = COALESCE(d.confirmed_at, ${at}), updated_at = ${at}
    FROM unnest(${ids}::bigint[], ${transferIds}::bigint[]) AS c(id, transfer_id)
    WHERE d.id = c.id`.execute(db);
}

/** A network's chain records not yet confirmed, oldest first (Tron: its API gives confirmed transfers only). */
export async function listUnconfirmedOn(db: Db, network: string): Promise<DepositRow[]> {
  const rows = await db
    .selectFrom('payments_deposits')
    .selectAll()
    .where('network', '=', network)
    .where('confirmed_at', 'is', null)
    .where('status', 'in', ['pending', 'below_minimum'])
    .where('log_index', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => toDeposit(row as RawDeposit));
}

/** Chain records not yet confirmed whose block is at or below `maxBlock`, oldest first. */
export async function listUnconfirmedUpTo(db: Db, network: string, maxBlock: bigint): Promise<DepositRow[]> {
  const rows = await db
    .selectFrom('payments_deposits')
    .selectAll()
    .where('network', '=', network)
    .where('confirmed_at', 'is', null)
    .where('status', 'in', ['pending', 'below_minimum'])
    .where('log_index', 'is not', null)
    .where('block_number', '<=', maxBlock.toString())
    .orderBy('block_number')
    .orderBy('id')
    .execute();
  return rows.map((row) => toDeposit(row as RawDeposit));
}

/** Chain records in blocks above `blockNumber` (what a reorg down to it touches). */
export async function listChainDepositsAbove(db: Db, network: string, blockNumber: bigint): Promise<DepositRow[]> {
  const rows = await db
    .selectFrom('payments_deposits')
    .selectAll()
    .where('network', '=', network)
    .where('log_index', 'is not', null)
    .where('block_number', '>', blockNumber.toString())
    .where('status', '<>', 'orphaned')
    .execute();
  return rows.map((row) => toDeposit(row as RawDeposit));
}

export async function updateDeposit(
  db: Db,
  id: string,
  change: {
    status?: DepositStatus;
    reason?: string | null;
    confirmedAt?: Date;
    creditedAt?: Date;
    creditTransferId?: string;
    at: Date;
  },
): Promise<void> {
  await db
    .updateTable('payments_deposits')
    .set({
      ...(change.status === undefined ? {} : { status: change.status }),
      ...(change.reason === undefined ? {} : { reason: change.reason }),
      ...(change.confirmedAt === undefined ? {} : { confirmed_at: change.confirmedAt }),
      ...(change.creditedAt === undefined ? {} : { credited_at: change.creditedAt }),
      ...(change.creditTransferId === undefined ? {} : { credit_transfer_id: change.creditTransferId }),
      updated_at: change.at,
    })
    .where('id', '=', id)
    .execute();
}

/** The user's confirmed, uncredited below-minimum deposits of an asset on any network, locked. */
export async function lockConfirmedBelowMinimum(db: Db, userId: string, asset: string): Promise<DepositRow[]> {
  const rows = await db
    .selectFrom('payments_deposits')
    .selectAll()
    .where('user_id', '=', userId)
    .where('asset', '=', asset)
    .where('status', '=', 'below_minimum')
    .where('confirmed_at', 'is not', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => toDeposit(row as RawDeposit));
}

export async function listUserDeposits(
  db: Db,
  userId: string,
  filter: { status?: DepositStatus; offset: number; limit: number },
): Promise<{ rows: DepositRow[]; total: number }> {
  let query = db.selectFrom('payments_deposits').where('user_id', '=', userId);
  if (filter.status) query = query.where('status', '=', filter.status);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirst(),
  ]);
  return { rows: rows.map((row) => toDeposit(row as RawDeposit)), total: Number(count?.total ?? 0) };
}

// ---- sweeps ------------------------------------------------------------------------------------

export type SweepRow = {
  id: string;
  network: string;
  fromAddress: string;
  addressIndex: number;
  asset: string;
  amount: string;
  toAddress: string;
  gasFundingHash: string | null;
  signedTx: string | null;
  sweepHash: string | null;
  status: DepositsTables['payments_sweeps']['status'];
  error: string | null;
  createdAt: Date;
};

type RawSweep = DepositsTables['payments_sweeps'] & { id: string };
const toSweep = (row: RawSweep): SweepRow => ({
  id: String(row.id),
  network: row.network,
  fromAddress: row.from_address,
  addressIndex: row.address_index,
  asset: row.asset,
  amount: plain(row.amount),
  toAddress: row.to_address,
  gasFundingHash: row.gas_funding_hash,
  signedTx: row.signed_tx,
  sweepHash: row.sweep_hash,
  status: row.status,
  error: row.error,
  createdAt: row.created_at,
});

/** Deposit addresses of the network that received a credited deposit, with their index. */
export async function listCreditedDepositAddresses(db: Db, network: string): Promise<DepositAddressRow[]> {
  const rows = await db
    .selectFrom('payments_deposit_addresses as a')
    .select(['a.network', 'a.user_id', 'a.address_index', 'a.address'])
    .where('a.network', '=', network)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('payments_deposits as d')
          .select('d.id')
          .where('d.network', '=', network)
          .where('d.status', '=', 'credited')
          .whereRef('d.user_id', '=', 'a.user_id')
          .where('d.log_index', 'is not', null),
      ),
    )
    .orderBy('a.address_index')
    .execute();
  return rows.map(toAddressRow);
}

export async function insertSweep(
  db: Db,
  row: {
    network: string;
    fromAddress: string;
    addressIndex: number;
    asset: string;
    amount: string;
    toAddress: string;
    at: Date;
  },
): Promise<SweepRow | null> {
  const inserted = await db
    .insertInto('payments_sweeps')
    .values({
      network: row.network,
      from_address: row.fromAddress,
      address_index: row.addressIndex,
      asset: row.asset,
      amount: row.amount,
      to_address: row.toAddress,
      status: 'funding',
      created_at: row.at,
      updated_at: row.at,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['network', 'from_address', 'asset'])
        .where(sql<boolean>`status IN ('funding', 'signed', 'broadcast')`)
        .doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
  return inserted ? toSweep(inserted as RawSweep) : null;
}

export async function updateSweep(
  db: Db,
  id: string,
  change: {
    status?: SweepRow['status'];
    gasFundingHash?: string;
    signedTx?: string;
    sweepHash?: string;
    error?: string;
    at: Date;
  },
): Promise<void> {
  await db
    .updateTable('payments_sweeps')
    .set({
      ...(change.status === undefined ? {} : { status: change.status }),
      ...(change.gasFundingHash === undefined ? {} : { gas_funding_hash: change.gasFundingHash }),
      ...(change.signedTx === undefined ? {} : { signed_tx: change.signedTx }),
      ...(change.sweepHash === undefined ? {} : { sweep_hash: change.sweepHash }),
      ...(change.error === undefined ? {} : { error: change.error }),
      updated_at: change.at,
    })
    .where('id', '=', id)
    .execute();
}

export async function listOpenSweeps(db: Db, network: string): Promise<SweepRow[]> {
  const rows = await db
    .selectFrom('payments_sweeps')
    .selectAll()
    .where('network', '=', network)
    .where('status', 'in', ['funding', 'signed', 'broadcast'])
    .orderBy('id')
    .execute();
  return rows.map((row) => toSweep(row as RawSweep));
}

export async function listRecentSweeps(db: Db, limit: number): Promise<SweepRow[]> {
  const rows = await db
    .selectFrom('payments_sweeps')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => toSweep(row as RawSweep));
}

// ---- wallet links ------------------------------------------------------------------------------

export async function insertLinkNonce(
  db: Db,
  row: { nonce: string; userId: string; network: string; address: string; message: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('payments_wallet_link_nonces')
    .values({
      nonce: row.nonce,
      user_id: row.userId,
      network: row.network,
      address: row.address.toLowerCase(),
      message: row.message,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** Marks the user's unused, unexpired nonce for this message used; false when there is none. */
export async function useLinkNonce(
  db: Db,
  input: { userId: string; network: string; address: string; message: string; at: Date },
): Promise<boolean> {
  const row = await db
    .updateTable('payments_wallet_link_nonces')
    .set({ used_at: input.at })
    .where('user_id', '=', input.userId)
    .where('network', '=', input.network)
    .where('address', '=', input.address.toLowerCase())
    .where('message', '=', input.message)
    .where('used_at', 'is', null)
    .where('expires_at', '>', input.at)
    .returning('nonce')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findWalletLink(
  db: Db,
  network: string,
  address: string,
): Promise<{ userId: string; linkedAt: Date } | null> {
  const row = await db
    .selectFrom('payments_wallet_links')
    .select(['user_id', 'linked_at'])
    .where('network', '=', network)
    .where('address', '=', address.toLowerCase())
    .executeTakeFirst();
  return row ? { userId: String(row.user_id), linkedAt: row.linked_at } : null;
}

/** Links the wallet to the user; answers the user it is linked to (an earlier link stands). */
export async function insertWalletLink(
  db: Db,
  row: { network: string; address: string; userId: string; at: Date },
): Promise<string> {
  await db
    .insertInto('payments_wallet_links')
    .values({ network: row.network, address: row.address.toLowerCase(), user_id: row.userId, linked_at: row.at })
    .onConflict((conflict) => conflict.columns(['network', 'address']).doNothing())
    .execute();
  const link = await findWalletLink(db, row.network, row.address);
  return link?.userId ?? row.userId;
}

export async function listWalletLinks(
  db: Db,
  userId: string,
): Promise<{ network: string; address: string; linkedAt: Date }[]> {
  const rows = await db
    .selectFrom('payments_wallet_links')
    .select(['network', 'address', 'linked_at'])
    .where('user_id', '=', userId)
    .orderBy('linked_at')
    .execute();
  return rows.map((row) => ({ network: row.network, address: row.address, linkedAt: row.linked_at }));
}
