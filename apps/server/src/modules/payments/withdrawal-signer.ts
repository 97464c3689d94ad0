import { Decimal } from '@openbourse/money';
import { encodeFunctionData, type Hex, keccak256, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { erc20Abi } from '../../platform/chain/erc20.js';
import { EVM_NETWORK_IDS, type EvmNetwork, type EvmNetworkId } from '../../platform/chain/networks.js';
import { connectionStringOf } from '../../platform/db/database.js';
import { repeatUntilAborted, runSingleton, type Singleton } from '../../platform/jobs/singleton.js';
import { capture } from '../ledger/index.js';
import { notifyUser } from '../notify/index.js';
import { reasonText } from './withdrawal-reasons.js';
import { releaseWithdrawalHolds } from './withdrawal-review.js';
import type { WithdrawalChain, WithdrawalsDeps } from './withdrawals.context.js';
import * as repository from './withdrawals.repository.js';

/**
 * The withdrawal signer (issue 15): the worker that holds WITHDRAWAL_SIGNER_KEY (the hot wallet)
 * and carries approved withdrawals out, one leader per network (`payments-signer:<network>`).
 *
 * Each pass, for its network:
 * 1. sign: for each approved withdrawal, take the next nonce from `payments_signer_nonces`
 *    (first from the chain's pending nonce), sign the ERC-20 `transfer` (or the ETH send) and
 *    STORE the signed transaction and its hash in the withdrawal (status `signed`), committed,
 *    before anything is sent. A crash after this point never signs a second transaction;
 * 2. broadcast: send each stored transaction (again, on every pass until it is mined: the same
 *    bytes, so a node that knows it answers "already known", which counts as sent);
 * 3. confirm: with a successful receipt `CONFIRMATIONS` deep, capture the holds (the amount to the
 *    clearing account `withdrawals:<network>`, the fee to fees) and complete it; a reverted one, or
 *    one the network dropped for WITHDRAWAL_DROP_AFTER_MS, releases the holds and fails, with an
 *    operator alert.
 * A hot wallet short of gas or of the asset raises an alert and the withdrawal waits.
 */

export type SignerDeps = Pick<WithdrawalsDeps, 'db' | 'clock' | 'log' | 'alerts' | 'config'> & {
  chain: WithdrawalChain;
  signerKey: Hex;
  /** Where the singleton locks live (createWithdrawalSigner only). */
  lockConnectionString?: string;
};

export const FALLBACK_GAS = 100_000n;

type SignerContext = SignerDeps & {
  network: EvmNetworkId;
  evm: EvmNetwork;
  client: PublicClient;
  account: ReturnType<typeof privateKeyToAccount>;
};

function contextFor(deps: SignerDeps, network: EvmNetworkId): SignerContext | null {
  const evm = deps.chain.evmNetwork(network);
  if (!evm) return null;
  return {
    ...deps,
    network,
    evm,
    client: deps.chain.publicClient(network),
    account: privateKeyToAccount(deps.signerKey),
  };
}

const message = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0] : String(error));

/** The call that pays the withdrawal: an ERC-20 transfer, or a plain send of ETH. */
function paymentCall(ctx: SignerContext, row: repository.WithdrawalRow): { to: Hex; value: bigint; data?: Hex } | null {
  const recipient = row.address as Hex;
  if (row.asset === 'ETH') {
    return { to: recipient, value: Decimal.parse(row.amount).toMinorUnits(18, 'down') };
  }
  const token = ctx.evm.tokens[row.asset as 'USDT' | 'USDC'];
  if (!token) return null;
  const amount = Decimal.parse(row.amount).toMinorUnits(token.decimals, 'down');
  return {
    to: token.address,
    value: 0n,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, amount] }),
  };
}

async function feesPerGas(client: PublicClient): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
  try {
    const fees = await client.estimateFeesPerGas();
    return { maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
  } catch {
    const gasPrice = await client.getGasPrice();
    return { maxFeePerGas: gasPrice, maxPriorityFeePerGas: gasPrice };
  }
}

/** Signs one approved withdrawal and stores it (committed) before anything is sent. */
async function signOne(ctx: SignerContext, row: repository.WithdrawalRow): Promise<void> {
  const call = paymentCall(ctx, row);
  if (!call) {
    ctx.log.error({ withdrawalId: row.id, asset: row.asset }, 'withdrawal asset not carried by its network');
    return;
  }
  const from = ctx.account.address;
  // The hot wallet must hold what it sends: otherwise an operator tops it up and this waits.
  if (row.asset !== 'ETH') {
    const held = await ctx.client.readContract({
      address: call.to,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [from],
    });
    const needed = Decimal.parse(row.amount).toMinorUnits(ctx.evm.tokens[row.asset as 'USDT']?.decimals ?? 6, 'down');
    if (held < needed) {
      await ctx.alerts.raise({
        kind: 'hot_wallet_low_funds',
        message: `The hot wallet ${from} on ${ctx.evm.label} holds too little ${row.asset} for withdrawal ${row.id}; it waits until the wallet is topped up.`,
        details: { network: ctx.network, asset: row.asset, address: from, withdrawalId: row.id },
        dedupeKey: `${ctx.network}:${row.asset}`,
      });
      return;
    }
  }
  let gas: bigint;
  try {
    gas = await ctx.client.estimateGas({ account: from, to: call.to, value: call.value, data: call.data });
  } catch (error) {
    ctx.log.warn({ withdrawalId: row.id, err: message(error) }, 'gas estimate failed; using the fallback');
    gas = FALLBACK_GAS;
  }
  const fees = await feesPerGas(ctx.client);
  const ether = await ctx.client.getBalance({ address: from });
  if (ether < gas * fees.maxFeePerGas + call.value) {
    await ctx.alerts.raise({
      kind: 'hot_wallet_low_gas',
      message: `The hot wallet ${from} on ${ctx.evm.label} has too little ETH to send withdrawal ${row.id}; it waits until the wallet is funded.`,
      details: { network: ctx.network, address: from, balanceWei: ether.toString(), withdrawalId: row.id },
      dedupeKey: ctx.network,
    });
    return;
  }
  const pendingNonce = BigInt(await ctx.client.getTransactionCount({ address: from, blockTag: 'pending' }));
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await repository.findWithdrawal(trx, row.id, { forUpdate: true });
    if (locked?.status !== 'approved') return;
    await repository.ensureSignerNonceRow(trx, ctx.network, from, pendingNonce, now);
    const stored = (await repository.lockSignerNonce(trx, ctx.network, from)) ?? pendingNonce;
    // With a signed transaction still in flight the table is the truth (the chain may not have
    // seen it yet); with none, the chain's pending nonce is (a dropped transaction's nonce is
    // reused, which also makes the dropped one unminable).
    const inFlight = await repository.hasInFlight(trx, ctx.network, from);
    const nonce = inFlight ? (stored > pendingNonce ? stored : pendingNonce) : pendingNonce;
    const signed = await ctx.account.signTransaction({
      type: 'eip1559',
      chainId: ctx.evm.chainId,
      nonce: Number(nonce),
      to: call.to,
      value: call.value,
      data: call.data,
      gas,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    await repository.updateWithdrawal(trx, row.id, {
      status: 'signed',
      signer_address: from,
      nonce: nonce.toString(),
      signed_tx: signed,
      tx_hash: keccak256(signed),
      signed_at: now,
      updated_at: now,
    });
    await repository.saveSignerNonce(trx, ctx.network, from, nonce + 1n, now);
  });
}

/** Whether the node knows the transaction (pending or mined). */
async function isKnown(client: PublicClient, hash: Hex): Promise<boolean> {
  try {
    return (await client.getTransaction({ hash })) !== null;
  } catch {
    return false;
  }
}

/** Sends a stored transaction; true when the network has it (sent now, or known already). */
async function send(ctx: SignerContext, row: repository.WithdrawalRow): Promise<boolean> {
  if (!row.signedTx || !row.txHash) return false;
  try {
    await ctx.client.sendRawTransaction({ serializedTransaction: row.signedTx });
    return true;
  } catch (error) {
    // "already known", "nonce too low" for this very transaction: the network has it.
    if (await isKnown(ctx.client, row.txHash)) return true;
    ctx.log.warn({ withdrawalId: row.id, txHash: row.txHash, err: message(error) }, 'withdrawal broadcast failed');
    return false;
  }
}

/**
 * A stored transaction the network refuses, whose nonce another transaction of the hot wallet
 * has used (something else sent from it), can never be mined: the withdrawal goes back to
 * approved and is signed again with a fresh nonce (still one payment: the old bytes are void).
 */
async function resignIfNonceTaken(ctx: SignerContext, row: repository.WithdrawalRow): Promise<void> {
  if (row.nonce === null || !row.txHash) return;
  const mined = BigInt(await ctx.client.getTransactionCount({ address: ctx.account.address, blockTag: 'latest' }));
  if (mined <= row.nonce) return;
  if ((await receiptOf(ctx.client, row.txHash)) || (await isKnown(ctx.client, row.txHash))) return;
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await repository.findWithdrawal(trx, row.id, { forUpdate: true });
    if (locked?.status !== 'signed') return;
    await repository.updateWithdrawal(trx, row.id, { status: 'approved', updated_at: now });
  });
  await ctx.alerts.raise({
    kind: 'hot_wallet_nonce_taken',
    message: `Withdrawal ${row.id} on ${ctx.evm.label}: nonce ${row.nonce} of the hot wallet was used by another transaction; it is signed again.`,
    details: { network: ctx.network, withdrawalId: row.id, nonce: row.nonce.toString(), txHash: row.txHash },
    dedupeKey: `${row.id}:${row.nonce}`,
  });
}

/** Step 1: sign and store every approved withdrawal of the network (nothing is sent here). */
export async function signApproved(deps: SignerDeps, network: EvmNetworkId): Promise<number> {
  const ctx = contextFor(deps, network);
  if (!ctx) return 0;
  let count = 0;
  for (const row of await repository.withdrawalsInStatus(ctx.db, network, ['approved'])) {
    await signOne(ctx, row);
    count += 1;
  }
  return count;
}

/** Step 2: broadcast every stored, not yet sent transaction (the same bytes that were stored). */
export async function broadcastSigned(deps: SignerDeps, network: EvmNetworkId): Promise<number> {
  const ctx = contextFor(deps, network);
  if (!ctx) return 0;
  let count = 0;
  for (const row of await repository.withdrawalsInStatus(ctx.db, network, ['signed'])) {
    if (!(await send(ctx, row))) {
      await resignIfNonceTaken(ctx, row);
      continue;
    }
    const now = ctx.clock.now();
    await ctx.db.transaction().execute(async (trx) => {
      const locked = await repository.findWithdrawal(trx, row.id, { forUpdate: true });
      if (locked?.status !== 'signed') return;
      await repository.updateWithdrawal(trx, row.id, { status: 'broadcast', broadcast_at: now, updated_at: now });
    });
    count += 1;
  }
  return count;
}

async function receiptOf(client: PublicClient, hash: Hex) {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch {
    return null;
  }
}

async function complete(ctx: SignerContext, row: repository.WithdrawalRow, block: bigint): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await repository.findWithdrawal(trx, row.id, { forUpdate: true });
    if (locked?.status !== 'broadcast' || !locked.txHash) return;
    const reference = { type: 'withdrawal', id: locked.id };
    if (locked.amountHoldId) {
      await capture(trx, {
        holdId: locked.amountHoldId,
        to: { kind: 'clearing', name: `withdrawals:${ctx.network}` },
        reason: 'withdrawal',
        idempotencyKey: `withdrawal:${locked.id}:capture:amount`,
        reference,
      });
    }
    if (locked.feeHoldId) {
      await capture(trx, {
        holdId: locked.feeHoldId,
        to: { kind: 'fees' },
        reason: 'withdrawal_fee',
        idempotencyKey: `withdrawal:${locked.id}:capture:fee`,
        reference,
      });
    }
    await repository.updateWithdrawal(trx, locked.id, {
      status: 'completed',
      mined_block: block.toString(),
      completed_at: now,
      updated_at: now,
    });
    await notifyUser(trx, {
      userId: locked.userId,
      template: 'withdrawal_succeeded',
      params: {
        amount: locked.amount,
        asset: locked.asset,
        network: locked.network,
        address: locked.address,
        txHash: locked.txHash,
      },
    });
  });
}

async function fail(
  ctx: SignerContext,
  row: repository.WithdrawalRow,
  /** `chain:reverted` or `chain:dropped` (withdrawal-reasons.ts). */
  code: string,
  alert: { kind: string; message: string },
): Promise<void> {
  const now = ctx.clock.now();
  const failed = await ctx.db.transaction().execute(async (trx) => {
    const locked = await repository.findWithdrawal(trx, row.id, { forUpdate: true });
    if (!locked || (locked.status !== 'broadcast' && locked.status !== 'signed')) return false;
    await releaseWithdrawalHolds(trx, locked, 'failed');
    await repository.updateWithdrawal(trx, locked.id, { status: 'failed', reason: code, updated_at: now });
    await notifyUser(trx, {
      userId: locked.userId,
      template: 'withdrawal_failed',
      params: {
        amount: locked.amount,
        asset: locked.asset,
        network: locked.network,
        reason: reasonText(code, null, 'en') ?? code,
      },
    });
    return true;
  });
  if (failed) {
    await ctx.alerts.raise({
      kind: alert.kind,
      message: alert.message,
      details: { network: ctx.network, withdrawalId: row.id, txHash: row.txHash, nonce: row.nonce?.toString() ?? null },
      dedupeKey: row.id,
    });
  }
}

/** Step 3: follow every sent transaction to its confirmation, revert or drop. */
export async function confirmBroadcast(deps: SignerDeps, network: EvmNetworkId): Promise<number> {
  const ctx = contextFor(deps, network);
  if (!ctx) return 0;
  let settled = 0;
  const rows = await repository.withdrawalsInStatus(ctx.db, network, ['broadcast']);
  if (rows.length === 0) return 0;
  // Uncached: viem keeps a block number for seconds by default.
  const latest = await ctx.client.getBlockNumber({ cacheTime: 0 });
  for (const row of rows) {
    if (!row.txHash) continue;
    const receipt = await receiptOf(ctx.client, row.txHash);
    if (receipt) {
      if (receipt.status !== 'success') {
        await fail(ctx, row, 'chain:reverted', {
          kind: 'withdrawal_reverted',
          message: `Withdrawal ${row.id} on ${ctx.evm.label}: transaction ${row.txHash} reverted; the hold was released.`,
        });
        settled += 1;
      } else if (latest - receipt.blockNumber + 1n >= BigInt(ctx.evm.confirmations)) {
        await complete(ctx, row, receipt.blockNumber);
        settled += 1;
      }
      continue;
    }
    const sentAt = row.broadcastAt ?? row.signedAt ?? row.updatedAt;
    const age = ctx.clock.now().getTime() - sentAt.getTime();
    if (age <= ctx.config.dropAfterMs) {
      // Not mined yet: send the same bytes again, in case a node forgot it.
      await send(ctx, row);
      continue;
    }
    if (await isKnown(ctx.client, row.txHash)) {
      // Still pending after the drop period (fees too low?): an operator looks; the hold stays.
      await ctx.alerts.raise({
        kind: 'withdrawal_stuck',
        message: `Withdrawal ${row.id} on ${ctx.evm.label}: transaction ${row.txHash} is still pending after ${Math.round(age / 60000)} min.`,
        details: { network, withdrawalId: row.id, txHash: row.txHash, nonce: row.nonce?.toString() ?? null },
        dedupeKey: row.id,
      });
      continue;
    }
    await fail(ctx, row, 'chain:dropped', {
      kind: 'withdrawal_dropped',
      message: `Withdrawal ${row.id} on ${ctx.evm.label}: transaction ${row.txHash} was dropped; the hold was released.`,
    });
    settled += 1;
  }
  return settled;
}

/** Raises an alert when the hot wallet's ETH is below WITHDRAWAL_LOW_GAS_WEI. */
async function checkGas(deps: SignerDeps, network: EvmNetworkId): Promise<void> {
  const ctx = contextFor(deps, network);
  if (!ctx) return;
  const balance = await ctx.client.getBalance({ address: ctx.account.address });
  if (balance < ctx.config.lowGasWei) {
    await ctx.alerts.raise({
      kind: 'hot_wallet_low_gas',
      message: `The hot wallet ${ctx.account.address} on ${ctx.evm.label} is low on ETH for gas.`,
      details: { network, address: ctx.account.address, balanceWei: balance.toString() },
      dedupeKey: network,
    });
  }
}

/** One pass of the signer over a network: sign, broadcast, confirm. */
export async function signerPass(deps: SignerDeps, network: EvmNetworkId): Promise<void> {
  await signApproved(deps, network);
  await broadcastSigned(deps, network);
  await confirmBroadcast(deps, network);
  await checkGas(deps, network);
}

export type WithdrawalSigner = { start(): Promise<void>; stop(): Promise<void>; address: Hex };

/**
 * The signer worker: a singleton per usable EVM network (`payments-signer:<network>`), started
 * as networks become usable (the sandbox chain comes up after the server listens).
 */
export function createWithdrawalSigner(deps: SignerDeps): WithdrawalSigner {
  const singletons = new Map<EvmNetworkId, Singleton>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const connectionString = deps.lockConnectionString ?? connectionStringOf(deps.db);
  if (!connectionString) throw new Error('withdrawal signer: no connection string for its lock');

  const startNew = () => {
    if (stopped) return;
    for (const network of EVM_NETWORK_IDS) {
      if (singletons.has(network) || !deps.chain.evmNetwork(network)) continue;
      singletons.set(
        network,
        runSingleton({
          connection: { connectionString },
          lockKey: `payments-signer:${network}`,
          name: `withdrawal signer (${network})`,
          log: deps.log,
          retryMs: Math.max(deps.config.pollMs, 1000),
          loop: (signal) =>
            repeatUntilAborted(signal, {
              everyMs: deps.config.pollMs,
              step: () => signerPass(deps, network),
              onFailure: (error) => deps.log.error({ network, err: message(error) }, 'withdrawal signer pass failed'),
            }),
        }),
      );
    }
  };

  return {
    address: privateKeyToAccount(deps.signerKey).address,
    start: async () => {
      startNew();
      timer = setInterval(startNew, Math.max(deps.config.pollMs, 1000));
      timer.unref();
    },
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await Promise.all([...singletons.values()].map((singleton) => singleton.stop()));
      singletons.clear();
    },
  };
}
