import { encodeFunctionData, formatUnits, type Hex, keccak256, type PublicClient } from 'viem';
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { erc20Abi } from '../../platform/chain/erc20.js';
import { depositPrivateKeyAt } from '../../platform/chain/hd-keys.js';
import type { EvmNetwork, TokenSymbol } from '../../platform/chain/networks.js';
import { repeatUntilAborted } from '../../platform/jobs/singleton.js';
import type { DepositsContext } from './deposits.context.js';
import {
  type DepositAddressRow,
  insertSweep,
  listCreditedDepositAddresses,
  listOpenSweeps,
  type SweepRow,
  updateSweep,
} from './deposits.repository.js';

/**
 * The sweeper of one EVM network (issue 15; worker role only, a singleton): moves the balances
 * of deposit addresses that received credited deposits to the hot wallet (the address of
 * WITHDRAWAL_SIGNER_KEY). For a token it first funds the deposit address's gas from the sweeper's
 * own gas wallet (`sweepGasPrivateKey`, child 1/0 of DEPOSIT_XPRV: the withdrawal signer alone
 * sends from the hot wallet, so their nonces never meet) when needed, then the deposit key (derived from DEPOSIT_XPRV, held by this process
 * only) signs `transfer(hotWallet, balance)`. The signed transaction is stored before it is
 * broadcast: after a crash the same transaction is sent again, never a second one.
 */

const RECEIPT_TIMEOUT_MS = 60_000;

export type Sweeper = {
  /** One pass over the network's deposit addresses; answers the sweeps it finished. */
  step(): Promise<SweepRow[]>;
  loop(signal: AbortSignal): Promise<void>;
};

export function createSweeper(options: {
  context: DepositsContext;
  network: EvmNetwork;
  client: PublicClient;
  depositXprv: string;
  /** Where sweeps go: the hot wallet's address. */
  hotWalletAddress: Hex;
  /** The key that pays the deposit addresses' gas (`sweepGasPrivateKey(DEPOSIT_XPRV)`). */
  gasKey: Hex;
  intervalMs?: number;
}): Sweeper {
  const { context, network, client } = options;
  const { db, clock, log } = context;
  const hot = { address: options.hotWalletAddress };
  const gasWallet = privateKeyToAccount(options.gasKey);
  const intervalMs = options.intervalMs ?? 15_000;

  async function fees() {
    const estimate = await client.estimateFeesPerGas();
    return { maxFeePerGas: estimate.maxFeePerGas, maxPriorityFeePerGas: estimate.maxPriorityFeePerGas };
  }

  async function signAndStore(
    sweep: SweepRow,
    account: PrivateKeyAccount,
    request: { to: Hex; data?: Hex; value?: bigint; gas: bigint },
    kind: 'funding' | 'sweep',
  ): Promise<Hex> {
    const fee = await fees();
    const nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
    const signed = await account.signTransaction({
      type: 'eip1559',
      chainId: network.chainId,
      nonce,
      to: request.to,
      data: request.data,
      value: request.value ?? 0n,
      gas: request.gas,
      ...fee,
    });
    const hash = keccak256(signed);
    // Stored before it is sent.
    if (kind === 'funding') await updateSweep(db, sweep.id, { gasFundingHash: hash, at: clock.now() });
    else await updateSweep(db, sweep.id, { signedTx: signed, sweepHash: hash, status: 'signed', at: clock.now() });
    await sendRaw(signed);
    return hash;
  }

  async function sendRaw(signed: Hex): Promise<void> {
    try {
      await client.sendRawTransaction({ serializedTransaction: signed });
    } catch (error) {
      // Sent before (a restart): the node knows it, or its nonce is used by it already.
      const message = String((error as Error).message ?? error).toLowerCase();
      if (!/already known|nonce too low|known transaction|already imported/.test(message)) throw error;
    }
  }

  async function finish(sweep: SweepRow, hash: Hex): Promise<SweepRow> {
    await updateSweep(db, sweep.id, { status: 'broadcast', at: clock.now() });
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS });
    const status = receipt.status === 'success' ? 'confirmed' : 'failed';
    await updateSweep(db, sweep.id, {
      status,
      ...(status === 'failed' ? { error: 'the sweep transaction reverted' } : {}),
      at: clock.now(),
    });
    log.info({ network: network.id, sweep: sweep.id, hash, status }, 'deposit sweep');
    return { ...sweep, sweepHash: hash, status };
  }

  async function sweepToken(address: DepositAddressRow, symbol: TokenSymbol): Promise<SweepRow | null> {
    const token = network.tokens[symbol];
    if (!token) return null;
    const from = address.address as Hex;
    const balance = await client.readContract({
      address: token.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [from],
    });
    if (balance <= 0n) return null;
    const sweep = await insertSweep(db, {
      network: network.id,
      fromAddress: address.address,
      addressIndex: address.index,
      asset: symbol,
      amount: formatUnits(balance, token.decimals),
      toAddress: hot.address,
      at: clock.now(),
    });
    if (!sweep) return null;
    try {
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [hot.address, balance] });
      const gas = ((await client.estimateGas({ account: from, to: token.address, data })) * 12n) / 10n;
      const { maxFeePerGas } = await fees();
      const needed = gas * maxFeePerGas * 2n;
      const has = await client.getBalance({ address: from });
      if (has < needed) {
        const fundingHash = await signAndStore(
          sweep,
          gasWallet,
          { to: from, value: needed - has, gas: 21_000n },
          'funding',
        );
        const funded = await client.waitForTransactionReceipt({ hash: fundingHash, timeout: RECEIPT_TIMEOUT_MS });
        if (funded.status !== 'success') throw new Error('gas funding reverted');
      }
      const depositAccount = privateKeyToAccount(depositPrivateKeyAt(options.depositXprv, address.index));
      if (depositAccount.address.toLowerCase() !== from.toLowerCase()) {
        throw new Error(`deposit key ${address.index} does not match ${from}`);
      }
      const hash = await signAndStore(sweep, depositAccount, { to: token.address, data, gas }, 'sweep');
      return await finish(sweep, hash);
    } catch (error) {
      await updateSweep(db, sweep.id, { status: 'failed', error: messageOf(error), at: clock.now() });
      throw error;
    }
  }

  async function sweepEth(address: DepositAddressRow): Promise<SweepRow | null> {
    const from = address.address as Hex;
    const balance = await client.getBalance({ address: from });
    const { maxFeePerGas } = await fees();
    const cost = 21_000n * maxFeePerGas;
    // Not worth a transaction below ten times its fee.
    if (balance <= cost * 10n) return null;
    const value = balance - cost;
    const sweep = await insertSweep(db, {
      network: network.id,
      fromAddress: address.address,
      addressIndex: address.index,
      asset: 'ETH',
      amount: formatUnits(value, 18),
      toAddress: hot.address,
      at: clock.now(),
    });
    if (!sweep) return null;
    try {
      const depositAccount = privateKeyToAccount(depositPrivateKeyAt(options.depositXprv, address.index));
      const hash = await signAndStore(sweep, depositAccount, { to: hot.address, value, gas: 21_000n }, 'sweep');
      return await finish(sweep, hash);
    } catch (error) {
      await updateSweep(db, sweep.id, { status: 'failed', error: messageOf(error), at: clock.now() });
      throw error;
    }
  }

  /** Sweeps left open by a crash: a signed one is sent again (the same bytes); an unsigned one is dropped. */
  async function resume(): Promise<SweepRow[]> {
    const done: SweepRow[] = [];
    for (const sweep of await listOpenSweeps(db, network.id)) {
      if (sweep.signedTx && sweep.sweepHash) {
        await sendRaw(sweep.signedTx as Hex);
        done.push(await finish(sweep, sweep.sweepHash as Hex));
      } else {
        await updateSweep(db, sweep.id, { status: 'failed', error: 'interrupted before signing', at: clock.now() });
      }
    }
    return done;
  }

  async function step(): Promise<SweepRow[]> {
    const done = await resume();
    for (const address of await listCreditedDepositAddresses(db, network.id)) {
      for (const symbol of ['USDT', 'USDC'] as const) {
        const swept = await sweepToken(address, symbol);
        if (swept) done.push(swept);
      }
      const swept = await sweepEth(address);
      if (swept) done.push(swept);
    }
    return done;
  }

  return {
    step,
    loop: (signal) =>
      repeatUntilAborted(signal, {
        everyMs: intervalMs,
        step,
        onFailure: (error) => log.error({ err: error, network: network.id }, 'deposit sweeper step failed'),
      }),
  };
}

function messageOf(error: unknown): string {
  return String((error as Error)?.message ?? error).slice(0, 500);
}
