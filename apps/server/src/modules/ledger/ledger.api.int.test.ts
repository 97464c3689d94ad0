import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createUserWithSession } from '../../test/test-users.js';
import { transfer } from './index.js';

const API = '/swx/customer';
let testApp: TestApp;
let app: FastifyInstance;

const newUser = (roles: string[] = ['user']) => createUserWithSession(testApp, roles);

async function call(
  method: 'GET' | 'POST',
  url: string,
  token: string,
  options: { demo?: boolean; body?: unknown; prefix?: string } = {},
) {
  const response = await app.inject({
    method,
    url: `${options.prefix ?? API}${url}`,
    headers: { authorization: token, virtually: options.demo ? 'YES' : 'NO' },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return response;
}

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

describe('ledger API', () => {
  it('funds the demo book with 100,000 USDT on the first demo request, once, and never the live book', async () => {
    const user = await newUser();
    const demo = (await call('GET', '/user/balances', user.token, { demo: true })).json().data;
    expect(demo.find((b: { asset: string }) => b.asset === 'USDT')).toMatchObject({
      available: '100000.000000',
      held: '0.000000',
      total: '100000.000000',
    });
    await call('GET', '/user/balances', user.token, { demo: true });
    const statement = (await call('GET', '/user/statement', user.token, { demo: true })).json().data;
    expect(statement.entries.filter((e: { reason: string }) => e.reason === 'demo_funding')).toHaveLength(1);
    const live = (await call('GET', '/user/balances', user.token)).json().data;
    expect(live.find((b: { asset: string }) => b.asset === 'USDT').available).toBe('0.000000');
    const info = (await call('POST', '/user/getUserInfo', user.token, { demo: true })).json().data;
    expect(info).toMatchObject({
      usdtBalance: '100000.000000',
      usdcBalance: '0.000000',
      usdtTodayProfit: '0.000000',
      virtual: 0,
    });
  });

  it('lets an admin adjust a balance by a reasoned, audit-logged transfer the user sees', async () => {
    const admin = await newUser(['user', 'admin']);
    const user = await newUser();
    const body = {
      userId: Number(user.id),
      asset: 'USDT',
      book: 'live',
      amount: '25.5',
      reason: 'Compensation for a delayed withdrawal',
    };
    const adjusted = await app.inject({
      method: 'POST',
      url: '/swx/admin/ledger/adjust',
      headers: { authorization: admin.token, 'x-request-id': 'adjust-request-0001' },
      remoteAddress: '203.0.113.7',
      payload: body,
    });
    expect(adjusted.json()).toMatchObject({ code: 200, data: { isNew: true } });
    const statement = (await call('GET', '/user/statement', user.token)).json().data;
    expect(statement.entries[0]).toMatchObject({
      reason: 'adjustment',
      amount: '25.500000',
      balanceAfter: '25.500000',
      note: body.reason,
    });
    const logged = await testApp.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', user.id)
      .execute();
    // One row: the user's available USDT went 0 → 25.5, with the reason, request id and address.
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      actor_user_id: admin.id,
      action: 'ledger.adjust',
      target_type: 'user',
      before: { book: 'live', asset: 'USDT', available: '0.000000' },
      after: { book: 'live', asset: 'USDT', available: '25.500000' },
      reason: body.reason,
      request_id: 'adjust-request-0001',
      ip: '203.0.113.7',
      details: { amount: '25.5' },
    });

    // 25.5 − 30 < 0: refused, nothing moves.
    const tooMuch = await call('POST', '/ledger/adjust', admin.token, {
      body: { ...body, amount: '-30' },
      prefix: '/swx/admin',
    });
    expect(tooMuch.json().code).toBe(10011);
  });

  it('answers a request that raced another with the same idempotency key with that one transfer (#13)', async () => {
    const admin = await newUser(['user', 'admin']);
    const user = await newUser();
    const reason = 'One credit, asked for twice at once';
    const key = `race-of-two-${user.id}`;
    const body = { userId: Number(user.id), asset: 'USDT', book: 'live', amount: '7', reason, idempotencyKey: key };
    // The first request's transfer, made exactly as the adjustment makes it, is still uncommitted
    // when the second request arrives: the second reads no earlier transfer, then waits for the
    // account's row lock, and writes after the first commits.
    // The user's account exists already (a first credit), so nothing but the row lock holds the
    // second request back.
    const opening = await call('POST', '/ledger/adjust', admin.token, {
      body: { ...body, amount: '1', idempotencyKey: `opening-${key}` },
      prefix: '/swx/admin',
    });
    expect(opening.json()).toMatchObject({ code: 200 });
    let second: Promise<{ statusCode: number; json: () => unknown }> | null = null;
    const first = await testApp.database.db.transaction().execute(async (trx) => {
      const moved = await transfer(trx, {
        book: 'live',
        asset: 'USDT',
        from: { kind: 'treasury' },
        to: { kind: 'available', userId: user.id },
        amount: 7_000_000n,
        reason: 'adjustment',
        reference: { type: 'operator', id: admin.id },
        operator: { id: admin.id, reason },
        idempotencyKey: `adjust:${key}`,
      });
      second = call('POST', '/ledger/adjust', admin.token, { body, prefix: '/swx/admin' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      return moved;
    });
    const answer = await (second as unknown as Promise<{ statusCode: number; json: () => unknown }>);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ code: 200, data: { transferId: first.id, isNew: false } });
    const balances = (await call('GET', '/user/balances', user.token)).json().data as Array<{
      asset: string;
      available: string;
    }>;
    // 1 + 7 USDT: the raced credit moved once.
    expect(balances.find((balance) => balance.asset === 'USDT')?.available).toBe('8.000000');
  });

  it('funds the demo book once when the first demo requests arrive together', async () => {
    const user = await newUser();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('GET', '/user/balances', user.token, { demo: true })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const first = answers[0];
    if (!first) throw new Error('no answer');
    const usdt = (first.json().data as Array<{ asset: string; available: string }>).find(
      (balance) => balance.asset === 'USDT',
    );
    expect(usdt?.available).toBe('100000.000000');
  });

  it.each([
    ['zero', '0', 10131],
    ['an over-precise amount', '1.0000001', 10131],
    ['a non-numeric amount', 'ten', 10100],
    ['an astronomically large amount', '1'.repeat(39), 10100],
  ])('refuses an adjustment of %s and moves nothing', async (_label, amount, code) => {
    const admin = await newUser(['user', 'admin']);
    const user = await newUser();
    const response = await call('POST', '/ledger/adjust', admin.token, {
      body: { userId: Number(user.id), asset: 'USDT', book: 'live', amount, reason: 'A written reason' },
      prefix: '/swx/admin',
    });
    expect(response.json().code).toBe(code);
    expect((await call('GET', '/user/statement', user.token)).json().data.total).toBe(0);
  });

  it('refuses adjustments from non-admins and for unknown assets', async () => {
    const user = await newUser();
    const body = { userId: Number(user.id), asset: 'USDT', book: 'live', amount: '1', reason: 'A written reason' };
    expect((await call('POST', '/ledger/adjust', user.token, { body, prefix: '/swx/admin' })).json().code).toBe(10107);
    const admin = await newUser(['user', 'admin']);
    expect(
      (
        await call('POST', '/ledger/adjust', admin.token, { body: { ...body, asset: 'DOGE' }, prefix: '/swx/admin' })
      ).json().code,
    ).toBe(10129);
  });

  it('resets the demo book to exactly 100,000 USDT', async () => {
    const admin = await newUser(['user', 'admin']);
    const user = await newUser();
    await call('GET', '/user/balances', user.token, { demo: true });
    await call('POST', '/ledger/adjust', admin.token, {
      body: { userId: Number(user.id), asset: 'USDT', book: 'demo', amount: '-234.5', reason: 'Simulated demo loss' },
      prefix: '/swx/admin',
    });
    const reset = await call('POST', '/user/demo/reset', user.token, { demo: true });
    expect(reset.json()).toMatchObject({ code: 20005, data: { asset: 'USDT', available: '100000.000000' } });
    const statement = (await call('GET', '/user/statement', user.token, { demo: true })).json().data;
    // Newest first: the reset put back 234.5 USDT (an adjustment below the review threshold moves at once).
    expect(statement.entries[0]).toMatchObject({
      reason: 'demo_reset',
      amount: '234.500000',
      balanceAfter: '100000.000000',
    });
  });

  it('exports the statement as CSV with a BOM, quoting every cell', async () => {
    const user = await newUser();
    await call('GET', '/user/balances', user.token, { demo: true });
    const response = await call('GET', '/user/statement.csv', user.token, { demo: true });
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('time,asset,account,reason,amount,balance_after,reference_type,reference_id,note');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"demo_funding","100000.000000","100000.000000"');
  });

  it('filters and pages the statement, refusing a malformed page', async () => {
    const user = await newUser();
    await call('GET', '/user/balances', user.token, { demo: true });
    expect((await call('GET', '/user/statement?reason=deposit', user.token, { demo: true })).json().data.total).toBe(0);
    expect(
      (await call('GET', '/user/statement?asset=USDT&size=1&page=1', user.token, { demo: true })).json().data.entries,
    ).toHaveLength(1);
    expect((await call('GET', '/user/statement?page=0', user.token, { demo: true })).json().code).toBe(10100);
    expect((await call('GET', '/user/statement?from=yesterday', user.token, { demo: true })).json().code).toBe(10100);
  });

  it('needs a signed-in user', async () => {
    const response = await app.inject({ method: 'GET', url: `${API}/user/balances` });
    expect(response.statusCode).toBe(401);
  });
});
