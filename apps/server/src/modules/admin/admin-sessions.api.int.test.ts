import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAuditRows } from '../../test/audit-rows.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignableUser, createUserWithSession } from '../../test/test-users.js';

/**
 * The back office ending a user's sessions (#14): one, or all of them, at once (a cached token
 * is refused on the next request), one audit row each; another user's session id changes
 * nothing; support and admin may, a reviewer and a plain user may not.
 */

let testApp: TestApp;

async function call(token: string | null, method: 'GET' | 'POST', url: string) {
  const response = await testApp.app.inject({
    method,
    url,
    headers: token ? { authorization: token, 'x-request-id': 'admin-sessions-test' } : {},
  });
  return { status: response.statusCode, body: response.json() };
}

/** A protected user route: 200 while the session works, 401 once it is revoked. */
async function userInfoStatus(token: string): Promise<number> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/swx/customer/user/getUserInfo',
    headers: { authorization: token },
  });
  return response.statusCode;
}

const auditRowsFor = (userId: string) => userAuditRows(testApp, userId);

type Session = { id: string };

describe('the back-office session routes', () => {
  let supportToken: string;
  let support: { id: string };
  let adminToken: string;
  let admin: { id: string };

  beforeAll(async () => {
    testApp = await createTestApp();
    const supportAgent = await createSignableUser(testApp, ['support']);
    support = supportAgent;
    supportToken = await supportAgent.signIn();
    const anAdmin = await createSignableUser(testApp, ['admin']);
    admin = anAdmin;
    adminToken = await anAdmin.signIn();
  }, 60_000);
  afterAll(() => testApp.close());

  /** A user signed in twice, each session's id as the user page lists it. */
  async function userWithTwoSessions() {
    const user = await createSignableUser(testApp);
    const first = await user.signIn();
    const [one] = (await call(supportToken, 'GET', `/swx/admin/users/${user.id}`)).body.data.sessions as Session[];
    const second = await user.signIn();
    const sessions = (await call(supportToken, 'GET', `/swx/admin/users/${user.id}`)).body.data.sessions as Session[];
    const other = sessions.find((session) => session.id !== one?.id);
    if (!one || !other) throw new Error('two sessions expected');
    return { id: user.id, first: { token: first, id: one.id }, second: { token: second, id: other.id } };
  }

  it('ends one session at once, with one audit row; the other session goes on working', async () => {
    const user = await userWithTwoSessions();
    // Both tokens verified, so each instance's cache holds them.
    expect(await userInfoStatus(user.first.token)).toBe(200);
    expect(await userInfoStatus(user.second.token)).toBe(200);

    const revoked = await call(supportToken, 'POST', `/swx/admin/users/${user.id}/sessions/${user.first.id}/revoke`);
    expect(revoked.body).toEqual({
      code: 200,
      msg: expect.any(String),
      data: { id: user.id, revokedSessionIds: [user.first.id] },
    });
    expect(await userInfoStatus(user.first.token)).toBe(401);
    expect(await userInfoStatus(user.second.token)).toBe(200);
    const listed = (await call(supportToken, 'GET', `/swx/admin/users/${user.id}`)).body.data.sessions as Session[];
    expect(listed.map((session) => session.id)).toEqual([user.second.id]);

    const rows = await auditRowsFor(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_user_id: support.id,
      action: 'identity.session_revoke',
      target_type: 'user',
      target_id: user.id,
      details: { sessionId: user.first.id },
      request_id: 'admin-sessions-test',
    });

    // The same session again is no longer in use: 10153, and no second row.
    const again = await call(supportToken, 'POST', `/swx/admin/users/${user.id}/sessions/${user.first.id}/revoke`);
    expect({ status: again.status, code: again.body.code }).toEqual({ status: 404, code: 10153 });
    expect(await auditRowsFor(user.id)).toHaveLength(1);
  });

  it('ends every session of the user at once, with one audit row naming them', async () => {
    const user = await userWithTwoSessions();
    const bystander = await createUserWithSession(testApp);
    expect(await userInfoStatus(user.first.token)).toBe(200);
    expect(await userInfoStatus(user.second.token)).toBe(200);

    const revoked = await call(adminToken, 'POST', `/swx/admin/users/${user.id}/sessions/revoke-all`);
    expect(revoked.body.code).toBe(200);
    expect([...revoked.body.data.revokedSessionIds].sort()).toEqual([user.first.id, user.second.id].sort());
    expect(await userInfoStatus(user.first.token)).toBe(401);
    expect(await userInfoStatus(user.second.token)).toBe(401);
    expect(await userInfoStatus(bystander.token)).toBe(200);
    expect((await call(adminToken, 'GET', `/swx/admin/users/${user.id}`)).body.data.sessions).toEqual([]);

    const rows = await auditRowsFor(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_user_id: admin.id, action: 'identity.sessions_revoke_all' });
    const details = (rows[0]?.details ?? { sessionIds: [] }) as { sessionIds: string[] };
    expect([...details.sessionIds].sort()).toEqual([user.first.id, user.second.id].sort());

    // Nothing left to end: an empty answer and no further row.
    const again = await call(adminToken, 'POST', `/swx/admin/users/${user.id}/sessions/revoke-all`);
    expect(again.body.data).toEqual({ id: user.id, revokedSessionIds: [] });
    expect(await auditRowsFor(user.id)).toHaveLength(1);
  });

  it("refuses another user's session id with 10153 and changes nothing", async () => {
    const user = await userWithTwoSessions();
    const other = await userWithTwoSessions();
    expect(await userInfoStatus(other.first.token)).toBe(200);

    const refused = await call(supportToken, 'POST', `/swx/admin/users/${user.id}/sessions/${other.first.id}/revoke`);
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 404, code: 10153 });
    const unknown = await call(supportToken, 'POST', `/swx/admin/users/${user.id}/sessions/999999999/revoke`);
    expect(unknown.body.code).toBe(10153);
    const nobody = await call(supportToken, 'POST', `/swx/admin/users/999999999/sessions/${other.first.id}/revoke`);
    expect(nobody.body.code).toBe(10009);
    expect((await call(supportToken, 'POST', '/swx/admin/users/999999999/sessions/revoke-all')).body.code).toBe(10009);
    const badId = await call(supportToken, 'POST', `/swx/admin/users/${user.id}/sessions/0/revoke`);
    expect(badId.body.code).toBe(10100);
    expect(JSON.stringify(badId.body.data)).toContain('params.sessionId');

    for (const token of [user.first.token, user.second.token, other.first.token, other.second.token]) {
      expect(await userInfoStatus(token)).toBe(200);
    }
    expect((await call(supportToken, 'GET', `/swx/admin/users/${other.id}`)).body.data.sessions).toHaveLength(2);
    expect(await auditRowsFor(user.id)).toHaveLength(0);
    expect(await auditRowsFor(other.id)).toHaveLength(0);
  });

  it('admits support and admin to the user pages and the session routes, refuses a reviewer and a plain user', async () => {
    const user = await userWithTwoSessions();
    const reviewer = await createUserWithSession(testApp, ['reviewer']);
    const plain = await createUserWithSession(testApp);
    const reads = ['/swx/admin/users', `/swx/admin/users/${user.id}`];
    const writes = [
      `/swx/admin/users/${user.id}/sessions/${user.first.id}/revoke`,
      `/swx/admin/users/${user.id}/sessions/revoke-all`,
    ];
    for (const token of [reviewer.token, plain.token]) {
      for (const [method, url] of [
        ...reads.map((url) => ['GET', url] as const),
        ...writes.map((url) => ['POST', url] as const),
      ]) {
        const refused = await call(token, method, url);
        expect({ url, status: refused.status, code: refused.body.code }).toEqual({ url, status: 403, code: 10107 });
      }
    }
    for (const url of writes) expect((await call(null, 'POST', url)).status).toBe(401);
    expect(await userInfoStatus(user.first.token)).toBe(200);
    expect(await auditRowsFor(user.id)).toHaveLength(0);

    for (const token of [supportToken, adminToken]) {
      for (const url of reads) expect((await call(token, 'GET', url)).body.code).toBe(200);
    }
    // Support looks users up and ends sessions, but VIP level and status stay the admins'.
    const level = await testApp.app.inject({
      method: 'POST',
      url: `/swx/admin/users/${user.id}/level`,
      headers: { authorization: supportToken },
      payload: { level: 2 },
    });
    expect(level.json().code).toBe(10107);
    expect((await call(supportToken, 'POST', writes[0] as string)).body.code).toBe(200);
    expect((await call(adminToken, 'POST', writes[1] as string)).body.data.revokedSessionIds).toEqual([user.second.id]);
    expect(await auditRowsFor(user.id)).toHaveLength(2);
  });
});
