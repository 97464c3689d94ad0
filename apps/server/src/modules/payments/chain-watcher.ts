import { DEPOSIT_WATCHER_REASONS } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import {
  type Block,
  BlockNotFoundError,
  formatUnits,
  getAddress,
  type Log,
  type PublicClient,
  parseEventLogs,
  type Transaction,
} from 'viem';
import { erc20Abi } from '../../platform/chain/erc20.js';
import { sweepGasAddress } from '../../platform/chain/hd-keys.js';
import type { EvmNetwork, TokenSymbol } from '../../platform/chain/networks.js';
import { inRetriedTransaction } from '../../platform/db/retried-transaction.js';
import { repeatUntilAborted } from '../../platform/jobs/singleton.js';
import { confirmDeposits } from './credit-deposit.js';
import type { DepositsContext } from './deposits.context.js';
import {
  type ChainDepositInput,
  countDepositAddresses,
  type DepositRow,
  deleteChainBlocksAbove,
  findChainBlock,
  findCursor,
  insertChainBlock,
  listChainBlocksFrom,
  listChainDepositsAbove,
  listDepositAddresses,
  listUnconfirmedUpTo,
  pruneChainBlocksBelow,
  recordChainDeposits,
  saveCursor,
  updateDeposit,
} from './deposits.repository.js';
import { findAssetSettings } from './payments.repository.js';

/**
 * The chain watcher of one EVM network (issue 15), run as a singleton worker. Each step:
 *   1. reads the head, then refreshes the in-memory set of deposit addresses (an address shown to
 *      a user before this read is in the set for every block the head covers);
 *   2. follows the blocks after its cursor one by one: the block's parent hash must equal the
 *      stored hash of the block before (else a reorg, below); the token `Transfer` logs of the
 *      network's USDT/USDC contracts in that block (all of them, matched in memory against the
 *      set) and the native transfers of its transactions to a deposit address are recorded,
 *      with the block's hash and the cursor, in one transaction;
 *   3. confirms every recorded deposit whose block is `confirmations` deep (head − block + 1 ≥
 *      confirmations) and still the canonical block at that height: credit-deposit.ts.
 * A reorg: the watcher walks back its stored hashes to the last block the chain still has. The
 * orphaned blocks' unconfirmed deposits become 'orphaned' (re-mined, they come back); one that
 * was already confirmed or credited raises an operator alert and no credit changes.
 */

/** Stored block hashes kept below the cursor (must exceed the confirmations). */
const BLOCK_WINDOW = 256n;

export type ChainWatcher = {
  network: EvmNetwork;
  /** One pass: new blocks up to the head, then confirmations. Answers the cursor. */
  step(): Promise<bigint>;
  /** Runs steps until the signal aborts (the singleton's loop). */
  loop(signal: AbortSignal): Promise<void>;
  /** Re-reads the deposit addresses before the next block. */
  refreshAddresses(): void;
};

type Matched = { userId: string; address: string };

export function createChainWatcher(options: {
  context: DepositsContext;
  network: EvmNetwork;
  client: PublicClient;
  pollMs?: number;
  /** Blocks processed per step at most (a long catch-up yields between steps). */
  maxBlocksPerStep?: number;
}): ChainWatcher {
  const { context, network, client } = options;
  const { db, log, clock } = context;
  const pollMs = options.pollMs ?? 250;
  const maxBlocks = BigInt(options.maxBlocksPerStep ?? 500);
  const tokenByAddress = new Map<string, { symbol: TokenSymbol; decimals: number }>();
  const configured = Object.entries(network.tokens) as [TokenSymbol, { address: string; decimals: number }][];
  for (const [symbol, token] of configured) {
    tokenByAddress.set(token.address.toLowerCase(), { symbol, decimals: token.decimals });
  }
  const tokenAddresses = [...tokenByAddress.keys()] as `0x${string}`[];
  // The platform's own transfers to deposit addresses are not deposits: the sweeper's gas wallet
  // tops up an address's ETH before sweeping its tokens (counted as a user's ETH, it would
  // credit the user with the platform's gas money).
  const platformSenders = new Set<string>(
    context.depositXpub ? [sweepGasAddress(context.depositXpub).toLowerCase()] : [],
  );
  let addresses = new Map<string, Matched>();
  let addressesStale = true;

  const loadAddresses = async () => {
    const rows = await listDepositAddresses(db, network.id);
    addresses = new Map(rows.map((row) => [row.address.toLowerCase(), { userId: row.userId, address: row.address }]));
    addressesStale = false;
  };

  const minimumOf = async (asset: string) => (await findAssetSettings(db, asset))?.depositMinimum ?? '0';

  /** The deposits a block holds: token transfers (by log) and native transfers (by transaction). */
  async function depositsIn(block: Block<bigint, true>): Promise<Omit<ChainDepositInput, 'status' | 'at'>[]> {
    const found: Omit<ChainDepositInput, 'status' | 'at'>[] = [];
    const blockHash = block.hash as `0x${string}`;
    const blockNumber = block.number as bigint;
    if (tokenAddresses.length > 0 && addresses.size > 0) {
      const logs: Log[] = await client.getLogs({ address: tokenAddresses, blockHash });
      const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs, strict: true });
      for (const transfer of transfers) {
        const owner = addresses.get(transfer.args.to.toLowerCase());
        const token = tokenByAddress.get(transfer.address.toLowerCase());
        if (!owner || !token || transfer.args.value <= 0n || transfer.logIndex === null) continue;
        found.push({
          userId: owner.userId,
          network: network.id,
          asset: token.symbol,
          amount: formatUnits(transfer.args.value, token.decimals),
          txHash: transfer.transactionHash as string,
          logIndex: transfer.logIndex,
          blockNumber,
          blockHash,
          fromAddress: getAddress(transfer.args.from),
          toAddress: owner.address,
          source: 'watcher',
        });
      }
    }
    for (const tx of block.transactions as Transaction[]) {
      if (!tx.to || tx.value <= 0n || platformSenders.has(tx.from.toLowerCase())) continue;
      const owner = addresses.get(tx.to.toLowerCase());
      if (!owner) continue;
      const receipt = await client.getTransactionReceipt({ hash: tx.hash });
      if (receipt.status !== 'success') continue;
      found.push({
        userId: owner.userId,
        network: network.id,
        asset: 'ETH',
        amount: formatUnits(tx.value, 18),
        txHash: tx.hash,
        logIndex: -1,
        blockNumber,
        blockHash,
        fromAddress: getAddress(tx.from),
        toAddress: owner.address,
        source: 'watcher',
      });
    }
    return found;
  }

  /**
   * The chain's block at a height, or null when it has none there (a reorg made the chain
   * shorter). Any other failure (the node unreachable) throws: the step fails and is retried,
   * rather than a valid deposit being taken for orphaned.
   */
  async function blockAt(number: bigint) {
    try {
      return await client.getBlock({ blockNumber: number });
    } catch (error) {
      if (error instanceof BlockNotFoundError) return null;
      throw error;
    }
  }

  /**
   * The parent of `number` is not the block stored below it: walk back to the last stored block
   * the chain still has, orphan what lies above it and move the cursor there.
   */
  async function handleReorg(cursor: bigint): Promise<bigint> {
    const stored = await listChainBlocksFrom(db, network.id, cursor - BLOCK_WINDOW);
    let ancestor: bigint | null = null;
    for (const block of stored) {
      const onChain = await blockAt(block.number);
      if (onChain && onChain.hash?.toLowerCase() === block.hash) {
        ancestor = block.number;
        break;
      }
    }
    const head = await client.getBlockNumber({ cacheTime: 0 });
    if (ancestor === null) {
      await context.alerts.raise({
        kind: 'chain_reorg_deep',
        message: `${network.label}: the chain no longer holds any of the last ${stored.length} blocks the deposit watcher saw`,
        details: { network: network.id, cursor: cursor.toString(), head: head.toString() },
        dedupeKey: network.id,
      });
      // A sandbox chain starts afresh on every restart; any other network waits for an operator.
      if (network.id !== 'local') throw new Error(`${network.id}: no common ancestor within the stored blocks`);
      ancestor = head > 0n ? head - 1n : 0n;
    }
    const depth = cursor - ancestor;
    const touched = await listChainDepositsAbove(db, network.id, ancestor);
    const settled = touched.filter((deposit) => deposit.confirmedAt !== null || deposit.status === 'credited');
    if (settled.length > 0) {
      await context.alerts.raise({
        kind: 'chain_reorg_deep',
        message: `${network.label}: a reorg of ${depth} blocks removed ${settled.length} confirmed deposit(s); no credit changed`,
        details: {
          network: network.id,
          fromBlock: (ancestor + 1n).toString(),
          toBlock: cursor.toString(),
          deposits: settled.map((deposit) => ({ id: deposit.id, txHash: deposit.txHash, status: deposit.status })),
        },
        dedupeKey: `${network.id}:${ancestor}`,
      });
    }
    const at = clock.now();
    await inRetriedTransaction(db, async (trx) => {
      for (const deposit of touched) {
        if (deposit.confirmedAt !== null || deposit.status === 'credited') continue;
        await updateDeposit(trx, deposit.id, { status: 'orphaned', reason: DEPOSIT_WATCHER_REASONS.reorg, at });
      }
      await deleteChainBlocksAbove(trx, network.id, ancestor);
      await saveCursor(trx, network.id, ancestor, at);
    });
    log.warn(
      { network: network.id, depth: depth.toString(), orphaned: touched.length - settled.length },
      'deposit watcher: reorg',
    );
    return ancestor;
  }

  async function processBlock(number: bigint, cursor: bigint | null): Promise<'ok' | 'reorg'> {
    const block = await client.getBlock({ blockNumber: number, includeTransactions: true });
    if (!block.hash || block.number === null) return 'reorg';
    if (cursor !== null) {
      const parent = await findChainBlock(db, network.id, number - 1n);
      if (parent && parent.hash !== block.parentHash.toLowerCase()) return 'reorg';
    }
    const found = await depositsIn(block as Block<bigint, true>);
    const minimums = new Map<string, string>();
    for (const deposit of found) {
      if (!minimums.has(deposit.asset)) minimums.set(deposit.asset, await minimumOf(deposit.asset));
    }
    const at = clock.now();
    await inRetriedTransaction(db, async (trx) => {
      await recordChainDeposits(
        trx,
        found.map((deposit) => {
          const minimum = Decimal.parse(minimums.get(deposit.asset) ?? '0');
          const status = Decimal.parse(deposit.amount).lt(minimum) ? ('below_minimum' as const) : ('pending' as const);
          return { ...deposit, status, at };
        }),
      );
      await insertChainBlock(trx, network.id, {
        number,
        hash: block.hash as string,
        parentHash: block.parentHash,
      });
      await saveCursor(trx, network.id, number, at);
      if (number > BLOCK_WINDOW) await pruneChainBlocksBelow(trx, network.id, number - BLOCK_WINDOW);
    });
    if (found.length > 0) {
      log.info(
        { network: network.id, block: number.toString(), deposits: found.length },
        'deposit watcher: deposits seen',
      );
    }
    return 'ok';
  }

  /**
   * Deposits deep enough: still canonical → confirmed (credited or below minimum), a block's
   * deposits together (confirmDeposits); else orphaned.
   */
  async function confirmUpTo(cursor: bigint): Promise<void> {
    const deepest = cursor - BigInt(network.confirmations) + 1n;
    if (deepest < 0n) return;
    const due = await listUnconfirmedUpTo(db, network.id, deepest);
    const byBlock = new Map<bigint, DepositRow[]>();
    for (const deposit of due) {
      const number = deposit.blockNumber as bigint;
      const ofBlock = byBlock.get(number);
      if (ofBlock) ofBlock.push(deposit);
      else byBlock.set(number, [deposit]);
    }
    for (const [number, deposits] of byBlock) {
      const stored = await findChainBlock(db, network.id, number);
      const canonical = stored?.hash ?? (await blockAt(number))?.hash?.toLowerCase() ?? null;
      const confirmable: string[] = [];
      for (const deposit of deposits) {
        if (canonical === deposit.blockHash) confirmable.push(deposit.id);
        else
          await updateDeposit(db, deposit.id, {
            status: 'orphaned',
            reason: DEPOSIT_WATCHER_REASONS.reorg,
            at: clock.now(),
          });
      }
      await confirmDeposits(context, confirmable);
    }
  }

  async function step(): Promise<bigint> {
    const head = await client.getBlockNumber({ cacheTime: 0 });
    // After the head is read: an address created before now is matched in every block up to it.
    if (addressesStale) await loadAddresses();
    else if ((await countDepositAddresses(db, network.id)) !== addresses.size) await loadAddresses();
    let cursor = await findCursor(db, network.id);
    if (cursor === null) {
      // First start on this network: from just below the confirmation depth.
      const start = head - BigInt(network.confirmations);
      cursor = start > 0n ? start : 0n;
      await saveCursor(db, network.id, cursor, clock.now());
      const block = await client.getBlock({ blockNumber: cursor });
      await insertChainBlock(db, network.id, {
        number: cursor,
        hash: block.hash as string,
        parentHash: block.parentHash,
      });
    }
    if (cursor > head) cursor = await handleReorg(cursor);
    let processed = 0n;
    while (cursor < head && processed < maxBlocks) {
      const next: bigint = cursor + 1n;
      const outcome = await processBlock(next, cursor);
      if (outcome === 'reorg') {
        cursor = await handleReorg(cursor);
        continue;
      }
      cursor = next;
      processed += 1n;
    }
    await confirmUpTo(cursor);
    return cursor;
  }

  return {
    network,
    step,
    refreshAddresses: () => {
      addressesStale = true;
    },
    loop: (signal) =>
      repeatUntilAborted(signal, {
        everyMs: pollMs,
        afterFailureMs: Math.max(pollMs, 2000),
        step,
        onFailure: (error) => log.error({ err: error, network: network.id }, 'deposit watcher step failed'),
      }),
  };
}
