import type { Hex } from 'viem';
import type { ChainRuntime } from '../../platform/chain/chain-runtime.js';

/** What a sandbox wallet is topped up to, and below what (test ETH of the local node). */
const SANDBOX_GAS_TARGET_WEI = 100n * 10n ** 18n;
const SANDBOX_GAS_FLOOR_WEI = 10n * 10n ** 18n;

type SandboxGasChain = Pick<ChainRuntime, 'ready' | 'localNode' | 'publicClient'>;

/**
 * A sandbox's local chain starts empty: the hot wallet (the withdrawal signer's gas) and the
 * sweeper's gas wallet get test ETH from the node's dev account once it is up, so withdrawals and
 * sweeps can pay gas (issue 15). Only gas: no token float, so the hot wallet's USDT/USDC are
 * exactly what sweeps brought in. Nothing happens without a local node (production).
 */
export async function fundSandboxGas(
  chain: SandboxGasChain,
  wallets: readonly Hex[],
  log: { info(object: object, message: string): void },
): Promise<void> {
  await chain.ready();
  const node = chain.localNode();
  if (!node) return;
  const client = chain.publicClient('local');
  for (const wallet of wallets) {
    const balance = await client.getBalance({ address: wallet });
    if (balance >= SANDBOX_GAS_FLOOR_WEI) continue;
    const hash = await node.mint('ETH', wallet, SANDBOX_GAS_TARGET_WEI - balance);
    log.info({ wallet, hash }, 'sandbox chain: gas funded with test ETH');
  }
}
