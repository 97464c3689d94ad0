import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignableUser, createUserWithSession } from '../../test/test-users.js';
import { auditLedger } from '../ledger/index.js';

let testApp: TestApp;

type Answer = { status: number; code: number; data: Record<string, unknown> & { [key: string]: unknown } };

async function call(
  method: 'GET' | 'POST',
  url: string,
  token: string,
  options: { body?: Record<string, unknown>; lang?: string } = {},
): Promise<Answer> {
  const response = await testApp.app.inject({
    method,
    url,
    headers: { authorization: token, ...(options.lang ? { lang: options.lang } : {}) },
    ...(options.body ? { payload: options.body } : {}),
  });
  const json = response.json();
  return { status: response.statusCode, code: json.code, data: json.data };
}

describe('review queues and the adjustment queue (#14)', () => {
  let requester: { id: string; token: string };
  let second: { id: string; token: string };
  let third: { id: string; token: string };
  let reviewer: { id: string; token: string };
  let user: { id: string; token: string };

  const adjust = (token: string, amount: string, idempotencyKey?: string, reason = 'Compensation for an outage') =>
    call('POST', '/swx/admin/ledger/adjust', token, {
      body: {
        userId: Number(user.id),
        asset: 'USDT',
        book: 'live',
        amount,
        reason,
        ...(idempotencyKey ? { idempotencyKey } : {}),
      },
    });

  const available = async () => {
    const answer = await call('GET', '/swx/customer/user/balances', user.token);
    const rows = answer.data as unknown as Array<{ asset: string; available: string }>;
    return rows.find((row) => row.asset === 'USDT')?.available ?? '0';
  };

  /** The audit rows written about a target, by action. */
  const auditActions = async (targetType: string, targetId: string) =>
    (
      await testApp.database.db
        .selectFrom('audit_log')
        .select(['action', 'actor_user_id'])
        .where('target_type', '=', targetType)
        .where('target_id', '=', targetId)
        .orderBy('id')
        .execute()
    ).map((row) => `${row.action} by ${row.actor_user_id}`);

  beforeAll(async () => {
    testApp = await createTestApp();
    const signIn = async (roles: string[]) => {
      const operator = await createSignableUser(testApp, roles);
      return { id: operator.id, token: await operator.signIn() };
    };
    requester = await signIn(['admin']);
    second = await signIn(['admin']);
    third = await signIn(['admin']);
    reviewer = await signIn(['reviewer']);
    user = await createUserWithSession(testApp);
  }, 60_000);
  afterAll(() => testApp.close());

  it('moves an adjustment at or below the threshold at once, with one ledger.adjust audit row and no item', async () => {
    const before = await available();
    const answer = await adjust(requester.token, '1000');
    expect(answer).toMatchObject({ status: 200, code: 200, data: { isNew: true } });
    expect(Number(await available()) - Number(before)).toBe(1000);
    expect(await auditActions('user', user.id)).toEqual([`ledger.adjust by ${requester.id}`]);
    const queues = await call('GET', '/swx/admin/queues', reviewer.token);
    expect(queues.data).toEqual([
      { kind: 'adjustment', pending: 0 },
      { kind: 'deposit', pending: 0 },
      { kind: 'withdrawal', pending: 0 },
      { kind: 'kyc', pending: 0 },
      { kind: 'loan', pending: 0 },
      { kind: 'repayment', pending: 0 },
    ]);
  });

  it('queues a large adjustment, moves nothing until a second admin approves, then moves it once', async () => {
    const before = await available();
    const queued = await adjust(requester.token, '1500', 'large-adjustment-0001');
    expect(queued.status).toBe(200);
    expect(queued.code).toBe(20001);
    expect(queued.data).toMatchObject({
      kind: 'adjustment',
      userId: user.id,
      amount: '1500',
      asset: 'USDT',
      status: 'pending',
      requiredApprovals: 2,
      requestedBy: requester.id,
      approvals: [{ operatorId: requester.id }],
      rejection: null,
      decidedBy: null,
    });
    const id = String(queued.data.id);
    expect(await available()).toBe(before);
    // The same request again (same key) answers the same item and queues nothing more.
    const replay = await adjust(requester.token, '1500', 'large-adjustment-0001');
    expect(replay).toMatchObject({ code: 20001, data: { id } });
    // The same key with another amount is a different request: refused.
    expect((await adjust(requester.token, '1600', 'large-adjustment-0001')).code).toBe(10128);
    expect((await call('GET', '/swx/admin/queues', reviewer.token)).data).toContainEqual({
      kind: 'adjustment',
      pending: 1,
    });

    // The requester cannot approve their own adjustment; a reviewer may look but not decide it.
    const own = await call('POST', `/swx/admin/queues/adjustment/${id}/approve`, requester.token);
    expect(own).toMatchObject({ status: 409, code: 10149 });
    expect((await call('POST', `/swx/admin/queues/adjustment/${id}/approve`, reviewer.token)).code).toBe(10107);
    expect((await call('POST', `/swx/admin/queues/adjustment/${id}/claim`, reviewer.token)).code).toBe(10107);
    expect(await available()).toBe(before);

    const claimed = await call('POST', `/swx/admin/queues/adjustment/${id}/claim`, second.token);
    expect(claimed).toMatchObject({ code: 200, data: { status: 'pending', claimedBy: second.id } });
    expect(await available()).toBe(before);

    const approved = await call('POST', `/swx/admin/queues/adjustment/${id}/approve`, second.token);
    expect(approved).toMatchObject({
      code: 200,
      data: {
        status: 'approved',
        decidedBy: second.id,
        approvals: [{ operatorId: requester.id }, { operatorId: second.id }],
      },
    });
    expect(Number(await available()) - Number(before)).toBe(1500);

    // Decided: a third approval, a second approval by the same admin and a rejection are refused.
    expect(await call('POST', `/swx/admin/queues/adjustment/${id}/approve`, third.token)).toMatchObject({
      status: 409,
      code: 10147,
    });
    expect((await call('POST', `/swx/admin/queues/adjustment/${id}/approve`, second.token)).code).toBe(10147);
    expect(
      (await call('POST', `/swx/admin/queues/adjustment/${id}/reject`, third.token, { body: { reason: 'duplicate' } }))
        .code,
    ).toBe(10147);
    // A replay of the original request after approval answers the item, and moves nothing more.
    expect(await adjust(requester.token, '1500', 'large-adjustment-0001')).toMatchObject({
      code: 20001,
      data: { id, status: 'approved' },
    });
    expect(Number(await available()) - Number(before)).toBe(1500);

    // The user's statement shows the requester's reason; exactly one audit row per action.
    const statement = await call('GET', '/swx/customer/user/statement', user.token);
    expect((statement.data.entries as Array<Record<string, unknown>>)[0]).toMatchObject({
      reason: 'adjustment',
      amount: '1500.000000',
      note: 'Compensation for an outage',
    });
    expect(await auditActions('review.adjustment', id)).toEqual([
      `review.submit by ${requester.id}`,
      `review.claim by ${second.id}`,
      `review.approve by ${second.id}`,
    ]);
    const approval = await testApp.database.db
      .selectFrom('audit_log')
      .select(['before', 'after', 'details'])
      .where('action', '=', 'review.approve')
      .where('target_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(approval.details).toMatchObject({ transferId: expect.any(String), decided: true });
    expect(approval.after).toMatchObject({ book: 'live', asset: 'USDT' });
    expect(await auditLedger(testApp.database.db)).toEqual([]);
  });

  it('rejects with a reason from the kind list and a note, shown in the reader language; nothing moves', async () => {
    const before = await available();
    const queued = await adjust(requester.token, '-2500');
    expect(queued.code).toBe(20001);
    const id = String(queued.data.id);
    const url = `/swx/admin/queues/adjustment/${id}/reject`;

    expect(await call('POST', url, second.token, { body: { reason: 'not_a_reason' } })).toMatchObject({
      status: 400,
      code: 10148,
    });
    expect((await call('POST', url, second.token, { body: {} })).code).toBe(10100);
    const rejected = await call('POST', url, second.token, {
      body: { reason: 'wrong_amount', note: 'Should be 250' },
      lang: 'de',
    });
    expect(rejected).toMatchObject({
      code: 200,
      data: {
        status: 'rejected',
        decidedBy: second.id,
        rejection: {
          reason: 'wrong_amount',
          reasonText: 'Der Betrag der Korrektur ist falsch.',
          note: 'Should be 250',
        },
      },
    });
    expect(await available()).toBe(before);
    expect((await call('POST', url, third.token, { body: { reason: 'duplicate' } })).code).toBe(10147);
    expect((await call('POST', `/swx/admin/queues/adjustment/${id}/approve`, third.token)).code).toBe(10147);
    expect((await call('POST', `/swx/admin/queues/adjustment/${id}/claim`, third.token)).code).toBe(10147);
    expect(await available()).toBe(before);
    expect(await auditActions('review.adjustment', id)).toEqual([
      `review.submit by ${requester.id}`,
      `review.reject by ${second.id}`,
    ]);
    expect(await auditLedger(testApp.database.db)).toEqual([]);
  });

  it('answers unknown kinds with 10145 and ids of another kind or none with 10146, changing nothing', async () => {
    const queued = await adjust(requester.token, '3000');
    const id = String(queued.data.id);
    expect(await call('GET', '/swx/admin/queues/bananas', reviewer.token)).toMatchObject({ status: 404, code: 10145 });
    expect((await call('POST', `/swx/admin/queues/bananas/${id}/approve`, second.token)).code).toBe(10145);
    expect(await call('POST', `/swx/admin/queues/deposit/${id}/approve`, second.token)).toMatchObject({
      status: 404,
      code: 10146,
    });
    expect((await call('POST', `/swx/admin/queues/withdrawal/${id}/claim`, second.token)).code).toBe(10146);
    expect(
      (await call('POST', `/swx/admin/queues/loan/${id}/reject`, second.token, { body: { reason: 'policy' } })).code,
    ).toBe(10146);
    expect((await call('POST', '/swx/admin/queues/adjustment/999999999/approve', second.token)).code).toBe(10146);
    expect(await call('GET', '/swx/admin/queues/deposit', reviewer.token)).toMatchObject({
      code: 200,
      data: { items: [], total: 0, page: 1, size: 20 },
    });
    const item = await call('GET', '/swx/admin/queues/adjustment?status=pending', reviewer.token);
    expect(item.data).toMatchObject({ total: 1, items: [{ id, status: 'pending', claimedBy: null, approvals: [{}] }] });
    expect(await auditActions('review.adjustment', id)).toEqual([`review.submit by ${requester.id}`]);
  });

  it('refuses an amount too large for any queue with 10131, queuing and moving nothing', async () => {
    const before = await available();
    expect(await adjust(requester.token, '1'.repeat(25))).toMatchObject({ status: 400, code: 10131 });
    expect(await available()).toBe(before);
  });

  it('lists a kind newest first, filtered by status and paged', async () => {
    const all = await call('GET', '/swx/admin/queues/adjustment?size=2', reviewer.token);
    expect(all.data.total).toBe(3);
    const statuses = (all.data.items as Array<{ status: string }>).map((item) => item.status);
    expect(statuses).toEqual(['pending', 'rejected']);
    const page2 = await call('GET', '/swx/admin/queues/adjustment?size=2&page=2', reviewer.token);
    expect((page2.data.items as Array<{ status: string }>).map((item) => item.status)).toEqual(['approved']);
    const approved = await call('GET', '/swx/admin/queues/adjustment?status=approved', reviewer.token);
    expect(approved.data.total).toBe(1);
    // The page names the user and every operator it mentions by their user names.
    const [decided] = approved.data.items as Array<{ userId: string; requestedBy: string; decidedBy: string }>;
    const names = approved.data.names as Record<string, string>;
    if (!decided) throw new Error('no approved item');
    for (const id of [decided.userId, decided.requestedBy, decided.decidedBy])
      expect(names[id]).toEqual(expect.any(String));
    const userNameOf = await testApp.database.db
      .selectFrom('users')
      .select('user_name')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(names[user.id]).toBe(userNameOf.user_name);
    expect((await call('GET', '/swx/admin/queues', user.token)).status).toBe(403);
  });
});
