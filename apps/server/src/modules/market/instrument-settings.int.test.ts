import type { TAdminInstrumentSettings, THoursClosure, TPosition } from '@openbourse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { answerAppropriateness } from '../../test/appropriateness.js';
import { injectJson } from '../../test/inject-json.js';
import { type Instances, startInstances } from '../../test/instances.js';
import { isTestRedisReachable } from '../../test/redis.js';
import { fundLive } from '../../test/suites/suite-app.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createUserWithSession } from '../../test/test-users.js';

/**
 * The back office's instrument settings (#14): a change applies to the next order at once, a
 * value outside its bounds is refused and changes nothing, each change writes one audit row,
 * and another instance follows through the cluster bus.
 */
const AT = Date.parse('2026-11-26T15:00:00Z');
let testApp: TestApp;
let adminToken: string;
let trader: { id: string; token: string };

const call = <T>(token: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  injectJson<T>(testApp.app, token, method, url, payload, 'instrument-settings-test');

const change = (code: string, payload: object, token: string | null = adminToken) =>
  call<TAdminInstrumentSettings>(token, 'POST', `/swx/admin/instruments/${code}`, payload);

const open = (code: string, leverage: number, lots = '0.01') =>
  call<TPosition>(trader.token, 'POST', '/swx/customer/contracts/open', { code, side: 'long', lots, leverage });

const auditRows = (code: string) =>
  testApp.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_type', '=', 'instrument')
    .where('target_id', '=', code)
    .orderBy('id')
    .execute();

const row = (code: string) =>
  testApp.database.db
    .selectFrom('market_instruments')
    .select(['enabled', 'leverage_cap', 'min_lots', 'max_lots'])
    .where('code', '=', code)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  testApp = await createTestApp(
    { MARKET_FEED: 'sandbox', MARKET_SANDBOX_INTERVAL_MS: '60000', MARKET_SANDBOX_BACKFILL_MINUTES: '0' },
    undefined,
    { clock: fixedClock(new Date(AT)) },
  );
  testApp.app.services.marketHub.ingest('sandbox', [
    { code: 'BTCUSDT', price: '65000', time: AT },
    { code: 'ETHUSDT', price: '3000', time: AT },
  ]);
  adminToken = (await createUserWithSession(testApp, ['admin'])).token;
  trader = await createUserWithSession(testApp);
  await fundLive(testApp, trader.id, '100000');
  await answerAppropriateness(testApp.app, trader.token);
}, 60_000);
afterAll(() => testApp.close());

describe('the back-office instrument settings', () => {
  it('lists every instrument with its settings and its class cap', async () => {
    const listed = await call<{ items: TAdminInstrumentSettings[] }>(adminToken, 'GET', '/swx/admin/instruments');
    expect(listed.status).toBe(200);
    expect(listed.body.data.items.find((item) => item.code === 'BTCUSDT')).toEqual({
      code: 'BTCUSDT',
      name: expect.any(String),
      type: 2,
      assetClass: 'crypto',
      enabled: true,
      leverageCap: 2,
      classLeverageCap: 2,
      minLots: expect.any(String),
      maxLots: expect.any(String),
      lotStep: expect.any(String),
      feeRate: '0.001',
      hours: 'crypto_24_7',
    });
  });

  it('a lowered leverage cap refuses a higher leverage at once; open positions are kept', async () => {
    const before = await open('BTCUSDT', 2);
    expect(before.body.code).toBe(200);
    const lowered = await change('BTCUSDT', { leverageCap: 1, reason: 'volatility' });
    expect(lowered.status).toBe(200);
    expect(lowered.body.data).toMatchObject({ code: 'BTCUSDT', leverageCap: 1, classLeverageCap: 2 });
    const refused = await open('BTCUSDT', 2);
    expect(refused.body.code).toBe(10139);
    expect((await open('BTCUSDT', 1)).body.code).toBe(200);
    // The position opened at leverage 2 is untouched and still closes.
    const closed = await call<TPosition>(trader.token, 'POST', '/swx/customer/contracts/close', {
      orderNo: before.body.data.orderNo,
    });
    expect(closed.body.code).toBe(200);
    await change('BTCUSDT', { leverageCap: 2, reason: 'back to the class cap' });
    expect((await open('BTCUSDT', 2)).body.code).toBe(200);
  });

  it('a disabled instrument refuses new opens with 10132 and leaves the listing; enabling lets it trade again', async () => {
    const held = await open('ETHUSDT', 2);
    expect(held.body.code).toBe(200);
    expect((await change('ETHUSDT', { enabled: false, reason: 'delisting' })).body.data.enabled).toBe(false);
    const refused = await open('ETHUSDT', 2);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe(10132);
    const listing = await call<Array<{ code: string }>>(null, 'GET', '/swx/customer/index/listMarketByType?type=2');
    expect(listing.body.data.some((item) => item.code === 'ETHUSDT')).toBe(false);
    // The open position keeps its price and closes.
    const closed = await call<TPosition>(trader.token, 'POST', '/swx/customer/contracts/close', {
      orderNo: held.body.data.orderNo,
    });
    expect(closed.body.code).toBe(200);
    await change('ETHUSDT', { enabled: true, reason: 'relisted' });
    expect((await open('ETHUSDT', 2)).body.code).toBe(200);
  });

  it('changed lot limits apply to the next order', async () => {
    const before = await row('BTCUSDT');
    const changed = await change('BTCUSDT', { minLots: '0.05', reason: 'larger minimum' });
    expect(changed.body.data.minLots).toBe('0.05');
    expect((await open('BTCUSDT', 1, '0.01')).body.code).not.toBe(200);
    expect((await open('BTCUSDT', 1, '0.05')).body.code).toBe(200);
    await change('BTCUSDT', { minLots: String(before.min_lots), reason: 'restore' });
  });

  it('refuses bad input with a catalogue code and changes nothing', async () => {
    const before = await row('BTCUSDT');
    const rowsBefore = (await auditRows('BTCUSDT')).length;
    const aboveClass = await change('BTCUSDT', { leverageCap: 3, reason: 'too high' });
    expect(aboveClass.status).toBe(400);
    expect(aboveClass.body.code).toBe(10139);
    const minAboveMax = await change('BTCUSDT', { minLots: '1000000', reason: 'no' });
    expect(minAboveMax.body.code).toBe(10100);
    const offStep = await change('BTCUSDT', { maxLots: '1.0000001', reason: 'no' });
    expect(offStep.body.code).toBe(10100);
    const negative = await change('BTCUSDT', { minLots: '-1', reason: 'no' });
    expect(negative.body.code).toBe(10100);
    const noReason = await change('BTCUSDT', { enabled: false });
    expect(noReason.body.code).toBe(10100);
    const unknown = await change('NOSUCH', { enabled: false, reason: 'no' });
    expect(unknown.body.code).toBe(10132);
    const negativeFee = await call(adminToken, 'POST', '/swx/admin/instruments/fee-schedule/crypto', {
      rate: '-0.001',
      reason: 'no',
    });
    expect(negativeFee.body.code).toBe(10100);
    const unknownClass = await call(adminToken, 'POST', '/swx/admin/instruments/fee-schedule/bonds', {
      rate: '0.001',
      reason: 'no',
    });
    expect(unknownClass.body.code).toBe(10100);
    expect(await row('BTCUSDT')).toEqual(before);
    expect(testApp.app.services.marketHub.instrument('BTCUSDT')?.leverage_cap).toBe(before.leverage_cap);
    expect((await auditRows('BTCUSDT')).length).toBe(rowsBefore);
  });

  it('writes exactly one audit row per change, with before, after, reason, request id and IP; none for no change', async () => {
    const rowsBefore = (await auditRows('BTCUSDT')).length;
    await change('BTCUSDT', { leverageCap: 1, reason: 'audit check' });
    await change('BTCUSDT', { leverageCap: 1, reason: 'the same again' });
    const rows = await auditRows('BTCUSDT');
    expect(rows.length).toBe(rowsBefore + 1);
    expect(rows.at(-1)).toMatchObject({
      action: 'market.instrument.update',
      before: expect.objectContaining({ leverageCap: 2 }),
      after: expect.objectContaining({ leverageCap: 1 }),
      reason: 'audit check',
      request_id: 'instrument-settings-test',
      ip: expect.any(String),
    });
    await change('BTCUSDT', { leverageCap: 2, reason: 'restore' });
  });

  it('a fee rate change is charged on the next open, with one audit row', async () => {
    const changed = await call(adminToken, 'POST', '/swx/admin/instruments/fee-schedule/crypto', {
      rate: '0.002',
      reason: 'fee review',
    });
    expect(changed.body).toMatchObject({ code: 200, data: { assetClass: 'crypto', rate: '0.002' } });
    // Notional 0.01 × 65,000 = 650; fee 0.2 % = 1.3 (no waiting for the schedule's cache).
    const opened = await open('BTCUSDT', 2);
    expect(opened.body.data.fee).toBe('1.300000');
    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'market.fee.update')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target_id: 'crypto', before: { rate: '0.001' }, after: { rate: '0.002' } });
    await call(adminToken, 'POST', '/swx/admin/instruments/fee-schedule/crypto', { rate: '0.001', reason: 'back' });
  });

  it('answers a visitor 401 and a plain user 403', async () => {
    expect((await change('BTCUSDT', { enabled: false, reason: 'x' }, null)).status).toBe(401);
    expect((await change('BTCUSDT', { enabled: false, reason: 'x' }, trader.token)).status).toBe(403);
    expect((await call(trader.token, 'GET', '/swx/admin/instruments')).status).toBe(403);
    expect((await row('BTCUSDT')).enabled).toBe(true);
  });
});

const hasRedis = await isTestRedisReachable('the instrument settings two-instance test');

describe.skipIf(!hasRedis)('instrument settings on two instances', () => {
  let instances: Instances | undefined;

  beforeAll(async () => {
    instances = await startInstances(2, {
      MARKET_FEED: 'sandbox',
      MARKET_SANDBOX_INTERVAL_MS: '60000',
      MARKET_SANDBOX_BACKFILL_MINUTES: '0',
    });
  }, 30_000);
  afterAll(async () => {
    await instances?.close();
  });

  it('a change made on instance A applies on instance B without a restart', async () => {
    const [a, b] = instances?.apps ?? [];
    if (!a || !b || !instances) throw new Error('no instances');
    const operator = await createUserWithSession({ app: a, database: instances.database, close: async () => {} }, [
      'admin',
    ]);
    expect(b.services.marketHub.instrument('USDJPY')?.leverage_cap).toBe(30);
    const changed = await injectJson(a, operator.token, 'POST', '/swx/admin/instruments/USDJPY', {
      leverageCap: 10,
      enabled: false,
      reason: 'two instances',
    });
    expect(changed.status).toBe(200);
    const deadline = Date.now() + 5000;
    while (b.services.marketHub.instrument('USDJPY')?.leverage_cap !== 10 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(b.services.marketHub.instrument('USDJPY')).toMatchObject({ leverage_cap: 10, enabled: false });
    expect(b.services.marketHub.instruments().some((instrument) => instrument.code === 'USDJPY')).toBe(false);
  });

  it('a trading-hours closure made on instance A closes the instrument on B, and lifting it reopens there', async () => {
    const [a, b] = instances?.apps ?? [];
    if (!a || !b || !instances) throw new Error('no instances');
    const operator = await createUserWithSession({ app: a, database: instances.database, close: async () => {} }, [
      'admin',
    ]);
    const instrument = b.services.marketHub.instrument('SOLUSDT');
    if (!instrument) throw new Error('no SOLUSDT');
    const tradableOnB = async (expected: boolean) => {
      const deadline = Date.now() + 5000;
      while (b.services.marketHub.isTradableAt(instrument, new Date()) !== expected && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return b.services.marketHub.isTradableAt(instrument, new Date());
    };
    expect(await tradableOnB(true)).toBe(true);
    const now = Date.now();
    const created = await injectJson<THoursClosure>(
      a,
      operator.token,
      'POST',
      '/swx/admin/instruments/SOLUSDT/closures',
      {
        startsAt: new Date(now - 3_600_000).toISOString(),
        endsAt: new Date(now + 3_600_000).toISOString(),
        reason: 'two instances',
      },
    );
    expect(created.status).toBe(200);
    expect(await tradableOnB(false)).toBe(false);
    await injectJson(
      a,
      operator.token,
      'POST',
      `/swx/admin/instruments/SOLUSDT/closures/${created.body.data.id}/cancel`,
      {
        reason: 'two instances, lifted',
      },
    );
    expect(await tradableOnB(true)).toBe(true);
  });
});
