import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { type ChainConfig, chainConfigFrom, createChainRuntime } from './chain-runtime.js';
import { erc20Abi } from './erc20.js';

/** The environment tests run with (no local node unless asked), `env` on top. */
const testConfig = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', CHAIN_LOCAL_NODE: 'false', ...env });
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const atOnce = { afterListen: (_part: string, work: () => Promise<void>) => void work().catch(() => {}) };

describe('chain configuration', () => {
  it('offers the networks whose RPC URL is set, Sepolia only with testnets allowed', () => {
    const env = {
      CHAIN_RPC_URL_ETHEREUM: 'https://eth.example',
      CHAIN_RPC_URL_SEPOLIA: 'https://sepolia.example',
      CHAIN_TOKEN_USDC_SEPOLIA: '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238',
    };
    const withoutTestnets = createChainRuntime({
      config: chainConfigFrom(testConfig(env)),
      log: quiet,
      startup: atOnce,
    });
    expect(withoutTestnets.evmNetworks().map((network) => network.id)).toEqual(['ethereum']);
    const ethereum = withoutTestnets.evmNetwork('ethereum');
    expect(ethereum).toMatchObject({
      chainId: 1,
      label: 'Ethereum',
      confirmations: 12,
      explorerTxUrl: 'https://etherscan.io/tx/',
      tokens: {
        USDT: { address: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 },
        USDC: { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6 },
      },
    });
    expect(() => withoutTestnets.publicClient('sepolia')).toThrow();
    expect(withoutTestnets.tron).toBeNull();
    expect(withoutTestnets.localNode()).toBeNull();

    const withTestnets = createChainRuntime({
      config: chainConfigFrom(testConfig({ ...env, WALLET_ALLOW_TESTNETS: 'true', CONFIRMATIONS_SEPOLIA: '3' })),
      log: quiet,
      startup: atOnce,
    });
    expect(withTestnets.evmNetwork('sepolia')).toMatchObject({
      chainId: 11155111,
      confirmations: 3,
      tokens: { USDC: { address: '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238', decimals: 6 } },
    });
    expect(withTestnets.evmNetwork('sepolia')?.tokens.USDT).toBeUndefined();
  });

  it('defaults the local node to sandbox without RPC URLs, and refuses the sandbox chain in production', () => {
    expect(testConfig({ CHAIN_LOCAL_NODE: '' }).CHAIN_LOCAL_NODE).toBe(true);
    expect(testConfig({ CHAIN_LOCAL_NODE: '', CHAIN_RPC_URL_ETHEREUM: 'https://eth.example' }).CHAIN_LOCAL_NODE).toBe(
      false,
    );
    expect(() =>
      testConfig({ DEPLOYMENT_MODE: 'production', FILE_STORE_KEY: 'ab'.repeat(32), CHAIN_LOCAL_NODE: 'true' }),
    ).toThrow();
    expect(() =>
      testConfig({
        DEPLOYMENT_MODE: 'production',
        FILE_STORE_KEY: 'ab'.repeat(32),
        CHAIN_RPC_URL_LOCAL: 'http://127.0.0.1:8545',
      }),
    ).toThrow();
  });

  it('keeps private keys out of an API-only instance', () => {
    const keys = {
      DEPOSIT_XPRV: `xprv${'A'.repeat(107)}`,
      WITHDRAWAL_SIGNER_KEY: `0x${'1'.repeat(64)}`,
    };
    expect(testConfig({ ...keys, SERVER_ROLE: 'api' })).toMatchObject({
      DEPOSIT_XPRV: undefined,
      WITHDRAWAL_SIGNER_KEY: undefined,
    });
    expect(testConfig({ ...keys, SERVER_ROLE: 'worker' })).toMatchObject(keys);
  });
});

describe('the chain runtime with its own local node', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'openbourse-runtime-'));
  const config: ChainConfig = {
    ...chainConfigFrom(testConfig({ DATA_DIR: dataDir })),
    localNode: true,
    localBlockMs: 0,
  };
  const runtime = createChainRuntime({ config, log: quiet, startup: atOnce });
  afterAll(async () => {
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('offers the sandbox chain once its node is up, with the deployed tokens', async () => {
    await runtime.ready();
    const node = runtime.localNode();
    expect(node).not.toBeNull();
    const local = runtime.evmNetwork('local');
    expect(local).toMatchObject({ chainId: 31337, label: 'Sandbox chain', confirmations: 2, explorerTxUrl: null });
    expect(local?.tokens.USDT?.address).toBe(node?.tokens.USDT);
    const client = runtime.publicClient('local');
    expect(runtime.publicClient('local')).toBe(client);
    expect(await client.getChainId()).toBe(31337);
    const someone = '0x2222222222222222222222222222222222222222';
    await node?.mint('USDC', someone, 42n);
    expect(
      await client.readContract({
        address: local?.tokens.USDC?.address ?? '0x',
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [someone],
      }),
    ).toBe(42n);
  });

  it('stops the node', async () => {
    const rpcUrl = runtime.localNode()?.rpcUrl ?? '';
    await runtime.stop();
    expect(runtime.localNode()).toBeNull();
    expect(runtime.evmNetwork('local')).toBeUndefined();
    await expect(fetch(rpcUrl, { method: 'POST', body: '{}' })).rejects.toThrow();
  });
});
