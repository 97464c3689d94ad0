import { createPublicClient, http, type PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../app.js';
import { erc20Abi } from '../../platform/chain/erc20.js';
import type { LocalChainNode } from '../../platform/chain/local-node.js';
import { injectJson } from '../../test/inject-json.js';
import { startTestChain, type TestChain } from '../../test/local-chain.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerFaucetRoute } from './faucet.routes.js';

const FAUCET = `${API_PREFIX}/sandbox/faucet`;
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('the sandbox faucet', () => {
  let chain: TestChain;
  let testApp: TestApp;
  let client: PublicClient;
  /** What the faucet sees as the running node (null: not started yet). */
  let node: LocalChainNode | null = null;

  beforeAll(async () => {
    chain = await startTestChain();
    node = chain;
    client = createPublicClient({ transport: http(chain.rpcUrl), cacheTime: 0 });
    testApp = await createTestApp({ ...chain.env, DEPLOYMENT_MODE: 'sandbox' }, (app) => {
      void registerFaucetRoute(
        app,
        { localNode: () => node },
        { prefix: API_PREFIX, deploymentMode: 'sandbox', localChain: true },
      );
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await chain?.stop();
  });

  const usdtOf = (address: `0x${string}`) =>
    client.readContract({ address: chain.tokens.USDT, abi: erc20Abi, functionName: 'balanceOf', args: [address] });

  it('mints test tokens to an address on the sandbox chain', async () => {
    const before = await usdtOf(RECIPIENT);
    const { status, body } = await injectJson<{ txHash: string; network: string; asset: string; amount: string }>(
      testApp.app,
      null,
      'POST',
      FAUCET,
      { address: RECIPIENT, asset: 'USDT', amount: '250.5' },
    );
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ network: 'local', asset: 'USDT', amount: '250.500000' });
    expect(body.data.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await usdtOf(RECIPIENT)) - before).toBe(250_500_000n);
    const receipt = await client.getTransactionReceipt({ hash: body.data.txHash as `0x${string}` });
    expect(receipt.status).toBe('success');
  });

  it('sends ETH for gas, lower-case addresses too', async () => {
    const address = '0x1234567890123456789012345678901234567890';
    const { status } = await injectJson(testApp.app, null, 'POST', FAUCET, { address, asset: 'ETH', amount: '1.5' });
    expect(status).toBe(200);
    expect(await client.getBalance({ address })).toBe(1_500_000_000_000_000_000n);
  });

  it('refuses bad addresses and amounts beyond the cap or the decimals', async () => {
    const cases: Array<[object, number]> = [
      [{ address: '0x70997970c51812dc3A010C7d01b50e0d17dc79C8', asset: 'USDT', amount: '1' }, 10162],
      [{ address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', asset: 'USDT', amount: '1' }, 10162],
      [{ address: '0x0000000000000000000000000000000000000000', asset: 'USDC', amount: '1' }, 10162],
      [{ address: RECIPIENT, asset: 'USDT', amount: '0' }, 10163],
      [{ address: RECIPIENT, asset: 'USDT', amount: '-5' }, 10163],
      [{ address: RECIPIENT, asset: 'USDC', amount: '1.0000001' }, 10163],
      [{ address: RECIPIENT, asset: 'USDT', amount: '100000.000001' }, 10164],
      [{ address: RECIPIENT, asset: 'ETH', amount: '10.1' }, 10164],
    ];
    for (const [payload, code] of cases) {
      const { status, body } = await injectJson(testApp.app, null, 'POST', FAUCET, payload);
      expect({ payload, code: body.code, status }).toEqual({ payload, code, status: 400 });
    }
    // The cap itself is fine.
    const atCap = await injectJson(testApp.app, null, 'POST', FAUCET, {
      address: RECIPIENT,
      asset: 'USDC',
      amount: '100000',
    });
    expect(atCap.body.code).toBe(200);
  });

  it('answers 503 while the sandbox chain is not running', async () => {
    node = null;
    try {
      const { status, body } = await injectJson(testApp.app, null, 'POST', FAUCET, {
        address: RECIPIENT,
        asset: 'USDT',
        amount: '1',
      });
      expect(status).toBe(503);
      expect(body.code).toBe(10161);
    } finally {
      node = chain;
    }
  });
});

describe('the faucet in production', () => {
  it('is not served at all: the 404 envelope', async () => {
    const testApp = await createTestApp({ DEPLOYMENT_MODE: 'production', FILE_STORE_KEY: 'ab'.repeat(32) }, (app) => {
      void registerFaucetRoute(
        app,
        { localNode: () => null },
        { prefix: API_PREFIX, deploymentMode: 'production', localChain: true },
      );
    });
    try {
      const { status, body } = await injectJson(testApp.app, null, 'POST', FAUCET, {
        address: RECIPIENT,
        asset: 'USDT',
        amount: '1',
      });
      expect(status).toBe(404);
      expect(body.code).toBe(10101);
      expect(testApp.app.routeTable.some((route) => route.url.includes('faucet'))).toBe(false);
    } finally {
      await testApp.close();
    }
  });
});
