import type { TPosition } from '@openbourse/contracts';
import { formatAmount, parseAmount } from '@openbourse/money';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.js';
import { createUserWithSession } from '../../test/test-users.js';
import { createPricedTestApp } from '../../test/trading-test-app.js';
import { resetDemo } from './ledger.accounts-api.js';
import { auditLedger } from './ledger.audit.js';
import { getAccountId, getBalance, hold, transfer } from './ledger.service.js';

/**
 * A demo reset promises exactly 100,000 USDT (#13): opens racing resets, and resets racing each
 * other, must never lift the demo book above it. Prices come from the test through the hub; the
 * clock is fixed on a Thursday afternoon, when crypto trades.
 */
const AT = Date.parse('2026-11-26T15:00:00Z');
const PROMISE = parseAmount('100000', 6);
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createPricedTestApp({ at: AT, prices: { BTCUSDT: '65000' } });
});
afterAll(() => testApp.close());

async function demoCall<T>(token: string, url: string, payload?: object) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/swx/customer${url}`,
    headers: { authorization: token, virtually: 'YES' },
    ...(payload ? { payload } : {}),
  });
  return response.json() as { code: number; data: T; msg: string };
}
const openDemo = (token: string) =>
  demoCall<TPosition>(token, '/contracts/open', { code: 'BTCUSDT', side: 'long', lots: '0.1', leverage: 2 });
const demoUsdt = async (userId: string, kind: 'available' | 'held') =>
  formatAmount(await getBalance(testApp.database.db, 'demo', 'USDT', { kind, userId }), 6);

async function closeEveryDemoPosition(token: string) {
  const listed = await testApp.app.inject({
    method: 'GET',
    url: '/swx/customer/contracts/orders?status=open&size=100',
    headers: { authorization: token, virtually: 'YES' },
  });
  const positions = (listed.json() as { data: { items: TPosition[] } }).data.items;
  const closed: TPosition[] = [];
  for (const position of positions) {
    const answer = await demoCall<TPosition>(token, '/contracts/close', { orderNo: position.orderNo });
    expect(answer.code).toBe(200);
    closed.push(answer.data);
  }
  return closed;
}

it('counts the margin of a position opened after the reset closed the others, so its close cannot inflate the book', async () => {
  const user = await createUserWithSession(testApp, ['user']);
  const opened = await openDemo(user.token);
  expect(opened.code).toBe(200);
  const margin = parseAmount(opened.data.margin, 6);
  expect(await demoUsdt(user.id, 'held')).toBe(formatAmount(margin, 6));
  // The reset's own step, as if the open had landed just after trading closed the demo positions.
  await resetDemo(testApp.database.db, user.id);
  expect(await demoUsdt(user.id, 'available')).toBe(formatAmount(PROMISE - margin, 6));
  const [closed] = await closeEveryDemoPosition(user.token);
  // The margin comes back with the position's result: the book is the promise plus that result.
  expect(await demoUsdt(user.id, 'available')).toBe(
    formatAmount(PROMISE + parseAmount(closed?.realisedPnl ?? 'x', 6), 6),
  );
  expect(await auditLedger(testApp.database.db)).toEqual([]);
});

/** Until some statement waits for a row lock (the other side of a race the test arranges). */
async function waitForALockWait(db: TestApp['database']['db']) {
  for (let tries = 0; tries < 200; tries += 1) {
    const waiting = await sql<{ count: string }>`
      SELECT count(*)::text AS count FROM pg_stat_activity
       WHERE wait_event_type = 'Lock' AND datname = current_database()`.execute(db);
    if (waiting.rows[0]?.count !== '0') return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

it('counts a held account that an open created and committed while the reset waited for the lock', async () => {
  // The race CI met once: the reset's locking read started (its snapshot taken) while an open,
  // holding the available account, created the user's first held account; the read then saw the
  // open's new available balance but not the new held row, and topped the book up by the margin.
  const user = await createUserWithSession(testApp, ['user']);
  const db = testApp.database.db;
  await resetDemo(db, user.id);
  const margin = parseAmount('3250', 6);
  let commitOpen: () => void = () => undefined;
  const openMayCommit = new Promise<void>((resolve) => {
    commitOpen = resolve;
  });
  let openHolds: () => void = () => undefined;
  const openHeld = new Promise<void>((resolve) => {
    openHolds = resolve;
  });
  const open = db.transaction().execute(async (trx) => {
    await hold(trx, {
      book: 'demo',
      asset: 'USDT',
      userId: user.id,
      amount: margin,
      reason: 'trade_margin_hold',
      idempotencyKey: `test-open:${user.id}`,
    });
    openHolds();
    await openMayCommit;
  });
  await openHeld;
  const reset = resetDemo(db, user.id);
  // Let the reset's read start and wait on the open's lock before the open commits.
  await waitForALockWait(db);
  commitOpen();
  await open;
  await reset;
  const held = parseAmount(await demoUsdt(user.id, 'held'), 6);
  const available = parseAmount(await demoUsdt(user.id, 'available'), 6);
  expect(held).toBe(margin);
  expect(available + held).toBe(PROMISE);
  expect(await auditLedger(db)).toEqual([]);
});

it('a reset that meets a settlement in a deadlock runs again instead of failing', async () => {
  // A settlement locks the treasury before the user's accounts (id order); the reset locks the
  // user's accounts, then the treasury for its transfer. Held here by hand, the two deadlock.
  const user = await createUserWithSession(testApp, ['user']);
  const db = testApp.database.db;
  await resetDemo(db, user.id);
  await db.transaction().execute((trx) =>
    transfer(trx, {
      book: 'demo',
      asset: 'USDT',
      from: { kind: 'available', userId: user.id },
      to: { kind: 'treasury' },
      amount: parseAmount('10', 6),
      reason: 'trade_pnl',
      idempotencyKey: `test-loss:${user.id}`,
    }),
  );
  const treasuryId = await getAccountId(db, 'demo', 'USDT', { kind: 'treasury' });
  const availableId = await getAccountId(db, 'demo', 'USDT', { kind: 'available', userId: user.id });
  let letSettlementGoOn: () => void = () => undefined;
  const settlementMayGoOn = new Promise<void>((resolve) => {
    letSettlementGoOn = resolve;
  });
  let settlementHoldsTreasury: () => void = () => undefined;
  const treasuryHeld = new Promise<void>((resolve) => {
    settlementHoldsTreasury = resolve;
  });
  const settlement = db.transaction().execute(async (trx) => {
    await sql`SELECT id FROM ledger_accounts WHERE id = ${treasuryId} FOR UPDATE`.execute(trx);
    settlementHoldsTreasury();
    await settlementMayGoOn;
    await sql`SELECT id FROM ledger_accounts WHERE id = ${availableId} FOR UPDATE`.execute(trx);
  });
  await treasuryHeld;
  const reset = resetDemo(db, user.id);
  await waitForALockWait(db);
  letSettlementGoOn();
  const [settled, reset_] = await Promise.allSettled([settlement, reset]);
  // PostgreSQL rolls one of them back; whichever it was, the reset ends done.
  expect(reset_.status).toBe('fulfilled');
  expect(['fulfilled', 'rejected']).toContain(settled.status);
  expect(await demoUsdt(user.id, 'available')).toBe('100000.000000');
  expect(await auditLedger(db)).toEqual([]);
});

it('resets and opens at once never leave more than 100,000 USDT in the demo book', async () => {
  const user = await createUserWithSession(testApp, ['user']);
  for (let round = 0; round < 3; round += 1) {
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        i % 2 === 0 ? demoCall(user.token, '/user/demo/reset') : openDemo(user.token),
      ),
    );
    // A reset answers 20005 (modified), an open 200.
    expect(answers.map((answer) => answer.code)).toEqual(answers.map((_, i) => (i % 2 === 0 ? 20005 : 200)));
    const closed = await closeEveryDemoPosition(user.token);
    // Every margin is back; opens after the last reset paid their fees, so at most the promise
    // plus what those positions made.
    const results = closed.reduce((sum, position) => sum + parseAmount(position.realisedPnl ?? 'x', 6), 0n);
    expect(await demoUsdt(user.id, 'held')).toBe('0.000000');
    expect(parseAmount(await demoUsdt(user.id, 'available'), 6)).toBeLessThanOrEqual(PROMISE + results);
  }
  const resets = await Promise.all(Array.from({ length: 10 }, () => demoCall(user.token, '/user/demo/reset')));
  expect(resets.map((answer) => answer.code)).toEqual(resets.map(() => 20005));
  expect(await demoUsdt(user.id, 'available')).toBe('100000.000000');
  expect(await auditLedger(testApp.database.db)).toEqual([]);
});
