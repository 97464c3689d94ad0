import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAuditRows } from '../../test/audit-rows.js';
import { fundLive } from '../../test/suites/suite-app.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignableUser, createUserWithSession } from '../../test/test-users.js';

/** The users part of the back office (#14): search, a user's page, VIP level, bad input, access. */

let testApp: TestApp;

async function call(token: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const response = await testApp.app.inject({
    method,
    url,
    headers: token ? { authorization: token, 'x-request-id': 'admin-users-test' } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json(), text: response.body };
}

type Item = { id: string; userName: string };
const ids = (body: { data: { items: Item[] } }) => body.data.items.map((item) => item.id);

const auditRowsFor = (userId: string) => userAuditRows(testApp, userId);

describe('the back-office users routes', () => {
  let adminToken: string;
  let admin: { id: string };
  let carol: { id: string; userName: string; email: string };
  let carl: { id: string; userName: string; email: string };
  let walleted: { id: string; address: string };

  beforeAll(async () => {
    testApp = await createTestApp();
    const operator = await createSignableUser(testApp, ['admin']);
    admin = operator;
    adminToken = await operator.signIn();
    carol = await createSignableUser(testApp);
    carl = await createSignableUser(testApp);
    // Names the search can tell apart: `carol…` and `carl…`, both starting with `car`.
    await testApp.database.db
      .updateTable('users')
      .set({ user_name: `Carol${carol.id}`, user_name_key: `carol${carol.id}`, email: `carol${carol.id}@example.test` })
      .where('id', '=', carol.id)
      .execute();
    await testApp.database.db
      .updateTable('users')
      .set({ user_name: `Carl${carl.id}`, user_name_key: `carl${carl.id}`, email: `c.${carl.id}@example.test` })
      .where('id', '=', carl.id)
      .execute();
    carol = { ...carol, userName: `Carol${carol.id}`, email: `carol${carol.id}@example.test` };
    carl = { ...carl, userName: `Carl${carl.id}`, email: `c.${carl.id}@example.test` };
    const withWallet = await createSignableUser(testApp);
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    await testApp.database.db
      .updateTable('users')
      .set({ wallet_address: address, wallet_type: 'ethereum' })
      .where('id', '=', withWallet.id)
      .execute();
    walleted = { id: withWallet.id, address };
  }, 60_000);
  afterAll(() => testApp.close());

  it('lists every user newest first, with the listing fields, and pages with a total', async () => {
    const all = await call(adminToken, 'GET', '/swx/admin/users');
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(4);
    expect(ids(all.body)).toEqual([walleted.id, carl.id, carol.id, admin.id]);
    expect(all.body.data.items[2]).toEqual({
      id: carol.id,
      userName: carol.userName,
      email: carol.email,
      walletAddress: null,
      roles: ['user'],
      status: 'active',
      level: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      isOnline: false,
    });
    const second = await call(adminToken, 'GET', '/swx/admin/users?size=3&page=2');
    expect(second.body.data).toMatchObject({ total: 4 });
    expect(ids(second.body)).toEqual([admin.id]);
  });

  it('finds a user by exact id, by a case-insensitive prefix of the name or e-mail, and by wallet address', async () => {
    expect(ids((await call(adminToken, 'GET', `/swx/admin/users?q=${carl.id}`)).body)).toEqual([carl.id]);
    expect(ids((await call(adminToken, 'GET', '/swx/admin/users?q=CAR')).body)).toEqual([carl.id, carol.id]);
    expect(ids((await call(adminToken, 'GET', '/swx/admin/users?q=carol')).body)).toEqual([carol.id]);
    // The e-mail: carl's starts with `c.`, which no user name does.
    expect(ids((await call(adminToken, 'GET', `/swx/admin/users?q=C.${carl.id}%40`)).body)).toEqual([carl.id]);
    const lower = walleted.address.toLowerCase();
    expect(ids((await call(adminToken, 'GET', `/swx/admin/users?q=${lower}`)).body)).toEqual([walleted.id]);
    // An address matches whole, not by a prefix; LIKE's wildcards are plain characters.
    expect((await call(adminToken, 'GET', `/swx/admin/users?q=${lower.slice(0, 20)}`)).body.data.total).toBe(0);
    expect((await call(adminToken, 'GET', '/swx/admin/users?q=%25')).body.data.total).toBe(0);
    expect((await call(adminToken, 'GET', '/swx/admin/users?q=_')).body.data.total).toBe(0);
  });

  it("shows a user's page: profile, sessions without secrets, balances per book", async () => {
    const user = await createSignableUser(testApp);
    await user.signIn();
    await user.signIn();
    await fundLive(testApp, user.id, '250');
    const { status, body, text } = await call(adminToken, 'GET', `/swx/admin/users/${user.id}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id: user.id,
      userName: user.userName,
      email: user.email,
      status: 'active',
      level: 0,
      roles: ['user'],
      phone: null,
      kycStatus: 0,
      totpEnabled: false,
    });
    expect(body.data.sessions).toHaveLength(2);
    expect(Object.keys(body.data.sessions[0]).sort()).toEqual([
      'createdAt',
      'expiresAt',
      'id',
      'ip',
      'lastUsedAt',
      'userAgent',
    ]);
    expect(text).not.toMatch(/token|hash/i);
    expect(body.data.balances).toContainEqual({
      book: 'live',
      asset: 'USDT',
      available: '250.000000',
      held: '0.000000',
    });
  });

  it('changes the VIP level with one audit row holding before and after; the same level again writes none', async () => {
    const user = await createSignableUser(testApp);
    const changed = await call(adminToken, 'POST', `/swx/admin/users/${user.id}/level`, { level: 3 });
    expect(changed.body).toMatchObject({ code: 200, data: { id: user.id, level: 3 } });
    expect((await call(adminToken, 'GET', `/swx/admin/users/${user.id}`)).body.data.level).toBe(3);
    const rows = await auditRowsFor(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_user_id: admin.id,
      action: 'identity.user.level',
      before: { level: 0 },
      after: { level: 3 },
      request_id: 'admin-users-test',
      ip: '127.0.0.1',
    });
    await call(adminToken, 'POST', `/swx/admin/users/${user.id}/level`, { level: 3 });
    expect(await auditRowsFor(user.id)).toHaveLength(1);
  });

  it('refuses bad input with a catalogue code and changes nothing', async () => {
    const user = await createSignableUser(testApp);
    const cases: Array<[string, unknown, number, string]> = [
      [`/swx/admin/users/${user.id}/level`, { level: 5 }, 10100, 'body.level'],
      [`/swx/admin/users/${user.id}/level`, { level: 'VIP9' }, 10100, 'body.level'],
      [`/swx/admin/users/${user.id}/status`, { status: 'disabled' }, 10100, 'body.reason'],
      [`/swx/admin/users/${user.id}/status`, { status: 'disabled', reason: ' x ' }, 10100, 'body.reason'],
      [`/swx/admin/users/${user.id}/status`, { status: 'disabled', reason: 'x'.repeat(501) }, 10100, 'body.reason'],
      [`/swx/admin/users/${user.id}/status`, { status: 'banned', reason: 'Fraud' }, 10100, 'body.status'],
      ['/swx/admin/users/0/level', { level: 1 }, 10100, 'params.id'],
      ['/swx/admin/users/99999999/level', { level: 1 }, 10009, ''],
      ['/swx/admin/users/99999999/status', { status: 'disabled', reason: 'Fraud' }, 10009, ''],
    ];
    for (const [url, payload, code, field] of cases) {
      const { body } = await call(adminToken, 'POST', url, payload);
      expect({ url, payload, code: body.code }).toEqual({ url, payload, code });
      if (field) expect(JSON.stringify(body.data)).toContain(field);
    }
    expect((await call(adminToken, 'GET', '/swx/admin/users/99999999')).body.code).toBe(10009);
    const detail = (await call(adminToken, 'GET', `/swx/admin/users/${user.id}`)).body.data;
    expect({ level: detail.level, status: detail.status }).toEqual({ level: 0, status: 'active' });
    expect(await auditRowsFor(user.id)).toHaveLength(0);
  });

  it('refuses a plain user with 10107 and a visitor with 401 on every users route', async () => {
    const user = await createUserWithSession(testApp);
    const routes: Array<['GET' | 'POST', string, unknown]> = [
      ['GET', '/swx/admin/users', undefined],
      ['GET', `/swx/admin/users/${user.id}`, undefined],
      ['POST', `/swx/admin/users/${user.id}/level`, { level: 1 }],
      ['POST', `/swx/admin/users/${user.id}/status`, { status: 'disabled', reason: 'Fraud' }],
    ];
    for (const [method, url, payload] of routes) {
      const asUser = await call(user.token, method, url, payload);
      expect({ url, status: asUser.status, code: asUser.body.code }).toEqual({ url, status: 403, code: 10107 });
      expect((await call(null, method, url, payload)).status).toBe(401);
    }
    expect(await auditRowsFor(user.id)).toHaveLength(0);
  });
});
