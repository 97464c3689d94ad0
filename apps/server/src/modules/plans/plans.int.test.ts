import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CATALOGUE,
  type TAdminSmartProduct,
  type TPosition,
  type TSmartOrder,
  type TSmartOrderList,
  type TSmartProductsResponse,
} from '@openbourse/contracts';
import { parseAmount } from '@openbourse/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../platform/clock.js';
import { answerAppropriateness } from '../../test/appropriateness.js';
import { insertSmartProductForTests } from '../../test/smart-products.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createUserWithSession } from '../../test/test-users.js';
import { auditLedger, getBalance, transfer } from '../ledger/index.js';

/**
 * Smart trading plans (issue 18) through the whole app on PostgreSQL: buying refused in the
 * SPEC's order with nothing moved; a plan on the test feed that opens and closes a real position
 * through the trading engine (its user cannot close it) and returns capital + P&L at its end; an
 * early exit charging exactly the disclosed fee; two purchases at once; backtests labelled by
 * what they ran over; the back office's checks. The ledger audit stays clean throughout.
 */

// 12:00:30 UTC: minute m of the test starts at 12:0m:00; ticks land at :30 of their minute.
const AT = Date.UTC(2026, 5, 1, 12, 0, 30);
const MINUTE = 60_000;
const DAY_MS = 86_400_000;
let offsetMs = 0;
const clock: Clock = { now: () => new Date(AT + offsetMs) };
const here = path.dirname(fileURLToPath(import.meta.url));
const SHARED_DATA = path.resolve(here, '../../../../../../shared/market-data');

let testApp: TestApp;
type Envelope<T> = { code: number; data: T; msg: string };

async function call<T>(method: 'GET' | 'POST', url: string, token: string, body?: object, book: 'NO' | 'YES' = 'NO') {
  const response = await testApp.app.inject({
    method,
    url,
    headers: { authorization: token, virtually: book },
    ...(body ? { payload: body } : {}),
  });
  return { status: response.statusCode, body: response.json() as Envelope<T> };
}

const buy = (token: string, body: object, book: 'NO' | 'YES' = 'NO') =>
  call<TSmartOrder>('POST', '/swx/customer/order/buySmart', token, body, book);
const myPlans = async (token: string) =>
  (await call<TSmartOrderList>('GET', '/swx/customer/order/listSmartOrder', token)).body.data.items;

async function deposit(userId: string, amount: string) {
  await testApp.database.db.transaction().execute((trx) =>
    transfer(trx, {
      book: 'live',
      asset: 'USDT',
      from: { kind: 'clearing', name: 'deposits:plans-test' },
      to: { kind: 'available', userId },
      amount: parseAmount(amount, 6),
      reason: 'deposit',
      idempotencyKey: `plans-test:${userId}:${randomBytes(4).toString('hex')}`,
    }),
  );
}

const available = (userId: string) =>
  getBalance(testApp.database.db, 'live', 'USDT', { kind: 'available', userId });
const feesBalance = () => getBalance(testApp.database.db, 'live', 'USDT', { kind: 'fees' });

/** A trader with `amount` USDT who answered the appropriateness questions. */
async function trader(amount = '5000') {
  const user = await createUserWithSession(testApp);
  await deposit(user.id, amount);
  await answerAppropriateness(testApp.app, user.token);
  return user;
}

/** A price of the test feed at minute `minute` of the test (its :30). */
function tickAt(code: string, minute: number, price: string) {
  offsetMs = minute * MINUTE;
  testApp.app.services.marketHub.ingest('test', [{ code, price, time: AT + offsetMs }]);
}

/** Moves the clock into minute `minute` (its :45) and lets the plans decide on the bar that closed. */
async function passAt(minute: number) {
  offsetMs = minute * MINUTE + 15_000;
  await testApp.app.services.marketHub.flush();
  await testApp.app.services.plans.runner.pass();
  await testApp.app.services.tradingEngine.idle();
}

beforeAll(async () => {
  testApp = await createTestApp(
    {
      MARKET_FEED: 'test',
      // SOLUSDT has no recorded 1-minute file in the shared market data: its backtest runs on stored candles.
      MARKET_TEST_CODES: 'BTCUSDT,ETHUSDT,SOLUSDT',
      MARKET_STALE_AFTER_MS: '3600000',
      SESSION_IDLE_DAYS: '365',
      PLANS_RUN_EVERY_MS: '600000',
      ...(existsSync(SHARED_DATA) ? { BACKTEST_DATA_DIR: SHARED_DATA } : {}),
    },
    undefined,
    { clock },
  );
  const deadline = Date.now() + 60_000;
  while (!testApp.app.services.marketHub.ownsFeeds) {
    if (Date.now() > deadline) throw new Error('the test app never ran the feeds');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  tickAt('BTCUSDT', 0, '100');
  tickAt('ETHUSDT', 0, '100');
  tickAt('SOLUSDT', 0, '100');
}, 120_000);
afterAll(() => testApp?.close());

describe('buying a plan', () => {
  it('refuses in the SPEC order (10010, 10094, 10016, 10095, 10012, 10025, 20096, 10011) and moves nothing', async () => {
    const db = testApp.database.db;
    const product = await insertSmartProductForTests(db, { minLevel: 1 });
    const user = await trader('1000');
    const before = await available(user.id);
    const code = async (body: object) => (await buy(user.token, body)).body.code;
    expect(await code({ productId: '999999', amount: '100', days: 7 })).toBe(CATALOGUE.WRONG_SMART_PRODUCT.code);
    const vip = await buy(user.token, { productId: product, amount: '100', days: 7 });
    expect(vip.body.code).toBe(CATALOGUE.VIP_LEVEL_TOO_LOW.code);
    expect(vip.body.msg).toContain('VIP1');
    await db.updateTable('users').set({ level: 1 }).where('id', '=', user.id).execute();
    expect(await code({ productId: product, amount: '99.99', days: 7 })).toBe(CATALOGUE.PURCHASE_AMOUNT_WRONG.code);
    // Two failed attempts today (VIP, minimum): the third attempt is refused whatever it asks.
    expect(await code({ productId: product, amount: '100', days: 7 })).toBe(CATALOGUE.PURCHASE_ATTEMPTS_EXCEEDED.code);
    expect(await available(user.id)).toBe(before);
    // The next day the count starts again.
    offsetMs += DAY_MS;
    expect(await code({ productId: product, amount: '50000.01', days: 7 })).toBe(
      CATALOGUE.INVESTMENT_ABOVE_MAXIMUM.code,
    );
    expect(await code({ productId: product, amount: '100', days: 8 })).toBe(CATALOGUE.DAYS_NOT_FOUND.code);
    offsetMs += DAY_MS;
    expect(await code({ productId: product, amount: '1000.01', days: 7 })).toBe(CATALOGUE.INSUFFICIENT_BALANCE.code);
    expect(await available(user.id)).toBe(before);
    // Demo accounts cannot buy plans (SPEC §4).
    expect((await buy(user.token, { productId: product, amount: '100', days: 7 }, 'YES')).body.code).toBe(
      CATALOGUE.DEMO_NOT_ALLOWED.code,
    );
    const bought = await buy(user.token, { productId: product, amount: '400', days: 7 });
    expect(bought.body.code).toBe(CATALOGUE.PURCHASE_SUCCEEDED.code);
    expect(bought.body.data).toMatchObject({
      status: 'running',
      amount: '400.000000',
      equity: '400.000000',
      pnl: '0.000000',
    });
    // The amount is in the plan's own ledger account.
    expect(await available(user.id)).toBe(before - 400_000_000n);
    const planAccount = { kind: 'plan' as const, userId: user.id, name: `plan:${bought.body.data.id}` };
    expect(await getBalance(db, 'live', 'USDT', planAccount)).toBe(400_000_000n);
    expect((await buy(user.token, { productId: product, amount: '100', days: 7 })).body.code).toBe(
      CATALOGUE.SAME_PRODUCT_BOUGHT.code,
    );
    expect(await auditLedger(db)).toEqual([]);
    offsetMs = 0;
  });

  it('two purchases of one product at once: one plan runs, the other is refused, one amount moves', async () => {
    const product = await insertSmartProductForTests(testApp.database.db);
    const user = await trader('1000');
    const answers = await Promise.all([
      buy(user.token, { productId: product, amount: '300', days: 7 }),
      buy(user.token, { productId: product, amount: '300', days: 7 }),
    ]);
    expect(answers.map((answer) => answer.body.code).sort()).toEqual(
      [CATALOGUE.SAME_PRODUCT_BOUGHT.code, CATALOGUE.PURCHASE_SUCCEEDED.code].sort(),
    );
    expect(await available(user.id)).toBe(700_000_000n);
  });
});

describe('a running plan', () => {
  it('opens and closes a real position through the engine on its strategy’s signals, and returns capital + P&L at its end', async () => {
    const db = testApp.database.db;
    // MA crossover 2/3 on 1-minute bars: closes 100, 100, 100, 98, 96 (the fast average falls
    // below the slow one), then 102: fast (96+102)/2 = 99 > slow (98+96+102)/3 = 98.67, a cross
    // up → long. Then 88: fast (102+88)/2 = 95 < slow (96+102+88)/3 = 95.33, a cross down → close.
    const product = await insertSmartProductForTests(db, {
      strategy: 'ma-crossover',
      params: { fast: 2, slow: 3 },
      intervalMinutes: 1,
      days: [1],
    });
    const closes = ['100', '100', '100', '98', '96'];
    closes.forEach((price, minute) => tickAt('BTCUSDT', 10 + minute, price));
    const user = await trader('2000');
    offsetMs = 15 * MINUTE + 1000;
    const bought = await buy(user.token, { productId: product, amount: '1000', days: 1 });
    expect(bought.body.code).toBe(CATALOGUE.PURCHASE_SUCCEEDED.code);
    const planId = bought.body.data.id;

    await passAt(15); // decides on minute 14 (96): no cross up, nothing opens
    expect((await myPlans(user.token))[0]?.openPositions).toEqual([]);
    tickAt('BTCUSDT', 15, '102');
    await passAt(16); // minute 15 closed at 102: the cross up, a long at the current price (102)
    const [running] = await myPlans(user.token);
    expect(running?.openPositions).toHaveLength(1);
    const position = running?.openPositions[0] as TPosition;
    expect(position).toMatchObject({ side: 'long', status: 'open', openPrice: '102', planOrderId: planId });
    // Sized by the shared rule: margin ≤ half the equity at 2× → lots = 1000 × 0.5 × 2 / 102 floored to the lot step.
    expect(Number(position.lots)).toBeGreaterThan(9.7);
    expect(Number(position.lots)).toBeLessThanOrEqual(9.81);
    // The position is the plan's: its user cannot close it (10221) — and it shows in their orders, marked.
    const close = await call<unknown>('POST', '/swx/customer/contracts/close', user.token, { orderNo: position.orderNo });
    expect(close.body.code).toBe(CATALOGUE.POSITION_HELD_BY_PLAN.code);
    const orders = await call<{ items: TPosition[] }>('GET', '/swx/customer/contracts/orders?status=open', user.token);
    expect(orders.body.data.items.find((item) => item.orderNo === position.orderNo)?.planOrderId).toBe(planId);

    tickAt('BTCUSDT', 16, '88');
    await passAt(17); // minute 16 closed at 88: the cross down, the long closes at 88
    const [afterClose] = await myPlans(user.token);
    expect(afterClose?.openPositions).toEqual([]);
    const trade = afterClose?.trades[0];
    expect(trade).toMatchObject({ closePrice: '88', closeReason: 'manual' });
    const pnl = parseAmount(trade?.realisedPnl ?? '0', 6);
    const fee = parseAmount(trade?.fee ?? '0', 6);
    // P&L = lots × (88 − 102) × contract size 1: a loss, what the strategy made.
    expect(pnl).toBe(-parseAmount(position.lots, 6) * 14n);
    // The plan's P&L to date: the trade's P&L less its fee.
    expect(parseAmount(afterClose?.pnl ?? '', 6)).toBe(pnl - fee);

    // The day ends: the plan finishes and returns capital + P&L (fees included) to the balance.
    const before = await available(user.id);
    offsetMs = 15 * MINUTE + DAY_MS + 5000;
    tickAt('BTCUSDT', 15 + 24 * 60, '90');
    offsetMs = 15 * MINUTE + DAY_MS + 10_000;
    await testApp.app.services.plans.runner.pass();
    const [finished] = await myPlans(user.token);
    expect(finished?.status).toBe('finished');
    const returned = 1_000_000_000n + pnl - fee;
    expect(parseAmount(finished?.returned ?? '0', 6)).toBe(returned);
    expect(await available(user.id)).toBe(before + returned);
    const notes = await db
      .selectFrom('notify_notifications')
      .select(['template'])
      .where('user_id', '=', user.id)
      .execute();
    expect(notes.map((note) => note.template)).toContain('plan_finished');
    // Run again: nothing more moves.
    await testApp.app.services.plans.runner.pass();
    expect(await available(user.id)).toBe(before + returned);
    expect(await auditLedger(db)).toEqual([]);
    offsetMs = 0;
  });

  it('an early exit closes the plan and charges exactly the disclosed fee (1% of 500 = 5 USDT)', async () => {
    const product = await insertSmartProductForTests(testApp.database.db, { exitFeeRate: '0.01' });
    const user = await trader('500');
    const bought = await buy(user.token, { productId: product, amount: '500', days: 7 });
    expect(bought.body.data.exitFee).toBe('5.000000');
    const fees = await feesBalance();
    const exit = await call<TSmartOrder>('POST', '/swx/customer/order/exitSmart', user.token, {
      orderId: bought.body.data.id,
    });
    expect(exit.body.code).toBe(200);
    expect(exit.body.data).toMatchObject({ status: 'exited_early', exitFee: '5.000000', returned: '495.000000' });
    expect(await available(user.id)).toBe(495_000_000n);
    expect((await feesBalance()) - fees).toBe(5_000_000n);
    // Exited once: a second exit answers 10220 and moves nothing.
    const again = await call<TSmartOrder>('POST', '/swx/customer/order/exitSmart', user.token, {
      orderId: bought.body.data.id,
    });
    expect(again.body.code).toBe(CATALOGUE.SMART_ORDER_NOT_RUNNING.code);
    // Another user cannot exit it.
    const other = await createUserWithSession(testApp);
    expect(
      (await call<TSmartOrder>('POST', '/swx/customer/order/exitSmart', other.token, { orderId: bought.body.data.id }))
        .body.code,
    ).toBe(CATALOGUE.NO_PERMISSION_ON_RECORD.code);
    expect(await auditLedger(testApp.database.db)).toEqual([]);
  });
});

describe('backtests and the back office', () => {
  it('labels a backtest over the test feed’s candles as sandbox data, and one over a recorded file as historical', async () => {
    const operator = await createUserWithSession(testApp, ['admin']);
    const names = Object.fromEntries(
      ['en', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'hk', 'zh'].map((language) => [language, `Plan ${language}`]),
    );
    const fields = {
      names,
      strategy: 'ma-crossover',
      params: { fast: 2, slow: 3 },
      code: 'ETHUSDT',
      intervalMinutes: 1,
      leverage: 2,
      marginShare: '0.5',
      minAmount: '100',
      maxAmount: '1000',
      days: [7],
      exitFeeRate: '0.01',
      minLevel: 0,
      reason: 'test product',
    };
    const refused = await call<unknown>('POST', '/swx/admin/smart-products', operator.token, {
      ...fields,
      params: { fast: 2, slower: 3 },
    });
    expect(refused.body.code).toBe(CATALOGUE.INVALID_INPUT.code);
    expect(JSON.stringify(refused.body.data)).toContain('body.params.slower');
    const created = await call<TAdminSmartProduct>('POST', '/swx/admin/smart-products', operator.token, fields);
    expect(created.body.code).toBe(200);
    await testApp.app.services.plans.runner.kickBacktests();
    const list = await call<{ items: TAdminSmartProduct[] }>('GET', '/swx/admin/smart-products', operator.token);
    const product = list.body.data.items.find((item) => item.id === created.body.data.id);
    if (existsSync(SHARED_DATA)) {
      // ETHUSDT has a recorded 1-minute file in the shared market data: history.
      expect(product?.backtest).toMatchObject({ dataKind: 'historical', source: 'recorded file crypto/ETHUSDT_1m.csv' });
      expect(product?.backtest?.bars).toBe(41_476);
    }
    // The same product over the platform's own candles of the test feed: never called history.
    const again = await call<TAdminSmartProduct>('POST', `/swx/admin/smart-products/${created.body.data.id}`, operator.token, {
      ...fields,
      code: 'SOLUSDT',
      version: created.body.data.version,
    });
    expect(again.body.data.backtestState).toBe('pending');
    await testApp.app.services.plans.runner.kickBacktests();
    const [second] = (
      await call<{ items: TAdminSmartProduct[] }>('GET', '/swx/admin/smart-products', operator.token)
    ).body.data.items.filter((item) => item.id === created.body.data.id);
    expect(second?.backtest?.dataKind).toBe('sandbox');
    expect(second?.backtest?.source).toBe('test candles of SOLUSDT');
    // A change from a stale version is refused (10222) and changes nothing.
    const stale = await call<unknown>('POST', `/swx/admin/smart-products/${created.body.data.id}`, operator.token, {
      ...fields,
      version: created.body.data.version,
    });
    expect(stale.body.code).toBe(CATALOGUE.SMART_PRODUCT_CHANGED.code);
    // Users see an enabled product only, with its backtest.
    const enable = await call<TAdminSmartProduct>(
      'POST',
      `/swx/admin/smart-products/${created.body.data.id}/enabled`,
      operator.token,
      { enabled: true, version: again.body.data.version, reason: 'offer it' },
    );
    expect(enable.body.data.enabled).toBe(true);
    const publicList = await testApp.app.inject({ method: 'GET', url: '/swx/customer/index/listSmartProducts' });
    const shown = (publicList.json() as Envelope<TSmartProductsResponse>).data.items.find(
      (item) => item.id === created.body.data.id,
    );
    expect(shown?.backtest?.dataKind).toBe('sandbox');
    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'smart_product')
      .where('target_id', '=', created.body.data.id)
      .execute();
    expect(audit.map((row) => row.action).sort()).toEqual([
      'plans.products.create',
      'plans.products.enable',
      'plans.products.update',
    ]);
  });
});

