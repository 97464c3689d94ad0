import type { THoursClosure, TMarketInfo, TPosition } from '@openbourse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAppropriateness } from '../../test/appropriateness.js';
import { injectJson } from '../../test/inject-json.js';
import { fundLive } from '../../test/suites/suite-app.js';
import type { TestApp } from '../../test/test-app.js';
import { createUserWithSession } from '../../test/test-users.js';
import { createPricedTestApp } from '../../test/trading-test-app.js';

/**
 * Trading-hours overrides (#14): an operator closes an instrument for a window its schedule has
 * open; orders inside it are refused as on a scheduled close and the price wire says so; lifting
 * it early reopens at once; bad windows change nothing; one audit row per change (another
 * instance following through the cluster bus is tested with the instrument settings). The clock is fixed on a Thursday afternoon, when
 * crypto trades (24/7).
 */
const AT = Date.parse('2026-11-26T15:00:00Z');
const HOUR = 3_600_000;
let testApp: TestApp;
let adminToken: string;
let trader: { id: string; token: string };

const call = <T>(token: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  injectJson<T>(testApp.app, token, method, url, payload, 'hours-closures-test');

const iso = (ms: number) => new Date(ms).toISOString();
const close = (code: string, from: number, until: number, reason = 'exchange outage', token = adminToken) =>
  call<THoursClosure>(token, 'POST', `/swx/admin/instruments/${code}/closures`, {
    startsAt: iso(from),
    endsAt: iso(until),
    reason,
  });
const lift = (code: string, id: string, reason = 'exchange back') =>
  call<THoursClosure>(adminToken, 'POST', `/swx/admin/instruments/${code}/closures/${id}/cancel`, { reason });
const open = (code: string) =>
  call<TPosition>(trader.token, 'POST', '/swx/customer/contracts/open', {
    code,
    side: 'long',
    lots: '0.01',
    leverage: 2,
  });
const tradable = async (code: string) =>
  (await call<TMarketInfo>(null, 'GET', `/swx/customer/index/getMarketInfo/${code}`)).body.data.tradable;
const auditCount = async () =>
  (
    await testApp.database.db
      .selectFrom('audit_log')
      .select(({ fn }) => fn.countAll<string>().as('count'))
      .where('action', 'like', 'market.hours.%')
      .executeTakeFirstOrThrow()
  ).count;

beforeAll(async () => {
  testApp = await createPricedTestApp({ at: AT, prices: { BTCUSDT: '65000', ETHUSDT: '3000' } });
  adminToken = (await createUserWithSession(testApp, ['admin'])).token;
  trader = await createUserWithSession(testApp);
  await fundLive(testApp, trader.id, '100000');
  await answerAppropriateness(testApp.app, trader.token);
}, 60_000);
afterAll(() => testApp.close());

describe('trading-hours closures', () => {
  it('a standing closure refuses opens as a scheduled close does; lifting it reopens at once', async () => {
    expect(await tradable('BTCUSDT')).toBe(true);
    const created = await close('BTCUSDT', AT - HOUR, AT + HOUR);
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ code: 'BTCUSDT', state: 'active', reason: 'exchange outage' });
    expect(await tradable('BTCUSDT')).toBe(false);
    expect((await open('BTCUSDT')).body.code).toBe(10015);
    // Another instrument is not touched.
    expect((await open('ETHUSDT')).body.code).toBe(200);

    const lifted = await lift('BTCUSDT', created.body.data.id);
    expect(lifted.body.data.state).toBe('cancelled');
    expect(await tradable('BTCUSDT')).toBe(true);
    expect((await open('BTCUSDT')).body.code).toBe(200);
  });

  it('an upcoming closure leaves trading open until it begins, and is listed with who made it', async () => {
    const upcoming = await close('BTCUSDT', AT + HOUR, AT + 2 * HOUR, 'planned maintenance');
    expect(upcoming.body.data.state).toBe('upcoming');
    expect(await tradable('BTCUSDT')).toBe(true);
    const listed = await call<{ items: THoursClosure[] }>(adminToken, 'GET', '/swx/admin/instruments/BTCUSDT/closures');
    expect(listed.body.data.items[0]).toMatchObject({ id: upcoming.body.data.id, state: 'upcoming' });
    expect(listed.body.data.items[0]?.createdBy).toEqual(expect.any(String));
    expect(listed.body.data.items.some((item) => item.state === 'cancelled')).toBe(true);
    await lift('BTCUSDT', upcoming.body.data.id);
  });

  it('refuses bad windows and decisions with a catalogue code and changes nothing', async () => {
    const before = await auditCount();
    const rows = async () =>
      (await testApp.database.db.selectFrom('market_hours_closures').selectAll().execute()).length;
    const rowsBefore = await rows();
    expect((await close('BTCUSDT', AT + HOUR, AT)).body.code).toBe(10100);
    expect((await close('BTCUSDT', AT - 2 * HOUR, AT - HOUR)).body.code).toBe(10100);
    expect((await close('BTCUSDT', AT, AT + 40 * 24 * HOUR)).body.code).toBe(10100);
    expect((await close('BTCUSDT', AT, AT + HOUR, 'x')).body.code).toBe(10100);
    expect((await close('NOSUCH', AT, AT + HOUR)).body.code).toBe(10132);
    expect(
      (
        await call(adminToken, 'POST', '/swx/admin/instruments/BTCUSDT/closures', {
          startsAt: 'tomorrow',
          endsAt: iso(AT + HOUR),
          reason: 'bad date',
        })
      ).body.code,
    ).toBe(10100);
    expect(await rows()).toBe(rowsBefore);

    const other = await close('ETHUSDT', AT + HOUR, AT + 2 * HOUR);
    // The id of another instrument's closure, and a closure lifted twice.
    expect((await lift('BTCUSDT', other.body.data.id)).body.code).toBe(10159);
    expect((await lift('ETHUSDT', other.body.data.id)).body.code).toBe(200);
    expect((await lift('ETHUSDT', other.body.data.id)).body.code).toBe(10160);
    expect((await lift('ETHUSDT', '999999999')).body.code).toBe(10159);
    // One row for the closing and one for the lifting; none for the refusals.
    expect(Number(await auditCount())).toBe(Number(before) + 2);
  });

  it('writes one audit row per change with the window, reason, request id and IP', async () => {
    const created = await close('BTCUSDT', AT + HOUR, AT + 3 * HOUR, 'audited outage');
    const row = await testApp.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'market.hours.close')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      target_type: 'instrument',
      target_id: 'BTCUSDT',
      reason: 'audited outage',
      request_id: 'hours-closures-test',
      after: { closureId: created.body.data.id, startsAt: iso(AT + HOUR), endsAt: iso(AT + 3 * HOUR) },
    });
    await lift('BTCUSDT', created.body.data.id);
  });

  it('answers a visitor 401 and a plain user 403, and a refused caller changes nothing', async () => {
    expect((await close('BTCUSDT', AT, AT + HOUR, 'no', '')).status).toBe(401);
    expect((await close('BTCUSDT', AT, AT + HOUR, 'not mine', trader.token)).status).toBe(403);
    expect(await tradable('BTCUSDT')).toBe(true);
  });
});
