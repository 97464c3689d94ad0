import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SESSION_ENDED_CLOSE_CODE } from '../../platform/realtime/realtime.js';
import { userAuditRows } from '../../test/audit-rows.js';
import { type Instances, startInstances } from '../../test/instances.js';
import { isTestRedisReachable } from '../../test/redis.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignableUser } from '../../test/test-users.js';
import { insertUser } from './identity.repository.js';
import { SESSION_CACHE_TTL_MS } from './identity.service.js';
import { hashPassword } from './password.js';

/**
 * An operator disables and enables a user (#14): the user's sessions end at once, password
 * sign-in answers 10005 while disabled and works again once enabled, and each change writes
 * exactly one audit row with before, after and the reason.
 */

const PASSWORD = 'Quiet-Harbour-Lantern-42';
let counter = 0;

/** A plain user who signs in with a password, inserted with the hash identity would store. */
async function insertPasswordUser(db: TestApp['database']['db']) {
  counter += 1;
  const name = `pw${Date.now().toString(36)}${counter}`;
  return insertUser(db, {
    user_name: name,
    user_name_key: name,
    email: `${name}@example.test`,
    password_hash: await hashPassword(PASSWORD),
    invite_code: `P${counter}${Date.now().toString(36)}`.toUpperCase().slice(0, 12),
    invited_by: null,
    roles: ['user'],
  });
}

async function inject(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  token: string | null,
  payload?: unknown,
) {
  const response = await app.inject({
    method,
    url,
    headers: token ? { authorization: token, 'x-request-id': 'user-status-test' } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json() };
}

const signIn = (app: FastifyInstance, userName: string) =>
  inject(app, 'POST', '/swx/customer/login/login', null, { userName, password: PASSWORD });
const userInfo = (app: FastifyInstance, token: string) => inject(app, 'POST', '/swx/customer/user/getUserInfo', token);
const setStatus = (app: FastifyInstance, token: string, userId: string, status: string, reason = 'Card fraud report') =>
  inject(app, 'POST', `/swx/admin/users/${userId}/status`, token, { status, reason });

describe('disabling and enabling a user', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let admin: { id: string };
  let adminToken: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    app = testApp.app;
    const operator = await createSignableUser(testApp, ['admin']);
    admin = operator;
    adminToken = await operator.signIn();
  }, 60_000);
  afterAll(() => testApp.close());

  const auditRowsFor = (userId: string) => userAuditRows(testApp, userId);

  it('ends the sessions at once, refuses sign-in with 10005, and lets the user in again once enabled', async () => {
    const user = await insertPasswordUser(testApp.database.db);
    const first = await signIn(app, user.user_name);
    expect(first.body.code).toBe(200);
    const token = first.body.data.token as string;
    // The token is verified and cached before the change.
    expect((await userInfo(app, token)).body.code).toBe(200);

    const disabled = await setStatus(app, adminToken, user.id, 'disabled');
    expect(disabled.body).toMatchObject({ code: 200, data: { id: user.id, status: 'disabled' } });
    // The very next request: the session is revoked (401), not served from the cache.
    expect((await userInfo(app, token)).status).toBe(401);
    const sessions = await testApp.database.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((session) => session.revoked_at !== null)).toBe(true);
    const refused = await signIn(app, user.user_name);
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 403, code: 10005 });
    const page = await inject(app, 'GET', `/swx/admin/users/${user.id}`, adminToken);
    expect(page.body.data).toMatchObject({ status: 'disabled', sessions: [] });

    const enabled = await setStatus(app, adminToken, user.id, 'active', 'Fraud report withdrawn');
    expect(enabled.body).toMatchObject({ code: 200, data: { id: user.id, status: 'active' } });
    const again = await signIn(app, user.user_name);
    expect(again.body.code).toBe(200);
    expect((await userInfo(app, again.body.data.token)).body.code).toBe(200);
    // The old session stays ended.
    expect((await userInfo(app, token)).status).toBe(401);

    const rows = await auditRowsFor(user.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      actor_user_id: admin.id,
      action: 'identity.user.status',
      before: { status: 'active' },
      after: { status: 'disabled' },
      reason: 'Card fraud report',
      request_id: 'user-status-test',
      ip: '127.0.0.1',
    });
    expect(rows[1]).toMatchObject({
      action: 'identity.user.status',
      before: { status: 'disabled' },
      after: { status: 'active' },
      reason: 'Fraud report withdrawn',
    });
  });

  it('a disabled user’s token that was never revoked is refused with 10005', async () => {
    // A session that outlived the status change (made behind the back office's back): the guard
    // itself refuses a disabled account.
    const user = await insertPasswordUser(testApp.database.db);
    await setStatus(app, adminToken, user.id, 'disabled');
    const { token } = await app.services.identity.startSession({ ...user, status: 'disabled' }, 'live', {
      userAgent: null,
    });
    const answer = await userInfo(app, token);
    expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 403, code: 10005 });
  });

  it('the status the user already has changes nothing and writes no audit row', async () => {
    const user = await insertPasswordUser(testApp.database.db);
    const token = (await signIn(app, user.user_name)).body.data.token as string;
    expect((await setStatus(app, adminToken, user.id, 'active')).body.code).toBe(200);
    expect((await userInfo(app, token)).body.code).toBe(200);
    expect(await auditRowsFor(user.id)).toHaveLength(0);
  });

  it('refuses an operator disabling themself with 10100 naming the id, and changes nothing', async () => {
    const answer = await setStatus(app, adminToken, admin.id, 'disabled');
    expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 400, code: 10100 });
    expect(JSON.stringify(answer.body.data)).toContain('params.id');
    expect((await inject(app, 'GET', '/swx/admin/users?size=1', adminToken)).body.code).toBe(200);
    expect(await auditRowsFor(admin.id)).toHaveLength(0);
  });
});

const hasRedis = await isTestRedisReachable('the two-instance user-status test');

describe.skipIf(!hasRedis)('disabling a user across two instances with Redis', () => {
  let instances: Instances | undefined;

  beforeAll(async () => {
    instances = await startInstances(2, { MARKET_FEED: '' });
  }, 30_000);
  afterAll(async () => {
    await instances?.close();
  });

  it('ends on instance B, before B’s cache would expire, a session of a user disabled on instance A', async () => {
    const { apps, database } = instances as Instances;
    const [a, b] = apps;
    if (!a || !b) throw new Error('two instances expected');
    const operator = await insertUser(database.db, {
      user_name: 'twoinstadmin',
      user_name_key: 'twoinstadmin',
      email: 'twoinstadmin@example.test',
      password_hash: null,
      invite_code: 'TWOADM01',
      invited_by: null,
      roles: ['admin'],
    });
    // Operators must have two-factor on (#14).
    await database.db.updateTable('users').set({ totp_enabled: true }).where('id', '=', operator.id).execute();
    const adminToken = (await a.services.identity.startSession(operator, 'live', { userAgent: null })).token;
    const user = await insertPasswordUser(database.db);
    const { token } = await a.services.identity.startSession(user, 'live', { userAgent: null });
    // B verifies the token and keeps it in its cache.
    expect((await userInfo(b, token)).status).toBe(200);
    expect((await userInfo(b, token)).status).toBe(200);
    // And the user's socket on B is signed in with it.
    const address = b.server.address();
    if (!address || typeof address === 'string') throw new Error('B listens on no port');
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/swx/customer/message`);
    const messages: Array<{ op?: string; ok?: boolean }> = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as { op?: string; ok?: boolean }));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ op: 'auth', token }));
    const deadline = Date.now() + 5000;
    while (!messages.some((message) => message.op === 'authenticated') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(messages).toContainEqual({ op: 'authenticated', ok: true });

    const disabledAt = Date.now();
    expect((await setStatus(a, adminToken, user.id, 'disabled')).body.code).toBe(200);
    let status = 200;
    while (status === 200 && Date.now() - disabledAt < SESSION_CACHE_TTL_MS / 2) {
      status = (await userInfo(b, token)).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
    expect(Date.now() - disabledAt).toBeLessThan(SESSION_CACHE_TTL_MS / 2);
    // The socket on B is told and closed, not left signed in until it reconnects.
    expect(await closed).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(messages).toContainEqual({ op: 'authenticated', ok: false });
    expect(Date.now() - disabledAt).toBeLessThan(SESSION_CACHE_TTL_MS / 2);
    expect((await signIn(b, user.user_name)).body.code).toBe(10005);
  });
});
