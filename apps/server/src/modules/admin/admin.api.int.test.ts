import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignableUser, createUserWithSession } from '../../test/test-users.js';

let testApp: TestApp;

async function auditLog(token: string | null, query = '') {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/swx/admin/audit-log${query}`,
    headers: token ? { authorization: token } : {},
  });
  return { status: response.statusCode, body: response.json() };
}

type Item = { action: string; operatorId: string | null; operatorName: string | null; target: { id: string } };

describe('the audit-log route', () => {
  let adminToken: string;
  let alice: { id: string; userName: string };
  let bob: { id: string; userName: string };

  beforeAll(async () => {
    testApp = await createTestApp();
    const admin = await createSignableUser(testApp, ['admin']);
    adminToken = await admin.signIn();
    alice = await createSignableUser(testApp, ['support']);
    bob = await createSignableUser(testApp, ['admin']);
    // Six entries, oldest first: alice three, bob two, the system one.
    const entries: Array<[string | null, string, string, string]> = [
      [alice.id, 'ledger.adjust', 'user', '101'],
      [alice.id, 'ledger.adjust', 'user', '102'],
      [bob.id, 'content.edit', 'content', '7'],
      [alice.id, 'ledger.adjustments.review', 'user', '101'],
      [bob.id, 'users.level', 'user', '101'],
      [null, 'ledgerx.sweep', 'account', '9'],
    ];
    for (const [actor, action, type, id] of entries) {
      await recordAudit(testApp.database.db, {
        actorUserId: actor,
        action,
        targetType: type,
        targetId: id,
        before: { n: 1 },
        after: { n: 2 },
        reason: `why ${action}`,
        requestId: `req-${action}-${id}`,
        ip: '192.0.2.1',
      });
    }
  }, 60_000);
  afterAll(() => testApp.close());

  const actions = (body: { data: { items: Item[] } }) => body.data.items.map((item) => item.action);

  it('lists every entry newest first, with its operator named, and the total', async () => {
    const { status, body } = await auditLog(adminToken);
    expect(status).toBe(200);
    expect(body.data.total).toBe(6);
    expect(actions(body)).toEqual([
      'ledgerx.sweep',
      'users.level',
      'ledger.adjustments.review',
      'content.edit',
      'ledger.adjust',
      'ledger.adjust',
    ]);
    expect(body.data.items[1]).toEqual({
      id: expect.any(String),
      operatorId: bob.id,
      operatorName: bob.userName,
      action: 'users.level',
      target: { type: 'user', id: '101' },
      before: { n: 1 },
      after: { n: 2 },
      reason: 'why users.level',
      details: {},
      requestId: 'req-users.level-101',
      ip: '192.0.2.1',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect(body.data.items[0]).toMatchObject({ operatorId: null, operatorName: null });
  });

  it('filters by an exact action and by a prefix ending in a dot', async () => {
    const exact = await auditLog(adminToken, '?action=ledger.adjust');
    expect(actions(exact.body)).toEqual(['ledger.adjust', 'ledger.adjust']);
    expect(exact.body.data.total).toBe(2);
    // `ledger.` is every action under ledger, and not `ledgerx.sweep`.
    const prefix = await auditLog(adminToken, '?action=ledger.');
    expect(actions(prefix.body)).toEqual(['ledger.adjustments.review', 'ledger.adjust', 'ledger.adjust']);
    expect((await auditLog(adminToken, '?action=ledger')).body.data.total).toBe(0);
  });

  it('filters by operator id and by user name (case-insensitive); an unknown operator matches nothing', async () => {
    const byId = await auditLog(adminToken, `?operator=${alice.id}`);
    expect(byId.body.data.total).toBe(3);
    expect(byId.body.data.items.every((item: Item) => item.operatorName === alice.userName)).toBe(true);
    const byName = await auditLog(adminToken, `?operator=${bob.userName.toUpperCase()}`);
    expect(actions(byName.body)).toEqual(['users.level', 'content.edit']);
    expect((await auditLog(adminToken, '?operator=nobody-here')).body.data).toEqual({ items: [], total: 0 });
  });

  it('filters by target type and by type:id, combined with the other filters', async () => {
    expect((await auditLog(adminToken, '?target=user')).body.data.total).toBe(4);
    const one = await auditLog(adminToken, '?target=user:101');
    expect(actions(one.body)).toEqual(['users.level', 'ledger.adjustments.review', 'ledger.adjust']);
    const both = await auditLog(adminToken, `?target=user:101&operator=${alice.id}&action=ledger.`);
    expect(actions(both.body)).toEqual(['ledger.adjustments.review', 'ledger.adjust']);
  });

  it('pages with page and size, keeping the total', async () => {
    const first = await auditLog(adminToken, '?size=4');
    const second = await auditLog(adminToken, '?size=4&page=2');
    const third = await auditLog(adminToken, '?size=4&page=3');
    expect(first.body.data.items).toHaveLength(4);
    expect(actions(second.body)).toEqual(['ledger.adjust', 'ledger.adjust']);
    expect(second.body.data.total).toBe(6);
    expect(third.body.data).toEqual({ items: [], total: 6 });
  });

  it('shows an adjustment an admin just made, with its balances, reason and request', async () => {
    const user = await createUserWithSession(testApp);
    const adjusted = await testApp.app.inject({
      method: 'POST',
      url: '/swx/admin/ledger/adjust',
      headers: { authorization: adminToken, 'x-request-id': 'adjust-for-the-log' },
      payload: { userId: Number(user.id), asset: 'USDT', book: 'live', amount: '12', reason: 'Goodwill credit' },
    });
    expect(adjusted.json().code).toBe(200);
    const { body } = await auditLog(adminToken, `?target=user:${user.id}`);
    expect(body.data.total).toBe(1);
    expect(body.data.items[0]).toMatchObject({
      action: 'ledger.adjust',
      before: { available: '0.000000' },
      after: { available: '12.000000' },
      reason: 'Goodwill credit',
      requestId: 'adjust-for-the-log',
      ip: '127.0.0.1',
    });
  });

  it.each([
    ['action', '?action=Ledger%20adjust'],
    ['operator', '?operator=a%20b'],
    ['target', '?target=user:'],
    ['target', '?target=USER'],
    ['page', '?page=0'],
    ['size', '?size=0'],
    ['size', '?size=101'],
  ])('refuses a bad %s filter with 10100 naming the field', async (field, query) => {
    const { status, body } = await auditLog(adminToken, query);
    expect(status).toBe(400);
    expect(body.code).toBe(10100);
    expect(JSON.stringify(body.data)).toContain(`query.${field}`);
  });

  it('refuses a plain user with 10107 and a visitor with 401', async () => {
    const user = await createUserWithSession(testApp);
    const asUser = await auditLog(user.token);
    expect({ status: asUser.status, code: asUser.body.code }).toEqual({ status: 403, code: 10107 });
    const asVisitor = await auditLog(null);
    expect(asVisitor.status).toBe(401);
  });
});
