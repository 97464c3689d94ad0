import type { TPosition } from '@openbourse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.js';
import { createUserWithSession } from '../../test/test-users.js';
import { createPricedTestApp } from '../../test/trading-test-app.js';
import { auditLedger } from '../ledger/index.js';

/**
 * The user page's money routes (#14): a user's statement and positions per book, read by support
 * and admins through the ledger's and trading's own listings, and the demo reset an admin does
 * for the user. Prices come from the test through the hub; the clock is fixed on a Thursday
 * afternoon, when crypto trades.
 */
const AT = Date.parse('2026-11-26T15:00:00Z');
let testApp: TestApp;

type Envelope<T = unknown> = { code: number; data: T; msg: string };

async function call<T>(
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  options: { payload?: object; demo?: boolean } = {},
) {
  const headers: Record<string, string> = { 'x-request-id': 'admin-user-money-test' };
  if (token) headers.authorization = token;
  if (options.demo) headers.virtually = 'YES';
  const response = await testApp.app.inject({
    method,
    url,
    headers,
    ...(options.payload ? { payload: options.payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Envelope<T> };
}

type Statement = { total: number; page: number; size: number; entries: Array<{ id: string; reason: string }> };
type Orders = { items: TPosition[]; total: number; codes: string[] };

describe("the back office's user money routes", () => {
  let admin: { id: string; token: string };
  let support: { id: string; token: string };
  let trader: { id: string; token: string };
  let closedOrderNo = '';

  const openDemo = async (token: string) => {
    const opened = await call<TPosition>(token, 'POST', '/swx/customer/contracts/open', {
      payload: { code: 'BTCUSDT', side: 'long', lots: '0.1', leverage: 2 },
      demo: true,
    });
    expect(opened.body.code).toBe(200);
    return opened.body.data;
  };

  beforeAll(async () => {
    testApp = await createPricedTestApp({ at: AT, prices: { BTCUSDT: '65000' } });
    admin = await createUserWithSession(testApp, ['admin']);
    support = await createUserWithSession(testApp, ['support']);
    trader = await createUserWithSession(testApp, ['user']);
    // Three demo positions; one of them closed again, so the history has one.
    await openDemo(trader.token);
    await openDemo(trader.token);
    const third = await openDemo(trader.token);
    const closed = await call<TPosition>(trader.token, 'POST', '/swx/customer/contracts/close', {
      payload: { orderNo: third.orderNo },
      demo: true,
    });
    expect(closed.body.code).toBe(200);
    closedOrderNo = third.orderNo;
  }, 60_000);
  afterAll(() => testApp.close());

  it("answers the user's demo statement as the user's own statement page lists it, the live one empty, paged", async () => {
    const own = await call<Statement>(trader.token, 'GET', '/swx/customer/user/statement?size=100', { demo: true });
    expect(own.body.code).toBe(200);
    expect(own.body.data.total).toBeGreaterThanOrEqual(4);
    const demo = await call<Statement>(
      admin.token,
      'GET',
      `/swx/admin/users/${trader.id}/statement?book=demo&size=100`,
    );
    expect(demo.status).toBe(200);
    expect(demo.body.data).toEqual(own.body.data);
    expect(demo.body.data.entries.map((entry) => entry.reason)).toContain('demo_funding');

    const live = await call<Statement>(admin.token, 'GET', `/swx/admin/users/${trader.id}/statement?book=live`);
    expect(live.body.data).toEqual({ total: 0, page: 1, size: 20, entries: [] });
    // Without a book: live.
    const unsaid = await call<Statement>(admin.token, 'GET', `/swx/admin/users/${trader.id}/statement`);
    expect(unsaid.body.data.total).toBe(0);

    const second = await call<Statement>(
      admin.token,
      'GET',
      `/swx/admin/users/${trader.id}/statement?book=demo&size=2&page=2`,
    );
    expect(second.body.data).toMatchObject({ total: own.body.data.total, page: 2, size: 2 });
    expect(second.body.data.entries.map((entry) => entry.id)).toEqual(
      own.body.data.entries.slice(2, 4).map((entry) => entry.id),
    );
    // The ledger's filters: only the funding.
    const funding = await call<Statement>(
      admin.token,
      'GET',
      `/swx/admin/users/${trader.id}/statement?book=demo&reason=demo_funding`,
    );
    expect(funding.body.data.entries.map((entry) => entry.reason)).toEqual(['demo_funding']);
  });

  it("answers the user's demo positions per status as trading lists them for the user, the live book empty, paged", async () => {
    const own = await call<Orders>(trader.token, 'GET', '/swx/customer/contracts/orders?status=open', { demo: true });
    const open = await call<Orders>(
      admin.token,
      'GET',
      `/swx/admin/users/${trader.id}/positions?book=demo&status=open`,
    );
    expect(open.status).toBe(200);
    expect(open.body.data.total).toBe(2);
    expect(open.body.data.items.map((item) => item.orderNo)).toEqual(own.body.data.items.map((item) => item.orderNo));
    expect(open.body.data.items.every((item) => item.book === 'demo' && item.status === 'open')).toBe(true);

    const history = await call<Orders>(
      admin.token,
      'GET',
      `/swx/admin/users/${trader.id}/positions?book=demo&status=closed`,
    );
    expect(history.body.data.items.map((item) => item.orderNo)).toEqual([closedOrderNo]);
    expect(history.body.data.items[0]?.realisedPnl).not.toBeNull();

    const pending = await call<Orders>(
      admin.token,
      'GET',
      `/swx/admin/users/${trader.id}/positions?book=demo&status=pending`,
    );
    expect(pending.body.data.total).toBe(0);
    const live = await call<Orders>(
      admin.token,
      'GET',
      `/swx/admin/users/${trader.id}/positions?book=live&status=open`,
    );
    expect(live.body.data).toEqual({ items: [], total: 0, codes: [] });

    const page2 = await call<Orders>(
      admin.token,
      'GET',
      `/swx/admin/users/${trader.id}/positions?book=demo&status=open&size=1&page=2`,
    );
    expect(page2.body.data.total).toBe(2);
    expect(page2.body.data.items.map((item) => item.orderNo)).toEqual([own.body.data.items[1]?.orderNo]);
  });

  it('lets a support agent read the statement and positions but not reset the demo book', async () => {
    const statement = await call(support.token, 'GET', `/swx/admin/users/${trader.id}/statement?book=demo`);
    expect(statement.body.code).toBe(200);
    const positions = await call(support.token, 'GET', `/swx/admin/users/${trader.id}/positions?book=demo`);
    expect(positions.body.code).toBe(200);
    const reset = await call(support.token, 'POST', `/swx/admin/users/${trader.id}/demo/reset`);
    expect({ status: reset.status, code: reset.body.code }).toEqual({ status: 403, code: 10107 });
    // Still open: nothing was reset.
    const open = await call<Orders>(
      admin.token,
      'GET',
      `/swx/admin/users/${trader.id}/positions?book=demo&status=open`,
    );
    expect(open.body.data.total).toBe(2);
  });

  it('refuses an unknown user with 10009 on each route, and a plain user with 10107', async () => {
    const unknown = '99999999';
    const routes: Array<['GET' | 'POST', string]> = [
      ['GET', `/swx/admin/users/${unknown}/statement?book=demo`],
      ['GET', `/swx/admin/users/${unknown}/positions?book=demo`],
      ['POST', `/swx/admin/users/${unknown}/demo/reset`],
    ];
    for (const [method, url] of routes) {
      const answer = await call(admin.token, method, url);
      expect({ url, status: answer.status, code: answer.body.code }).toEqual({ url, status: 404, code: 10009 });
      const asUser = await call(trader.token, method, url.replace(unknown, trader.id));
      expect({ url, code: asUser.body.code }).toEqual({ url, code: 10107 });
    }
    const rows = await testApp.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'ledger.demo_reset')
      .where('target_id', '=', unknown)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it("resets the user's demo book: positions closed, exactly 100,000 USDT, one audit row, the ledger clean", async () => {
    const reset = await call<{ asset: string; available: string }>(
      admin.token,
      'POST',
      `/swx/admin/users/${trader.id}/demo/reset`,
    );
    expect(reset.body).toMatchObject({ code: 20005, data: { asset: 'USDT', available: '100000.000000' } });

    const open = await call<Orders>(
      admin.token,
      'GET',
      `/swx/admin/users/${trader.id}/positions?book=demo&status=open`,
    );
    expect(open.body.data.total).toBe(0);
    const history = await call<Orders>(
      admin.token,
      'GET',
      `/swx/admin/users/${trader.id}/positions?book=demo&status=closed`,
    );
    expect(history.body.data.total).toBe(3);
    const detail = await call<{ balances: Array<{ book: string; asset: string; available: string; held: string }> }>(
      admin.token,
      'GET',
      `/swx/admin/users/${trader.id}`,
    );
    expect(detail.body.data.balances.filter((balance) => balance.book === 'demo' && balance.asset === 'USDT')).toEqual([
      { book: 'demo', asset: 'USDT', available: '100000.000000', held: '0.000000' },
    ]);
    const statement = await call<Statement>(admin.token, 'GET', `/swx/admin/users/${trader.id}/statement?book=demo`);
    expect(statement.body.data.entries[0]?.reason).toBe('demo_reset');

    const rows = await testApp.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'ledger.demo_reset')
      .execute();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      actor_user_id: admin.id,
      target_type: 'user',
      target_id: trader.id,
      after: { book: 'demo', asset: 'USDT', available: '100000.000000', held: '0.000000' },
      request_id: 'admin-user-money-test',
      ip: '127.0.0.1',
    });
    // Before: the two open positions' margin still held.
    const before = row?.before as { held: string; available: string };
    expect(before.held).not.toBe('0.000000');
    expect(await auditLedger(testApp.database.db)).toEqual([]);
  });
});
