import { randomBytes } from 'node:crypto';
import { CATALOGUE } from '@openbourse/contracts';
import { createPublicClient, type Hex, http, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localChain } from '../../platform/chain/local-node.js';
import { EVM_NETWORK_DEFAULTS, type EvmNetwork } from '../../platform/chain/networks.js';
import { systemClock } from '../../platform/clock.js';
import { createAlerts } from '../../platform/jobs/alerts.js';
import { startTestChain, type TestChain } from '../../test/local-chain.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createUserWithSession } from '../../test/test-users.js';
import { insertUploadRow } from '../../test/upload-rows.js';
import type { DepositChains, DepositsContext, DepositsDb } from './deposits.context.js';
import { depositsAdminPlugin, depositsUserPlugin } from './deposits.routes.js';
import { createDepositsRuntime } from './deposits.runtime.js';

/**
 * The deposit routes over HTTP (issue 15): the declared schemas, auth levels and answer codes.
 * Until the composition root wires deposits into the payments module, the test registers the
 * routes on the app itself (before it is ready, so the app's guard protects them); once wired,
 * the app serves them and the same checks hold.
 */

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const BTC_ADDRESS = '1BoatSLRHtKNngkdXEeobR76b53LETtpyT';

let chain: TestChain;
let testApp: TestApp;
const context = {} as DepositsContext;

async function call<T>(token: string | null, method: 'GET' | 'POST', url: string, payload?: object, headers = {}) {
  const response = await testApp.app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: token } : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as { code: number; data: T } };
}

beforeAll(async () => {
  chain = await startTestChain();
  testApp = await createTestApp({ ...chain.env, SERVER_ROLE: 'api', DEPOSIT_ADDRESS_BTC: BTC_ADDRESS }, (app) => {
    if (app.routeTable.some((route) => route.url === '/swx/customer/user/depositAddress')) return;
    void app.register(depositsUserPlugin, { prefix: '/swx/customer', context });
    void app.register(depositsAdminPlugin, { prefix: '/swx/admin', context, hotWalletAddress: null });
  });
  const network: EvmNetwork = {
    id: 'local',
    chainId: EVM_NETWORK_DEFAULTS.local.chainId,
    label: EVM_NETWORK_DEFAULTS.local.label,
    rpcUrl: chain.rpcUrl,
    confirmations: 2,
    tokens: { USDT: { address: chain.tokens.USDT, decimals: 6 }, USDC: { address: chain.tokens.USDC, decimals: 6 } },
    explorerTxUrl: null,
  };
  const client = createPublicClient({ chain: localChain(chain.rpcUrl), transport: http(chain.rpcUrl) }) as PublicClient;
  const chains: DepositChains = {
    evmNetworks: () => [network],
    evmNetwork: (id) => (id === 'local' ? network : undefined),
    publicClient: () => client,
    ready: async () => {},
  };
  const runtime = createDepositsRuntime({
    db: testApp.database.db as unknown as DepositsDb,
    apiPrefix: '/swx/customer',
    clock: systemClock,
    log: silent,
    chains,
    depositXpub: chain.env.DEPOSIT_XPUB as string,
    depositXprv: null,
    hotWalletAddress: null,
    btcAddress: BTC_ADDRESS,
    tron: null,
    tronUsdtContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    sandbox: true,
    reviews: {
      // Queued review items are not what this file checks (deposits.int.test.ts does).
      submit: async () => ({ item: {} as never, isNew: true }),
      findBySource: async () => null,
    },
    alerts: createAlerts({ db: testApp.database.db, log: silent, clock: systemClock }),
    lockConnection: { connectionString: testApp.database.url },
    worker: false,
  });
  Object.assign(context, runtime.context);
}, 120_000);

afterAll(async () => {
  await testApp?.close();
  await chain?.stop();
});

describe('the deposit routes', () => {
  it('publishes the networks, minimums and sandbox flag to anyone', async () => {
    const answer = await call<{
      networks: { network: string; label: string; confirmations: number; tokens: { usdt?: { address: string } } }[];
      minimums: Record<string, string>;
      sandbox: boolean;
    }>(null, 'GET', '/swx/customer/wallet/public/config');
    expect(answer.status).toBe(200);
    const local = answer.body.data.networks.find((network) => network.network === 'local');
    expect(local).toMatchObject({ label: 'Sandbox chain', confirmations: 2 });
    expect(local?.tokens.usdt?.address.toLowerCase()).toBe(chain.tokens.USDT.toLowerCase());
    expect(answer.body.data.minimums).toMatchObject({ USDT: '120', BTC: '0.015', ETH: '0.2' });
  });

  it("answers the caller's own deposit address, the same each time, distinct per user; refuses the demo book and visitors", async () => {
    const user = await createUserWithSession(testApp);
    const other = await createUserWithSession(testApp);
    const url = '/swx/customer/user/depositAddress?asset=USDT&network=local';
    const first = await call<{ address: string; minimum: string; confirmations: number; label: string }>(
      user.token,
      'GET',
      url,
    );
    expect(first.body).toMatchObject({ code: 200, data: { minimum: '120', confirmations: 2, label: 'Sandbox chain' } });
    expect(first.body.data.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect((await call<{ address: string }>(user.token, 'GET', url)).body.data.address).toBe(first.body.data.address);
    const theirs = await call<{ address: string }>(other.token, 'GET', url);
    expect(theirs.body.data.address).not.toBe(first.body.data.address);
    expect((await call(user.token, 'GET', url, undefined, { virtually: 'YES' })).body.code).toBe(
      CATALOGUE.DEMO_NOT_ALLOWED.code,
    );
    expect((await call(null, 'GET', url)).status).toBe(401);
    const btc = await call<{ address: string }>(
      user.token,
      'GET',
      '/swx/customer/user/depositAddress?asset=BTC&network=bitcoin',
    );
    expect(btc.body.data.address).toBe(BTC_ADDRESS);
    expect((await call(user.token, 'GET', '/swx/customer/user/depositAddress?asset=BTC&network=local')).body.code).toBe(
      CATALOGUE.DEPOSIT_NETWORK_UNAVAILABLE.code,
    );
  });

  it('answers a manual claim with 20002 and lists it; refuses an unknown proof file', async () => {
    const user = await createUserWithSession(testApp);
    const fileId = await insertUploadRow(testApp, user.id);
    const claim = {
      asset: 'BTC',
      network: 'bitcoin',
      amount: '0.5',
      txHash: randomBytes(32).toString('hex'),
      fromLast6: 'a1b2c3',
      proofFileId: fileId,
    };
    const refused = await call(user.token, 'POST', '/swx/customer/user/recharge', {
      ...claim,
      proofFileId: 'A'.repeat(22),
    });
    expect(refused.body.code).toBe(CATALOGUE.UPLOAD_NOT_FOUND.code);
    const submitted = await call<{ status: string; source: string }>(
      user.token,
      'POST',
      '/swx/customer/user/recharge',
      claim,
    );
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ code: 20002, data: { status: 'pending_review', source: 'manual' } });
    const listed = await call<{ items: { status: string; amount: string; networkLabel: string }[]; total: number }>(
      user.token,
      'GET',
      '/swx/customer/user/listRecharge?page=1&size=10',
    );
    expect(listed.body.data.total).toBe(1);
    expect(listed.body.data.items[0]).toMatchObject({
      status: 'pending_review',
      amount: '0.5',
      networkLabel: 'Bitcoin',
    });
  });

  it('tracks a hash only when it pays the caller, and keeps the treasury view for admins', async () => {
    const user = await createUserWithSession(testApp);
    await call(user.token, 'GET', '/swx/customer/user/depositAddress?asset=USDT&network=local');
    const elsewhere = await chain.mint('USDT', privateKeyToAccount(chain.funderKey).address, 5_000_000n);
    const notYours = await call(user.token, 'POST', '/swx/customer/user/recharge/track', {
      network: 'local',
      txHash: elsewhere,
    });
    expect(notYours.body.code).toBe(CATALOGUE.DEPOSIT_TX_NOT_TO_YOU.code);
    const unknown = await call(user.token, 'POST', '/swx/customer/user/recharge/track', {
      network: 'local',
      txHash: `0x${'1'.repeat(64)}` as Hex,
    });
    expect(unknown.body.code).toBe(CATALOGUE.DEPOSIT_TX_NOT_FOUND.code);
    expect((await call(user.token, 'GET', '/swx/admin/treasury/chain')).status).toBe(403);
  });
});
