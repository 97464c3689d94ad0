import type { TAccountSummary, TPosition } from '@openbourse/contracts';
import { formatAmount, parseAmount } from '@openbourse/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { answerAppropriateness } from '../../test/appropriateness.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createUserWithSession } from '../../test/test-users.js';
import { auditLedger, getBalance, transfer } from '../ledger/index.js';

/**
 * Trading scenarios on real PostgreSQL, with the arithmetic written out. The clock is fixed on
 * Thanksgiving 2026 at 15:00 UTC: crypto and forex trade, US stocks are closed. Prices come from
 * the test itself through the hub (bound to the sandbox feed, which stays quiet).
 */
const AT = Date.parse('2026-11-26T15:00:00Z');
let testApp: TestApp;
let tick = AT;

beforeAll(async () => {
  testApp = await createTestApp(
    { MARKET_FEED: 'sandbox', MARKET_SANDBOX_INTERVAL_MS: '60000', MARKET_SANDBOX_BACKFILL_MINUTES: '0' },
    undefined,
    { clock: fixedClock(new Date(AT)) },
  );
});
afterAll(() => testApp.close());

const hub = () => testApp.app.services.marketHub;
const engine = () => testApp.app.services.tradingEngine;
/** Feeds prices (one second apart, after everything so far) and waits for the engine to act. */
async function price(entries: Record<string, string>) {
  tick += 1000;
  hub().ingest(
    'sandbox',
    Object.entries(entries).map(([code, value]) => ({ code, price: value, time: tick })),
  );
  await engine().idle();
}
const usdt = (text: string) => parseAmount(text, 6);

async function fundedUser(amount: string, options: { invitedBy?: string } = {}) {
  const user = await createUserWithSession(testApp, ['user'], options);
  await testApp.database.db.transaction().execute((trx) =>
    transfer(trx, {
      book: 'live',
      asset: 'USDT',
      from: { kind: 'treasury' },
      to: { kind: 'available', userId: user.id },
      amount: usdt(amount),
      reason: 'deposit',
      idempotencyKey: `test-deposit:${user.id}`,
    }),
  );
  await answerAppropriateness(testApp.app, user.token);
  return user;
}

async function call<T>(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await testApp.app.inject({
    method,
    url: `/swx/customer${url}`,
    headers: { authorization: token, virtually: 'NO' },
    ...(payload ? { payload } : {}),
  });
  return response.json() as { code: number; data: T; msg: string };
}
const available = async (userId: string) =>
  formatAmount(await getBalance(testApp.database.db, 'live', 'USDT', { kind: 'available', userId }), 6);

describe('trading scenarios', () => {
  it('a crypto long: margin held, fee charged, profit settled from treasury', async () => {
    await price({ BTCUSDT: '65000' });
    const user = await fundedUser('10000');
    const opened = await call<TPosition>(user.token, 'POST', '/contracts/open', {
      code: 'BTCUSDT',
      side: 'long',
      lots: '0.01',
      leverage: 2,
    });
    expect(opened.code).toBe(200);
    // Notional 0.01 × 1 × 65,000 = 650 USDT; margin 650 ÷ 2 = 325; fee 0.1% × 650 = 0.65.
    expect(opened.data).toMatchObject({ status: 'open', openPrice: '65000', margin: '325.000000', fee: '0.650000' });
    // 10,000 − 325 − 0.65 = 9,674.35 available.
    expect(await available(user.id)).toBe('9674.350000');

    await price({ BTCUSDT: '66000' });
    const summary = await call<TAccountSummary>(user.token, 'GET', '/user/accountSummary');
    // Unrealised (66,000 − 65,000) × 0.01 = +10; equity 9,674.35 + 325 + 10 = 10,009.35.
    expect(summary.data).toMatchObject({
      unrealisedPnl: '10.000000',
      equity: '10009.350000',
      usedMargin: '325.000000',
    });
    // Margin level 10,009.35 ÷ 325 = 30.798 (floored to 6 places).
    expect(summary.data.marginLevel).toBe('30.798');

    const closed = await call<TPosition>(user.token, 'POST', '/contracts/close', { orderNo: opened.data.orderNo });
    expect(closed.data).toMatchObject({
      status: 'closed',
      closePrice: '66000',
      realisedPnl: '10.000000',
      closeReason: 'manual',
    });
    // 9,674.35 + 325 released + 10 profit = 10,009.35.
    expect(await available(user.id)).toBe('10009.350000');
    expect(await auditLedger(testApp.database.db)).toEqual([]);
  });

  it('a forex short on USDJPY converts its yen P&L at the current rate', async () => {
    await price({ USDJPY: '150.000' });
    const user = await fundedUser('5000');
    const opened = await call<TPosition>(user.token, 'POST', '/contracts/open', {
      code: 'USDJPY',
      side: 'short',
      lots: '0.5',
      leverage: 30,
    });
    // Notional 0.5 × 100,000 × 150 = 7,500,000 JPY ÷ 150 = 50,000 USDT; margin 50,000 ÷ 30 =
    // 1,666.666667 (rounded up); fee 0.01% × 50,000 = 5.
    expect(opened.data).toMatchObject({ margin: '1666.666667', fee: '5.000000' });
    await price({ USDJPY: '149.000' });
    const closed = await call<TPosition>(user.token, 'POST', '/contracts/close', { orderNo: opened.data.orderNo });
    // Short gains (150 − 149) × 0.5 × 100,000 = 50,000 JPY ÷ 149 = 335.570469… → 335.570469 USDT (floored).
    expect(closed.data.realisedPnl).toBe('335.570469');
    // 5,000 − 5 fee + 335.570469 = 5,330.570469.
    expect(await available(user.id)).toBe('5330.570469');
  });

  it('closes part of a position and keeps the rest with its share of the margin', async () => {
    await price({ BTCUSDT: '65000' });
    const user = await fundedUser('10000');
    const opened = await call<TPosition>(user.token, 'POST', '/contracts/open', {
      code: 'BTCUSDT',
      side: 'long',
      lots: '0.02',
      leverage: 2,
    });
    await price({ BTCUSDT: '64000' });
    const part = await call<TPosition>(user.token, 'POST', '/contracts/close', {
      orderNo: opened.data.orderNo,
      lots: '0.005',
    });
    // The closed quarter: (64,000 − 65,000) × 0.005 = −5; its margin 650 × 0.005 ÷ 0.02 = 162.5.
    expect(part.data).toMatchObject({
      status: 'closed',
      lots: '0.005',
      realisedPnl: '-5.000000',
      margin: '162.500000',
    });
    const rest = await call<TPosition>(user.token, 'GET', `/contracts/order/${opened.data.orderNo}`);
    expect(rest.data).toMatchObject({ status: 'open', lots: '0.015', margin: '487.500000' });
    // 10,000 − 650 − 1.3 fee = 9,348.7; + 162.5 released − 5 loss = 9,506.2.
    expect(await available(user.id)).toBe('9506.200000');
  });

  it('a stop loss gapped through fills at the crossing tick; a take profit fills at its tick', async () => {
    await price({ BTCUSDT: '65000' });
    const user = await fundedUser('10000');
    const stopped = await call<TPosition>(user.token, 'POST', '/contracts/open', {
      code: 'BTCUSDT',
      side: 'long',
      lots: '0.01',
      leverage: 2,
      stopLoss: '64000',
    });
    const target = await call<TPosition>(user.token, 'POST', '/contracts/open', {
      code: 'BTCUSDT',
      side: 'short',
      lots: '0.01',
      leverage: 2,
      takeProfit: '63800',
    });
    // One tick from 65,000 straight to 63,500: through the stop at 64,000 and the target at 63,800.
    await price({ BTCUSDT: '63500' });
    const sl = await call<TPosition>(user.token, 'GET', `/contracts/order/${stopped.data.orderNo}`);
    // Filled at 63,500, not 64,000: (63,500 − 65,000) × 0.01 = −15.
    expect(sl.data).toMatchObject({
      status: 'closed',
      closeReason: 'stop_loss',
      closePrice: '63500',
      realisedPnl: '-15.000000',
    });
    expect(sl.data.closeNote).toContain('64000');
    const tp = await call<TPosition>(user.token, 'GET', `/contracts/order/${target.data.orderNo}`);
    // Short: (65,000 − 63,500) × 0.01 = +15.
    expect(tp.data).toMatchObject({ status: 'closed', closeReason: 'take_profit', realisedPnl: '15.000000' });

    // The history is filtered by the server: by close reason, by instrument, and both.
    type Page = { items: TPosition[]; total: number; codes: string[] };
    const byReason = await call<Page>(user.token, 'GET', '/contracts/orders?status=closed&reason=stop_loss');
    expect(byReason.data.items.map((p) => p.orderNo)).toEqual([stopped.data.orderNo]);
    expect(byReason.data).toMatchObject({ total: 1, codes: ['BTCUSDT'] });
    const byCode = await call<Page>(user.token, 'GET', '/contracts/orders?status=closed&code=BTCUSDT&size=1&page=2');
    expect(byCode.data.total).toBe(2);
    expect(byCode.data.items.map((p) => p.orderNo)).toEqual([stopped.data.orderNo]);
    const none = await call<Page>(user.token, 'GET', '/contracts/orders?status=closed&code=ETHUSDT&reason=take_profit');
    expect(none.data).toMatchObject({ items: [], total: 0, codes: ['BTCUSDT'] });
    expect((await call(user.token, 'GET', '/contracts/orders?status=closed&reason=bogus')).code).toBe(10100);
    expect((await call(user.token, 'GET', '/contracts/orders?status=closed&code=NOPE')).code).toBe(10132);
  });

  it('a trailing stop ratchets up with the price and fires on the pullback', async () => {
    await price({ ETHUSDT: '3000' });
    const user = await fundedUser('10000');
    const opened = await call<TPosition>(user.token, 'POST', '/contracts/open', {
      code: 'ETHUSDT',
      side: 'long',
      lots: '1',
      leverage: 2,
      trailingDistance: '50',
    });
    // Starts at 3,000 − 50 = 2,950.
    expect(
      (await call<TPosition>(user.token, 'GET', `/contracts/order/${opened.data.orderNo}`)).data.trailingStop,
    ).toBe('2950');
    await price({ ETHUSDT: '3100' });
    // Peak 3,100 → stop 3,050; a fall to 3,080 does not reach it and never lowers it.
    await price({ ETHUSDT: '3080' });
    const moved = await call<TPosition>(user.token, 'GET', `/contracts/order/${opened.data.orderNo}`);
    expect(moved.data).toMatchObject({ status: 'open', trailingStop: '3050' });
    await price({ ETHUSDT: '3040' });
    const fired = await call<TPosition>(user.token, 'GET', `/contracts/order/${opened.data.orderNo}`);
    // Fills at 3,040: (3,040 − 3,000) × 1 = +40.
    expect(fired.data).toMatchObject({ status: 'closed', closeReason: 'trailing_stop', realisedPnl: '40.000000' });
  });

  it('stops out at a 50% margin level, closing the largest loser first', async () => {
    await price({ BTCUSDT: '65000', ETHUSDT: '3000' });
    const user = await fundedUser('1000');
    const btc = await call<TPosition>(user.token, 'POST', '/contracts/open', {
      code: 'BTCUSDT',
      side: 'long',
      lots: '0.02',
      leverage: 2,
    });
    const eth = await call<TPosition>(user.token, 'POST', '/contracts/open', {
      code: 'ETHUSDT',
      side: 'long',
      lots: '0.1',
      leverage: 2,
    });
    // Margins 650 + 150 = 800 used; fees 1.3 + 0.3; available 1,000 − 801.6 = 198.4.
    expect(await available(user.id)).toBe('198.400000');
    // BTC to 35,000: P&L −30,000 × 0.02 = −600; equity 198.4 + 800 − 600 = 398.4 ≤ 50% × 800.
    await price({ BTCUSDT: '35000' });
    const closedBtc = await call<TPosition>(user.token, 'GET', `/contracts/order/${btc.data.orderNo}`);
    expect(closedBtc.data).toMatchObject({ status: 'closed', closeReason: 'stop_out', realisedPnl: '-600.000000' });
    // Then equity 248.4 + 150 = 398.4 against 150 used (265%): ETH stays open.
    const openEth = await call<TPosition>(user.token, 'GET', `/contracts/order/${eth.data.orderNo}`);
    expect(openEth.data.status).toBe('open');
    expect(await available(user.id)).toBe('248.400000');
  });

  it('negative-balance protection: treasury absorbs a loss beyond the user’s funds', async () => {
    await price({ BTCUSDT: '65000' });
    const user = await fundedUser('100');
    await call<TPosition>(user.token, 'POST', '/contracts/open', {
      code: 'BTCUSDT',
      side: 'long',
      lots: '0.003',
      leverage: 2,
    });
    // Margin 0.003 × 65,000 ÷ 2 = 97.5, fee 0.195: available 2.305.
    // A crash to 10,000 in one tick: loss 55,000 × 0.003 = 165 > 2.305 + 97.5 = 99.805.
    await price({ BTCUSDT: '10000' });
    expect(await available(user.id)).toBe('0.000000');
    const statement = await call<{ entries: Array<{ reason: string; amount: string }> }>(
      user.token,
      'GET',
      '/user/statement?size=10',
    );
    const reasons = statement.data.entries.map((entry) => `${entry.reason} ${entry.amount}`);
    // The shortfall 165 − 99.805 = 65.195 comes from treasury, recorded as its own entry.
    expect(reasons).toContain('negative_balance_protection 65.195000');
    expect(reasons).toContain('trade_pnl -165.000000');
    expect(await auditLedger(testApp.database.db)).toEqual([]);
  });

  it('refuses bad orders with their codes and moves nothing', async () => {
    await price({ BTCUSDT: '65000' });
    const user = await fundedUser('1000');
    const other = await fundedUser('1000');
    const open = (body: object) => call(user.token, 'POST', '/contracts/open', body);
    const base = { code: 'BTCUSDT', side: 'long', lots: '0.01', leverage: 2 };
    expect((await open({ ...base, code: 'NOPE' })).code).toBe(10132);
    // US stocks are closed on Thanksgiving.
    expect((await open({ ...base, code: 'AAPL', lots: '1' })).code).toBe(10015);
    expect((await open({ ...base, lots: '0.000015' })).code).toBe(10016);
    expect((await open({ ...base, lots: '-1' })).code).toBe(10016);
    expect((await open({ ...base, leverage: 3 })).code).toBe(10139);
    expect((await open({ ...base, stopLoss: '66000' })).code).toBe(10136);
    expect((await open({ ...base, takeProfit: '64000' })).code).toBe(10137);
    expect((await open({ ...base, stopLoss: 'NaN' })).code).toBe(10100);
    expect((await open({ ...base, orderType: 'limit', price: '66000' })).code).toBe(10143);
    expect((await open({ ...base, lots: '1' })).code).toBe(10037);
    expect(await available(user.id)).toBe('1000.000000');

    const opened = await call<TPosition>(user.token, 'POST', '/contracts/open', base);
    const theirs = await call(other.token, 'POST', '/contracts/close', { orderNo: opened.data.orderNo });
    expect(theirs.code).toBe(10035);
    expect((await call(other.token, 'GET', `/contracts/order/${opened.data.orderNo}`)).code).toBe(10035);
    expect((await call(user.token, 'POST', '/contracts/close', { orderNo: opened.data.orderNo })).code).toBe(200);
    expect((await call(user.token, 'POST', '/contracts/close', { orderNo: opened.data.orderNo })).code).toBe(10141);
    expect(
      (await call(user.token, 'POST', '/contracts/amend', { orderNo: opened.data.orderNo, stopLoss: '60000' })).code,
    ).toBe(10141);
    expect(await available(other.id)).toBe('1000.000000');
  });

  it('twenty closes of one position at once: one closes it, the others answer 10141, none a 500 (#13)', async () => {
    await price({ BTCUSDT: '65000' });
    const user = await fundedUser('1000');
    const opened = await call<TPosition>(user.token, 'POST', '/contracts/open', {
      code: 'BTCUSDT',
      side: 'long',
      lots: '0.01',
      leverage: 2,
    });
    expect(opened.code).toBe(200);
    await price({ BTCUSDT: '65100' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(user.token, 'POST', '/contracts/close', { orderNo: opened.data.orderNo })),
    );
    const codes = answers.map((answer) => answer.code).sort((a, b) => a - b);
    expect(codes).toEqual([200, ...Array.from({ length: 19 }, () => 10141)]);
    // 1,000 - 0.65 opening fee + 1 profit, paid once.
    expect(await available(user.id)).toBe('1000.350000');
    expect(await auditLedger(testApp.database.db)).toEqual([]);
  });

  it('opens arriving together share a commit; each is checked against what the ones before it took', async () => {
    await price({ BTCUSDT: '65000' });
    const user = await fundedUser('1000');
    const neighbour = await fundedUser('1000');
    const base = { code: 'BTCUSDT', side: 'long', lots: '0.01', leverage: 2 };
    // Each open takes margin 325 + fee 0.65 = 325.65: three fit in 1,000 (976.95), a fourth
    // would need 1,302.60. The neighbour's open in the same commit is its own business.
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => call<TPosition>(user.token, 'POST', '/contracts/open', base)),
      call<TPosition>(neighbour.token, 'POST', '/contracts/open', base),
    ]);
    expect(answers.map((answer) => answer.code).sort((a, b) => a - b)).toEqual([200, 200, 200, 200, 10037, 10037]);
    expect(await available(user.id)).toBe('23.050000');
    expect(
      formatAmount(await getBalance(testApp.database.db, 'live', 'USDT', { kind: 'held', userId: user.id }), 6),
    ).toBe('975.000000');
    expect(await available(neighbour.id)).toBe('674.350000');
    const opened = answers.filter((answer) => answer.code === 200).map((answer) => answer.data.openedAt);
    expect(new Set(opened).size).toBeLessThanOrEqual(2);
    expect(await auditLedger(testApp.database.db)).toEqual([]);
  });

  it("an invited user's first open marks the invitation's Trade step, once; others mark nothing", async () => {
    await price({ BTCUSDT: '65000' });
    const inviter = await fundedUser('10');
    const invited = await fundedUser('1000', { invitedBy: inviter.id });
    const uninvited = await fundedUser('1000');
    const base = { code: 'BTCUSDT', side: 'long', lots: '0.01', leverage: 2 };
    for (const user of [invited, invited, uninvited]) {
      expect((await call(user.token, 'POST', '/contracts/open', base)).code).toBe(200);
    }
    const steps = await testApp.database.db
      .selectFrom('referral_events')
      .select(['user_id', 'step'])
      .where('user_id', 'in', [invited.id, uninvited.id])
      .execute();
    expect(steps).toEqual([{ user_id: invited.id, step: 'trade' }]);
  });

  it('a pending limit order fills when the price comes to it, and can be cancelled before', async () => {
    await price({ BTCUSDT: '65000' });
    const user = await fundedUser('10000');
    const limit = await call<TPosition>(user.token, 'POST', '/contracts/open', {
      code: 'BTCUSDT',
      side: 'long',
      lots: '0.01',
      leverage: 2,
      orderType: 'limit',
      price: '64000',
    });
    const cancelled = await call<TPosition>(user.token, 'POST', '/contracts/open', {
      code: 'BTCUSDT',
      side: 'long',
      lots: '0.01',
      leverage: 2,
      orderType: 'limit',
      price: '60000',
    });
    expect(limit.data.status).toBe('pending');
    expect((await call(user.token, 'POST', '/contracts/cancel', { orderNo: cancelled.data.orderNo })).code).toBe(200);
    await price({ BTCUSDT: '63990' });
    const filled = await call<TPosition>(user.token, 'GET', `/contracts/order/${limit.data.orderNo}`);
    // Filled at the crossing tick 63,990; fee 0.1% × 639.9 = 0.6399.
    expect(filled.data).toMatchObject({ status: 'open', openPrice: '63990', fee: '0.639900' });
    const all = await call<Array<{ orderNo: string; kind: string }>>(user.token, 'GET', '/allOrders/all');
    expect(all.data.map((order) => order.orderNo)).toEqual([cancelled.data.orderNo, limit.data.orderNo]);
  });

  it('a position is closed, amended, cancelled or read only in the book it was opened in (#13)', async () => {
    await price({ BTCUSDT: '65000' });
    const user = await fundedUser('10000');
    const open = await call<TPosition>(user.token, 'POST', '/contracts/open', {
      code: 'BTCUSDT',
      side: 'long',
      lots: '0.01',
      leverage: 2,
    });
    const pending = await call<TPosition>(user.token, 'POST', '/contracts/open', {
      code: 'BTCUSDT',
      side: 'long',
      lots: '0.01',
      leverage: 2,
      orderType: 'limit',
      price: '60000',
    });
    // The same user, signed in, with the demo book selected (virtually: YES): a stale order
    // number from the live book must not move live money.
    const inDemo = async (method: 'GET' | 'POST', url: string, payload?: object) =>
      (
        await testApp.app.inject({
          method,
          url: `/swx/customer${url}`,
          headers: { authorization: user.token, virtually: 'YES' },
          ...(payload ? { payload } : {}),
        })
      ).json() as { code: number };
    expect((await inDemo('POST', '/contracts/close', { orderNo: open.data.orderNo })).code).toBe(10035);
    expect((await inDemo('POST', '/contracts/amend', { orderNo: open.data.orderNo, stopLoss: '60000' })).code).toBe(
      10035,
    );
    expect((await inDemo('POST', '/contracts/cancel', { orderNo: pending.data.orderNo })).code).toBe(10035);
    expect((await inDemo('GET', `/contracts/order/${open.data.orderNo}`)).code).toBe(10035);
    const live = await call<TPosition>(user.token, 'GET', `/contracts/order/${open.data.orderNo}`);
    expect(live.data).toMatchObject({ status: 'open', stopLoss: null });
    const stillPending = await call<TPosition>(user.token, 'GET', `/contracts/order/${pending.data.orderNo}`);
    expect(stillPending.data.status).toBe('pending');
  });
});
