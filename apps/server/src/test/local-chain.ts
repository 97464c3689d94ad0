import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateSandboxKeys } from '../platform/chain/hd-keys.js';
import { type LocalChainNode, startLocalChainNode } from '../platform/chain/local-node.js';

export type TestChain = LocalChainNode & { env: Record<string, string> };

/**
 * A fresh sandbox chain for a test file: a Hardhat node on a free port with automine (blocks
 * come only with transactions; tests mine more with `mine(n)`), the test tokens deployed, and
 * `env`, the configuration that points an app at it (pass it to createTestApp). The app does
 * not start a node of its own (CHAIN_LOCAL_NODE=false). Fresh deposit and withdrawal keys each
 * time. `stop()` ends the node and removes its data directory.
 */
export async function startTestChain(options: { blockMs?: number } = {}): Promise<TestChain> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'openbourse-chain-'));
  let node: LocalChainNode;
  try {
    node = await startLocalChainNode({ dataDir, port: 0, blockMs: options.blockMs ?? 0 });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const keys = generateSandboxKeys();
  return {
    ...node,
    stop: async () => {
      await node.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    env: {
      CHAIN_RPC_URL_LOCAL: node.rpcUrl,
      CHAIN_TOKEN_USDT_LOCAL: node.tokens.USDT,
      CHAIN_TOKEN_USDC_LOCAL: node.tokens.USDC,
      CONFIRMATIONS_LOCAL: '2',
      CHAIN_LOCAL_NODE: 'false',
      DEPOSIT_XPUB: keys.depositXpub,
      DEPOSIT_XPRV: keys.depositXprv,
      WITHDRAWAL_SIGNER_KEY: keys.withdrawalSignerKey,
    },
  };
}
