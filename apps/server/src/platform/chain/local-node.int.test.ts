import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPublicClient, http, type PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '../../test/local-chain.js';
import { erc20Abi } from './erc20.js';
import { LOCAL_TOKEN_ADDRESSES, startLocalChainNode } from './local-node.js';

describe('the local chain node (automine)', () => {
  let chain: TestChain;
  let client: PublicClient;
  const someone = '0x1111111111111111111111111111111111111111' as const;

  beforeAll(async () => {
    chain = await startTestChain();
    client = createPublicClient({ transport: http(chain.rpcUrl), cacheTime: 0 });
  });
  afterAll(async () => {
    await chain?.stop();
  });

  it('listens on 127.0.0.1 with chain id 31337 and the env that points an app at it', async () => {
    expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await client.getChainId()).toBe(31337);
    expect(chain.env.CHAIN_RPC_URL_LOCAL).toBe(chain.rpcUrl);
    expect(chain.env.CHAIN_TOKEN_USDT_LOCAL).toBe(chain.tokens.USDT);
    expect(chain.env.DEPOSIT_XPUB).toMatch(/^xpub/);
  });

  it('deploys USDT and USDC with 6 decimals at fixed addresses', async () => {
    expect(chain.tokens).toEqual(LOCAL_TOKEN_ADDRESSES);
    expect(chain.tokens.USDT).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3');
    for (const address of Object.values(chain.tokens)) {
      expect(await client.readContract({ address, abi: erc20Abi, functionName: 'decimals' })).toBe(6);
    }
  });

  it('mints tokens and ETH to an address', async () => {
    const hash = await chain.mint('USDT', someone, 1_500_000n);
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(
      await client.readContract({
        address: chain.tokens.USDT,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [someone],
      }),
    ).toBe(1_500_000n);
    expect(
      await client.readContract({
        address: chain.tokens.USDC,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [someone],
      }),
    ).toBe(0n);
    await chain.mint('ETH', someone, 10n ** 18n);
    expect(await client.getBalance({ address: someone })).toBe(10n ** 18n);
  });

  it('mines blocks on demand only (automine)', async () => {
    const before = await client.getBlockNumber();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await client.getBlockNumber()).toBe(before);
    await chain.mine(5);
    expect(await client.getBlockNumber()).toBe(before + 5n);
  });

  it('reverts to a snapshot', async () => {
    const id = await chain.snapshot();
    await chain.mint('USDC', someone, 7n);
    expect(
      await client.readContract({
        address: chain.tokens.USDC,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [someone],
      }),
    ).toBe(7n);
    await chain.revert(id);
    expect(
      await client.readContract({
        address: chain.tokens.USDC,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [someone],
      }),
    ).toBe(0n);
    await expect(chain.revert(id)).rejects.toThrow();
  });
});

describe('the local chain node (interval mining)', () => {
  it('produces blocks without transactions every blockMs and dies on stop', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'openbourse-chain-'));
    const node = await startLocalChainNode({ dataDir, port: 0, blockMs: 200 });
    try {
      const client = createPublicClient({ transport: http(node.rpcUrl), cacheTime: 0 });
      const start = await client.getBlockNumber();
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const end = await client.getBlockNumber();
      expect(end - start).toBeGreaterThanOrEqual(3n);
      const block = await client.getBlock({ blockNumber: end });
      expect(block.transactions).toHaveLength(0);
    } finally {
      await node.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
    await expect(
      createPublicClient({ transport: http(node.rpcUrl, { retryCount: 0 }) }).getChainId(),
    ).rejects.toThrow();
  });
});
