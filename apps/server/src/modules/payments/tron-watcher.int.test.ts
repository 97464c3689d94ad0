import { CATALOGUE } from '@openbourse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTronAddress } from '../../platform/chain/addresses.js';
import { generateSandboxKeys } from '../../platform/chain/hd-keys.js';
import type { TronApi, TronTrc20Transfer } from '../../platform/chain/tron-api.js';
import { systemClock } from '../../platform/clock.js';
import { createAlerts } from '../../platform/jobs/alerts.js';
import { notificationCount } from '../../test/notification-rows.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createTestReviews } from '../../test/test-reviews.js';
import { createUserWithSession } from '../../test/test-users.js';
import { auditLedger, getBalances } from '../ledger/index.js';
import { depositAddressFor } from './deposit-addresses.js';
import { listRecharge } from './deposit-wire.js';
import type { DepositsContext, DepositsDb } from './deposits.context.js';
import { createDepositsRuntime } from './deposits.runtime.js';
import { createTronWatcher } from './tron-watcher.js';

/**
 * Tron deposits through a TronGrid-compatible API (issue 15): each user's own Tron address,
 * confirmed USDT transfers into it credited exactly once (across repeated answers, a restart and
 * paging), below-minimum ones kept until they add up; without an API, no Tron address.
 */

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const USDT_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const SENDER = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';

/** An in-memory Tron API: the confirmed transfers into each address, answered two per page. */
function fakeTronApi() {
  const transfers: TronTrc20Transfer[] = [];
  const asked: Array<{ address: string; minTimestamp: number | undefined }> = [];
  const api: TronApi = {
    usdtContract: USDT_TRON,
    async incomingTransfers({ address, contract, minTimestamp, fingerprint }) {
      if (!fingerprint) asked.push({ address, minTimestamp });
      const matching = transfers
        .filter((t) => t.to === address && t.contract === contract && t.blockTimestamp >= (minTimestamp ?? 0))
        .sort((a, b) => a.blockTimestamp - b.blockTimestamp);
      const start = fingerprint ? Number(fingerprint) : 0;
      const next = start + 2 < matching.length ? String(start + 2) : null;
      return { transfers: matching.slice(start, start + 2), nextFingerprint: next };
    },
  };
  const send = (to: string, units: number, at: number, txByte: string) =>
    transfers.push({
      txId: txByte.repeat(64),
      blockTimestamp: at,
      from: SENDER,
      to,
      value: BigInt(units) * 1_000_000n,
      contract: USDT_TRON,
      symbol: 'USDT',
      decimals: 6,
    });
  return { api, asked, send };
}

let testApp: TestApp;
let db: DepositsDb;
const tron = fakeTronApi();
let context: DepositsContext;
let unwatched: DepositsContext;

function runtimeContext(api: TronApi | null): DepositsContext {
  const review = createTestReviews(testApp);
  const runtime = createDepositsRuntime({
    db,
    apiPrefix: '/swx/customer',
    clock: systemClock,
    log: silent,
    chains: null,
    depositXpub: generateSandboxKeys().depositXpub,
    depositXprv: null,
    hotWalletAddress: null,
    btcAddress: null,
    tron: api,
    tronUsdtContract: USDT_TRON,
    sandbox: true,
    reviews: review.service,
    alerts: createAlerts({ db: testApp.database.db, log: silent, clock: systemClock }),
    lockConnection: { connectionString: testApp.database.url },
    worker: false,
  });
  review.service.registerHandler(runtime.depositReview);
  return runtime.context;
}

beforeAll(async () => {
  testApp = await createTestApp({ SERVER_ROLE: 'api' });
  db = testApp.database.db as unknown as DepositsDb;
  context = runtimeContext(tron.api);
  unwatched = runtimeContext(null);
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

async function usdt(userId: string): Promise<string> {
  const balance = (await getBalances(db, 'live', userId)).find((row) => row.asset === 'USDT');
  return (balance?.available ?? 0n).toString();
}

const notifications = (userId: string, template: string) =>
  notificationCount(testApp.database.db as never, userId, template);

describe('Tron deposits through the Tron API', () => {
  it('gives each user a Tron address of their own for USDT, and none without an API', async () => {
    const user = await createUserWithSession(testApp);
    const first = await depositAddressFor(context, user.id, { asset: 'USDT', network: 'tron' });
    expect(isTronAddress(first.address)).toBe(true);
    expect(first).toMatchObject({ network: 'tron', label: 'Tron', minimum: '120', confirmations: 19 });
    expect((await depositAddressFor(context, user.id, { asset: 'USDT', network: 'tron' })).address).toBe(first.address);
    const other = await createUserWithSession(testApp);
    expect((await depositAddressFor(context, other.id, { asset: 'USDT', network: 'tron' })).address).not.toBe(
      first.address,
    );
    await expect(depositAddressFor(context, user.id, { asset: 'ETH', network: 'tron' })).rejects.toMatchObject({
      code: CATALOGUE.DEPOSIT_NETWORK_UNAVAILABLE.code,
    });
    // Without a Tron API the user still has an address; a transfer to it is claimed by hand.
    const manual = await depositAddressFor(unwatched, user.id, { asset: 'USDT', network: 'tron' });
    expect(isTronAddress(manual.address)).toBe(true);
    expect(manual.confirmations).toBe(0);
  });

  it('credits confirmed transfers exactly once, keeps small ones until they add up, and asks only from its cursor', async () => {
    const user = await createUserWithSession(testApp);
    const { address } = await depositAddressFor(context, user.id, { asset: 'USDT', network: 'tron' });
    tron.send(address, 125, 1_700_000_001_000, 'a');
    tron.send(address, 50, 1_700_000_002_000, 'b');
    tron.send(address, 80, 1_700_000_003_000, 'c');
    const watcher = createTronWatcher({ context, api: tron.api });
    await watcher.step();
    // 125 at once; 50 and 80 below the minimum of 120, credited together once they reach it.
    expect(await usdt(user.id)).toBe('255000000');
    expect(await notifications(user.id, 'deposit_received')).toBe(3);
    expect(await notifications(user.id, 'deposit_below_minimum')).toBe(2);

    // The API answers the newest one again (its millisecond is asked again), a second watcher
    // (a restart, another instance) steps too: nothing moves twice.
    await Promise.all([watcher.step(), createTronWatcher({ context, api: tron.api }).step()]);
    expect(await usdt(user.id)).toBe('255000000');
    expect(await notifications(user.id, 'deposit_received')).toBe(3);
    const asks = tron.asked.filter((ask) => ask.address === address).map((ask) => ask.minTimestamp);
    expect(asks).toEqual([undefined, 1_700_000_003_000, 1_700_000_003_000]);

    // A later transfer is credited on the next step.
    tron.send(address, 200, 1_700_000_004_000, 'd');
    await watcher.step();
    expect(await usdt(user.id)).toBe('455000000');
    const listed = await listRecharge(context, user.id, { page: 1, size: 20 });
    expect(listed.items).toHaveLength(4);
    for (const deposit of listed.items) {
      expect(deposit).toMatchObject({
        network: 'tron',
        status: 'credited',
        confirmations: 19,
        requiredConfirmations: 19,
      });
      expect(deposit.txUrl).toBe(`https://tronscan.org/#/transaction/${deposit.txHash}`);
    }
    expect(await auditLedger(testApp.database.db)).toEqual([]);
  });
});
