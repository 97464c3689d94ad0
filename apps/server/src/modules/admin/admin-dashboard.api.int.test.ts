import type { TAdminDashboard, TPosition } from '@openbourse/contracts';
import { formatAmount, parseAmount } from '@openbourse/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisClusterBus } from '../../platform/bus/cluster-bus.js';
import { raiseAlert, resolveAlert } from '../../platform/jobs/alerts.js';
import { createJobs } from '../../platform/jobs/jobs.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createUserWithSession } from '../../test/test-users.js';
import { createPricedTestApp } from '../../test/trading-test-app.js';

/**
 * The back office's dashboard (#14): its figures are measured, so they move with what happens
 * (a registration, a heartbeat, a demo position and its fee); every operator role reads it, a
 * plain user does not. The clock is fixed at the test's start; the price comes through the hub.
 */
const AT = Date.now();
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createPricedTestApp({ at: AT, prices: { BTCUSDT: '65000' } });
}, 60_000);
afterAll(() => testApp.close());

async function dashboard(token: string | null) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/swx/admin/dashboard',
    headers: token ? { authorization: token } : {},
  });
  return { status: response.statusCode, body: response.json() as { code: number; data: TAdminDashboard } };
}

async function customer<T>(token: string, method: 'GET' | 'POST', url: string, payload?: object, demo = false) {
  const response = await testApp.app.inject({
    method,
    url: `/swx/customer${url}`,
    headers: { authorization: token, ...(demo ? { virtually: 'YES' } : {}) },
    ...(payload ? { payload } : {}),
  });
  return response.json() as { code: number; data: T };
}

const book = (data: TAdminDashboard, name: 'live' | 'demo') => data.trading.find((entry) => entry.book === name);
const systemBalance = (data: TAdminDashboard, kind: string) =>
  data.accounts.find((account) => account.book === 'demo' && account.asset === 'USDT' && account.kind === kind)
    ?.balance ?? '0';

describe('GET /swx/admin/dashboard', () => {
  let reviewerToken: string;

  beforeAll(async () => {
    reviewerToken = (await createUserWithSession(testApp, ['user', 'reviewer'])).token;
  });

  it('answers every part, measured now: users, books, queues, feeds and health', async () => {
    const { status, body } = await dashboard(reviewerToken);
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    const data = body.data;
    expect(data.measuredAt).toBe(new Date(AT).toISOString());
    expect(data.users.total).toBeGreaterThanOrEqual(1);
    expect(data.trading.map((entry) => entry.book)).toEqual(['live', 'demo']);
    expect(data.queues.map((queue) => queue.kind)).toContain('adjustment');
    for (const queue of data.queues) expect(queue.pending).toBe(0);
    // The support chat's figures (issue 20): nothing asked yet, nothing measured (support.int.test measures them).
    expect(data.support).toEqual({
      openConversations: 0,
      waitingUser: 0,
      medianFirstResponseSeconds: null,
      medianResolutionSeconds: null,
      averageRating: null,
      ratings: 0,
    });
    const btc = data.feeds.find((feed) => feed.code === 'BTCUSDT');
    expect(btc).toMatchObject({ source: 'sandbox', isStale: false, tradable: true });
    expect(btc?.price).not.toBeNull();
    expect(btc?.updatedAt).toBe(new Date(AT).toISOString());
    expect(data.health).toMatchObject({
      startedAt: new Date(AT).toISOString(),
      uptimeSeconds: 0,
      database: 'ok',
      // This app runs without REDIS_URL: one process is the whole deployment.
      redis: 'off',
    });
    // Never listened: the start-up work (begun on listening) is what readiness names.
    expect(data.health.ready).toBe(data.health.loading.length === 0);
  });

  it('moves with a registration, a heartbeat and a demo position: margin in use and the fee account', async () => {
    const before = (await dashboard(reviewerToken)).body.data;
    const user = await createUserWithSession(testApp, ['user']);
    const afterRegistration = (await dashboard(reviewerToken)).body.data;
    expect(afterRegistration.users.total).toBe(before.users.total + 1);
    expect(afterRegistration.users.registeredToday).toBe(before.users.registeredToday + 1);
    expect(afterRegistration.users.onlineNow).toBe(before.users.onlineNow);

    expect((await customer(user.token, 'POST', '/customer/heartbeat', {})).code).toBe(200);
    const online = (await dashboard(reviewerToken)).body.data;
    expect(online.users.onlineNow).toBe(before.users.onlineNow + 1);

    const opened = await customer<TPosition>(
      user.token,
      'POST',
      '/contracts/open',
      { code: 'BTCUSDT', side: 'long', lots: '0.1', leverage: 2 },
      true,
    );
    expect(opened.code).toBe(200);
    const after = (await dashboard(reviewerToken)).body.data;
    const demoBefore = book(before, 'demo');
    const demoAfter = book(after, 'demo');
    expect(demoAfter?.openPositions).toBe((demoBefore?.openPositions ?? 0) + 1);
    expect(demoAfter?.pendingOrders).toBe(demoBefore?.pendingOrders);
    expect(
      formatAmount(parseAmount(demoAfter?.marginInUse ?? 'x', 6) - parseAmount(demoBefore?.marginInUse ?? 'x', 6), 6),
    ).toBe(opened.data.margin);
    expect(book(after, 'live')).toEqual(book(before, 'live'));
    // The fee went to the demo book's fee account.
    expect(parseAmount(systemBalance(after, 'fees'), 6) - parseAmount(systemBalance(before, 'fees'), 6)).toBe(
      parseAmount(opened.data.fee, 6),
    );
    // The first demo request funded the user's demo book from the demo treasury.
    expect(parseAmount(systemBalance(before, 'treasury'), 6) - parseAmount(systemBalance(after, 'treasury'), 6)).toBe(
      parseAmount('100000', 6),
    );
  });

  it('shows the background work (queued, due, failed, the last failures) and the open operator alerts', async () => {
    const db = testApp.database.db;
    const before = (await dashboard(reviewerToken)).body.data;
    expect(before.jobs).toMatchObject({ running: expect.any(Number), failedLastDay: expect.any(Number) });
    // A worker of its own on the app's database: one job that always fails, one scheduled later.
    const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };
    const jobs = createJobs({ db, log: quiet, clock: { now: () => new Date(AT) } });
    jobs.define(
      'test.dashboard-broken',
      async () => {
        throw new Error('the node did not answer');
      },
      { retries: 0 },
    );
    jobs.define('test.dashboard-later', async () => undefined);
    const failedId = await jobs.enqueue(db, 'test.dashboard-broken', {});
    await jobs.enqueue(db, 'test.dashboard-later', {}, { runAt: new Date(AT + 3_600_000) });
    expect(await jobs.drain()).toBe(1);
    const alert = await raiseAlert(
      db,
      {
        kind: 'deep_reorg',
        message: 'Sandbox chain reorganised deeper than its confirmations',
        details: { network: 'local', depth: 3 },
        dedupeKey: 'local',
      },
      { log: quiet, clock: { now: () => new Date(AT) } },
    );

    const data = (await dashboard(reviewerToken)).body.data;
    expect(data.jobs.queued).toBe(before.jobs.queued + 1);
    expect(data.jobs.due).toBe(before.jobs.due);
    expect(data.jobs.failedLastDay).toBe(before.jobs.failedLastDay + 1);
    expect(data.jobs.recentFailures[0]).toEqual({
      id: failedId,
      name: 'test.dashboard-broken',
      attempts: 1,
      maxAttempts: 1,
      lastError: 'Error: the node did not answer',
      failedAt: new Date(AT).toISOString(),
    });
    expect(data.alerts).toContainEqual({
      id: alert.id,
      kind: 'deep_reorg',
      message: 'Sandbox chain reorganised deeper than its confirmations',
      details: { network: 'local', depth: 3 },
      occurrences: 1,
      createdAt: new Date(AT).toISOString(),
      lastSeenAt: new Date(AT).toISOString(),
    });
    // A resolved alert leaves the dashboard.
    await resolveAlert(db, { id: alert.id }, new Date(AT));
    const after = (await dashboard(reviewerToken)).body.data;
    expect(after.alerts.map((entry) => entry.id)).not.toContain(alert.id);
  });

  it('is read by every operator role, and refused to a plain user and a visitor', async () => {
    const support = await createUserWithSession(testApp, ['user', 'support']);
    const admin = await createUserWithSession(testApp, ['user', 'admin']);
    expect((await dashboard(support.token)).status).toBe(200);
    expect((await dashboard(admin.token)).status).toBe(200);
    const user = await createUserWithSession(testApp, ['user']);
    const asUser = await dashboard(user.token);
    expect({ status: asUser.status, code: asUser.body.code }).toEqual({ status: 403, code: 10107 });
    expect((await dashboard(null)).status).toBe(401);
  });

  it.runIf(process.env.REDIS_URL)(
    'pings Redis when the deployment has one',
    async () => {
      const withRedis = await createTestApp({ REDIS_URL: process.env.REDIS_URL ?? '' });
      try {
        const operator = await createUserWithSession(withRedis, ['user', 'support']);
        const response = await withRedis.app.inject({
          method: 'GET',
          url: '/swx/admin/dashboard',
          headers: { authorization: operator.token },
        });
        expect((response.json() as { data: TAdminDashboard }).data.health).toMatchObject({
          database: 'ok',
          redis: 'ok',
        });
      } finally {
        await withRedis.close();
      }
    },
    60_000,
  );

  it('calls a Redis that does not answer down, within the ping timeout', async () => {
    const quiet = { warn: () => undefined };
    // Port 1: nothing listens there, so the connection is refused.
    const unreachable = createRedisClusterBus('redis://127.0.0.1:1', quiet, 'openbourse:dashboard-test');
    try {
      const startedAt = performance.now();
      expect(await unreachable.ping()).toBe('down');
      expect(performance.now() - startedAt).toBeLessThan(3000);
    } finally {
      await unreachable.close();
    }
  });
});
