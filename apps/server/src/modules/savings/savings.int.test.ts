import { randomBytes } from 'node:crypto';
import {
  CATALOGUE,
  type CatalogueName,
  type TAdminSavingsProduct,
  type TFinancialProductsResponse,
  type TSavingsOrder,
  type TSavingsOrderList,
  type TSavingsProductCreateRequest,
} from '@openbourse/contracts';
import { parseAmount } from '@openbourse/money';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../platform/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createUserWithSession } from '../../test/test-users.js';
import { auditLedger, getBalance, ledgerAssetDecimals, transfer } from '../ledger/index.js';
import { seedLendingCapital } from '../lending/index.js';
import { createSavingsModule, SANDBOX_SAVINGS_PRODUCTS, seedSavingsProducts } from './index.js';

/**
 * Fixed-term savings (issue 18) through the whole app on PostgreSQL: products kept in the back
 * office (audited); a subscription's checks in their order with their codes and a refusal that
 * moves nothing; the principal and the whole promised interest in escrow at once; the accrual job
 * (twice changes nothing), maturity paid once across a second module instance, early redemption
 * with its penalty; the treasury unable to fund a promise (refused, nothing moved, the product
 * paused); two subscriptions at once against the last capacity and the same product; the ledger
 * audit clean and the escrow holding exactly what the orders earning are owed. The arithmetic is
 * in the comments; USDT and USDC have 6 decimals.
 */
const DAY_MS = 86_400_000;
// 10:00 UTC on 1 June 2026; the tests move this clock forward only.
const AT = Date.UTC(2026, 5, 1, 10, 0, 0);
let offsetMs = 0;
const clock: Clock = { now: () => new Date(AT + offsetMs) };
const advance = (ms: number) => {
  offsetMs += ms;
};

let testApp: TestApp;
/** An admin signed in now: an operator's session lapses after idle minutes of the test's clock. */
const freshAdmin = () => createUserWithSession(testApp, ['admin']);

type Envelope<T> = { code: number; data: T; msg: string };

async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  token: string | null,
  body?: object,
  book: 'NO' | 'YES' = 'NO',
): Promise<{ status: number; body: Envelope<T> }> {
  const response = await testApp.app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: token } : {}), virtually: book, 'accept-language': 'en' },
    ...(body ? { payload: body } : {}),
  });
  return { status: response.statusCode, body: response.json() as Envelope<T> };
}

const invest = (token: string, productId: string, amount: string) =>
  call<TSavingsOrder>('POST', '/swx/customer/financial/invest', token, { productId, amount });
const redeem = (token: string, orderId: string) =>
  call<TSavingsOrder>('POST', '/swx/customer/financial/redeem', token, { orderId });
const myOrders = async (token: string) =>
  (await call<TSavingsOrderList>('GET', '/swx/customer/financial/myOrders', token)).body.data.items;

const balanceOf = (userId: string, asset = 'USDT') =>
  getBalance(testApp.database.db, 'live', asset, { kind: 'available', userId });
const treasuryOf = (asset = 'USDT') => getBalance(testApp.database.db, 'live', asset, { kind: 'treasury' });
const escrowOf = (asset = 'USDT') =>
  getBalance(testApp.database.db, 'live', asset, { kind: 'escrow', name: 'savings' });

/** Credits a user's live balance from a clearing account (a deposit). */
async function deposit(userId: string, asset: string, amount: string) {
  await testApp.database.db.transaction().execute((trx) =>
    transfer(trx, {
      book: 'live',
      asset,
      from: { kind: 'clearing', name: 'deposits:test' },
      to: { kind: 'available', userId },
      amount: parseAmount(amount, 6),
      reason: 'deposit',
      idempotencyKey: `savings-test-deposit:${randomBytes(6).toString('hex')}`,
    }),
  );
}

/** A live user at a VIP level, with `usdt` on their available balance. */
async function investor(level: number, usdt = '0') {
  const user = await createUserWithSession(testApp);
  if (level > 0) {
    await testApp.database.db.updateTable('users').set({ level }).where('id', '=', user.id).execute();
    testApp.app.services.identity.forgetUserSessions(user.id);
  }
  if (usdt !== '0') await deposit(user.id, 'USDT', usdt);
  return user;
}

const PRODUCT: TSavingsProductCreateRequest = {
  names: {
    en: 'Test 30-day savings',
    ja: 'テスト 30日',
    ko: '테스트 30일',
    de: 'Test 30 Tage',
    fr: 'Test 30 jours',
    it: 'Test 30 giorni',
    es: 'Prueba 30 días',
    ar: 'اختبار 30 يومًا',
    hk: '測試 30天',
    zh: '测试 30天',
  },
  asset: 'USDT',
  minAmount: '100',
  maxAmount: '5000',
  periodDays: 30,
  dailyRate: '0.0005',
  capacity: '12000',
  minLevel: 1,
  penaltyRate: '0.02',
  reason: 'a product for the tests',
};

/** A product made through the back office and put on sale; answers it as the back office shows it. */
async function productOnSale(change: Partial<TSavingsProductCreateRequest> = {}): Promise<TAdminSavingsProduct> {
  const admin = await freshAdmin();
  const created = await call<TAdminSavingsProduct>('POST', '/swx/admin/savings-products', admin.token, {
    ...PRODUCT,
    ...change,
  });
  expect(created.body.code, created.body.msg).toBe(200);
  const onSale = await call<TAdminSavingsProduct>(
    'POST',
    `/swx/admin/savings-products/${created.body.data.id}/status`,
    admin.token,
    { onSale: true, version: created.body.data.version, reason: 'checked' },
  );
  expect(onSale.body.code, onSale.body.msg).toBe(200);
  return onSale.body.data;
}

/** The savings escrow holds exactly what the orders earning are owed: principal + promised interest. */
async function expectEscrowMatchesOrders(asset = 'USDT') {
  const rows = await testApp.database.db
    .selectFrom('savings_orders')
    .select(['principal', 'promised_interest'])
    .where('status', '=', 'earning')
    .where('asset', '=', asset)
    .execute();
  const owed = rows.reduce(
    (sum, row) => sum + parseAmount(String(row.principal), 6) + parseAmount(String(row.promised_interest), 6),
    0n,
  );
  expect(await escrowOf(asset)).toBe(owed);
}

beforeAll(async () => {
  testApp = await createTestApp({ SESSION_IDLE_DAYS: '365' }, undefined, { clock });
  const db = testApp.database.db;
  // The sandbox's lending capital: 1,000,000 USDT in the live treasury (savings reuse it).
  await db.transaction().execute((trx) => seedLendingCapital(trx, 6));
}, 90_000);

afterAll(async () => {
  await testApp.close();
});

describe('savings products in the back office', () => {
  it('creates a product paused, lists it once on sale with exactly the public fields, and audits each change', async () => {
    const admin = await freshAdmin();
    const created = await call<TAdminSavingsProduct>('POST', '/swx/admin/savings-products', admin.token, PRODUCT);
    expect(created.body.code, created.body.msg).toBe(200);
    expect(created.body.data).toMatchObject({ status: 'paused', pausedReason: 'operator', version: 1 });
    const id = created.body.data.id;
    const listed = async () =>
      (await call<TFinancialProductsResponse>('GET', '/swx/customer/index/listFinancialProducts', null)).body.data
        .items;
    expect((await listed()).some((item) => item.id === id)).toBe(false);

    // Another version than the current one changes nothing (10214).
    const stale = await call('POST', `/swx/admin/savings-products/${id}/status`, admin.token, {
      onSale: true,
      version: 7,
      reason: 'checked',
    });
    expect(stale.body.code).toBe(CATALOGUE.SAVINGS_PRODUCT_CHANGED.code);
    // A capacity below the maximum cannot take one order at the maximum.
    const invalid = await call<{ issues: Array<{ path: string }> } | null>(
      'POST',
      `/swx/admin/savings-products/${id}`,
      admin.token,
      { ...PRODUCT, capacity: '4999', version: 1 },
    );
    expect(invalid.body.code).toBe(CATALOGUE.INVALID_INPUT.code);
    expect(JSON.stringify(invalid.body.data)).toContain('body.capacity');

    const updated = await call<TAdminSavingsProduct>('POST', `/swx/admin/savings-products/${id}`, admin.token, {
      ...PRODUCT,
      maxAmount: '6000',
      version: 1,
    });
    expect(updated.body.data).toMatchObject({ maxAmount: '6000', version: 2 });
    const resumed = await call<TAdminSavingsProduct>('POST', `/swx/admin/savings-products/${id}/status`, admin.token, {
      onSale: true,
      version: 2,
      reason: 'checked',
    });
    expect(resumed.body.data).toMatchObject({ status: 'on_sale', pausedReason: null, version: 3 });

    const item = (await listed()).find((candidate) => candidate.id === id);
    expect(Object.keys(item ?? {}).sort()).toEqual(
      [
        'id',
        'name',
        'asset',
        'decimals',
        'minAmount',
        'maxAmount',
        'periodDays',
        'dailyRate',
        'remainingCapacity',
        'minLevel',
        'penaltyRate',
        'onSale',
        'pausedReason',
        'interestAtMax',
      ].sort(),
    );
    // 6,000 × 0.0005 × 30 = 90 USDT at the maximum.
    expect(item).toMatchObject({
      name: 'Test 30-day savings',
      maxAmount: '6000',
      remainingCapacity: '12000',
      minLevel: 1,
      penaltyRate: '0.02',
      onSale: true,
      interestAtMax: '90',
    });
    const german = await testApp.app.inject({
      method: 'GET',
      url: '/swx/customer/index/listFinancialProducts',
      headers: { 'accept-language': 'de' },
    });
    expect((german.json() as Envelope<TFinancialProductsResponse>).data.items.find((p) => p.id === id)?.name).toBe(
      'Test 30 Tage',
    );

    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'reason'])
      .where('target_type', '=', 'savings_product')
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'savings.products.create',
      'savings.products.update',
      'savings.products.resume',
    ]);
    expect(audit.every((row) => row.actor_user_id === admin.id)).toBe(true);
  });

  it('seeds the sandbox products once, on sale', async () => {
    const db = testApp.database.db;
    const assets = { assetDecimals: (code: string) => ledgerAssetDecimals(db, code) };
    expect(await seedSavingsProducts(db, assets, clock.now())).toBe(SANDBOX_SAVINGS_PRODUCTS.length);
    expect(await seedSavingsProducts(db, assets, clock.now())).toBe(0);
    const seeded = await db
      .selectFrom('savings_products')
      .select(['status', 'seed_key'])
      .where('seed_key', 'is not', null)
      .execute();
    expect(seeded.map((row) => row.status)).toEqual(['on_sale', 'on_sale']);
  });
});

describe('subscribing', () => {
  let product: TAdminSavingsProduct;
  beforeAll(async () => {
    product = await productOnSale();
  });

  it('checks in order with its codes, counts failed attempts, and moves nothing on a refusal', async () => {
    const user = await investor(1, '10000');
    const normal = await investor(0, '10000');
    const expectCode = async (token: string, productId: string, amount: string, name: CatalogueName) => {
      const answer = await invest(token, productId, amount);
      expect(answer.body.code, `${productId} ${amount}: ${answer.body.msg}`).toBe(CATALOGUE[name].code);
      return answer;
    };
    // 1. No such product (and a paused one): not a failed attempt.
    await expectCode(user.token, '999999', '1000', 'SAVINGS_PRODUCT_NOT_ON_SALE');
    await expectCode(user.token, 'abc', '1000', 'SAVINGS_PRODUCT_NOT_ON_SALE');
    // 2. VIP level before the amount: a Normal user asking above the maximum hears about the level.
    const vip = await expectCode(normal.token, product.id, '999999', 'VIP_LEVEL_TOO_LOW');
    expect(vip.body.msg).toBe('Your VIP level is too low: VIP1 or higher is needed.');
    // 3. Below the minimum, more decimals than USDT has, not a number: 10013.
    await expectCode(user.token, product.id, '99.999999', 'INVESTMENT_AMOUNT_WRONG');
    // 4. Above the maximum (5,000): 10095.
    await expectCode(user.token, product.id, '5000.000001', 'INVESTMENT_ABOVE_MAXIMUM');
    // 6. Two failed today: the third is refused before the balance is looked at, even a good one.
    await expectCode(user.token, product.id, '1000', 'PURCHASE_ATTEMPTS_EXCEEDED');
    await expectCode(user.token, product.id, '100.0000001', 'INVESTMENT_AMOUNT_WRONG');
    const attempts = await testApp.database.db
      .selectFrom('savings_failed_attempts')
      .select(['failures', sql<string>`day::text`.as('day')])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    // 10013, 10095, then 10013 again: the 20096 itself and the unknown products do not count.
    expect(attempts).toMatchObject({ failures: 3, day: '2026-06-01' });
    expect(await balanceOf(user.id)).toBe(10_000_000_000n);
    expect(await balanceOf(normal.id)).toBe(10_000_000_000n);

    // 7. Balance: 50 USDT does not cover 100 (and comes before the capacity check).
    const poor = await investor(1, '50');
    await expectCode(poor.token, product.id, '100', 'INSUFFICIENT_BALANCE');
    await expectCode(poor.token, product.id, 'lots', 'INVESTMENT_AMOUNT_WRONG');

    // The demo book answers the platform's demo code.
    const demo = await call('POST', '/swx/customer/financial/invest', user.token, { productId: product.id }, 'YES');
    expect(demo.body.code).toBe(CATALOGUE.DEMO_NOT_ALLOWED.code);
    const orders = await testApp.database.db
      .selectFrom('savings_orders')
      .select('id')
      .where('user_id', 'in', [user.id, normal.id, poor.id])
      .execute();
    expect(orders).toEqual([]);
  });

  it('reserves the principal and the whole promised interest in escrow at once, and refuses the same product again', async () => {
    const user = await investor(1, '10000');
    const treasuryBefore = await treasuryOf();
    const escrowBefore = await escrowOf();
    const answer = await invest(user.token, product.id, '1234.567891');
    expect(answer.body.code, answer.body.msg).toBe(CATALOGUE.PURCHASE_SUCCEEDED.code);
    const order = answer.body.data;
    // 1,234.567891 × 0.0005 × 30 = 18.518518365 → 18.518518 reserved (rounded down to 0.000001).
    // Penalty now: 1,234.567891 × 0.02 = 24.69135782 → 24.691357; the exit would return
    // 1,234.567891 − 24.691357 = 1,209.876534.
    expect(order).toMatchObject({
      productName: 'Test 30-day savings',
      amount: '1234.567891',
      dailyRate: '0.0005',
      periodDays: 30,
      status: 'earning',
      earnedDays: 0,
      currentEarnings: '0',
      reservedInterest: '18.518518',
      earlyExitPenalty: '24.691357',
      earlyExitReturn: '1209.876534',
      investTime: '2026-06-01T10:00:00.000Z',
      maturityTime: '2026-07-01T10:00:00.000Z',
    });
    // 10,000 − 1,234.567891 = 8,765.432109 available.
    expect(await balanceOf(user.id)).toBe(8_765_432_109n);
    expect(treasuryBefore - (await treasuryOf())).toBe(18_518_518n);
    // Escrow: 1,234.567891 + 18.518518 = 1,253.086409.
    expect((await escrowOf()) - escrowBefore).toBe(1_253_086_409n);

    // 5. The same product again while it earns: 10025, before the attempts limit or the balance.
    const again = await invest(user.token, product.id, '100');
    expect(again.body.code).toBe(CATALOGUE.SAME_PRODUCT_BOUGHT.code);
    // The statement names each move with its reason, the order referenced.
    const moves = await testApp.database.db
      .selectFrom('ledger_transfers')
      .select(['reason', 'amount', 'idempotency_key'])
      .where('reference_type', '=', 'savings_order')
      .where('reference_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(moves.map((move) => [move.reason, String(move.amount), move.idempotency_key])).toEqual([
      ['savings_principal', '1234567891', `savings:${order.id}:principal`],
      ['savings_interest_reserve', '18518518', `savings:${order.id}:interest-reserve`],
    ]);
    await expectEscrowMatchesOrders();
    expect(await auditLedger(testApp.database.db)).toEqual([]);
  });

  it('takes only one of two subscriptions at once when one fits the last capacity, and one of the same user’s two', async () => {
    const fresh = await productOnSale({ capacity: '6000', maxAmount: '5000' });
    const first = await investor(1, '10000');
    const second = await investor(1, '10000');
    // 6,000 of capacity: 4,000 each cannot both fit.
    const both = await Promise.all([invest(first.token, fresh.id, '4000'), invest(second.token, fresh.id, '4000')]);
    expect(both.map((answer) => answer.body.code).sort()).toEqual(
      [CATALOGUE.PURCHASE_SUCCEEDED.code, CATALOGUE.SAVINGS_CAPACITY_EXHAUSTED.code].sort(),
    );
    const refused = both.find((answer) => answer.body.code === CATALOGUE.SAVINGS_CAPACITY_EXHAUSTED.code);
    expect(refused?.body.msg).toBe('This savings product cannot take that much: 2000 USDT of its capacity is left.');
    // 6,000 − 4,000 = 2,000 left; the refused one's 10,000 is untouched.
    expect((await balanceOf(first.id)) + (await balanceOf(second.id))).toBe(16_000_000_000n);

    const same = await investor(1, '10000');
    const twice = await Promise.all([invest(same.token, fresh.id, '1000'), invest(same.token, fresh.id, '1000')]);
    expect(twice.map((answer) => answer.body.code).sort()).toEqual(
      [CATALOGUE.PURCHASE_SUCCEEDED.code, CATALOGUE.SAME_PRODUCT_BOUGHT.code].sort(),
    );
    expect(await balanceOf(same.id)).toBe(9_000_000_000n);
    // 4,000 + 1,000 earning: 1,000 left.
    const list = await call<TFinancialProductsResponse>('GET', '/swx/customer/index/listFinancialProducts', null);
    expect(list.body.data.items.find((item) => item.id === fresh.id)?.remainingCapacity).toBe('1000');
    await expectEscrowMatchesOrders();
    expect(await auditLedger(testApp.database.db)).toEqual([]);
  });
});

describe('the treasury cannot fund the promise', () => {
  it('refuses with 10201, moves nothing, pauses the product until an operator resumes it', async () => {
    // USDC: the live USDC treasury holds nothing yet.
    const product = await productOnSale({ asset: 'USDC', minLevel: 0 });
    const user = await investor(0);
    await deposit(user.id, 'USDC', '2000');
    const answer = await invest(user.token, product.id, '1000');
    expect(answer.body.code, answer.body.msg).toBe(CATALOGUE.TREASURY_CANNOT_FUND.code);
    expect(await balanceOf(user.id, 'USDC')).toBe(2_000_000_000n);
    expect(await treasuryOf('USDC')).toBe(0n);
    expect(await escrowOf('USDC')).toBe(0n);
    const paused = await call<TFinancialProductsResponse>('GET', '/swx/customer/index/listFinancialProducts', null);
    expect(paused.body.data.items.find((item) => item.id === product.id)).toMatchObject({
      onSale: false,
      pausedReason: 'treasury',
    });
    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('target_type', '=', 'savings_product')
      .where('target_id', '=', product.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'savings.products.pause_treasury', actor_user_id: null });
    // Paused: the next subscription is refused at the first check.
    expect((await invest(user.token, product.id, '1000')).body.code).toBe(CATALOGUE.SAVINGS_PRODUCT_NOT_ON_SALE.code);

    // 1,000 × 0.0005 × 30 = 15 USDC promised. The treasury gets 14.999999: still one unit short.
    const fund = (amount: string) =>
      testApp.database.db.transaction().execute((trx) =>
        transfer(trx, {
          book: 'live',
          asset: 'USDC',
          from: { kind: 'clearing', name: 'savings-test:capital' },
          to: { kind: 'treasury' },
          amount: parseAmount(amount, 6),
          reason: 'treasury_capital',
          idempotencyKey: `savings-test:usdc-capital:${amount}`,
        }),
      );
    const resume = async () => {
      const admin = await freshAdmin();
      const current = (
        await call<{ items: TAdminSavingsProduct[] }>('GET', '/swx/admin/savings-products', admin.token)
      ).body.data.items.find((item) => item.id === product.id);
      const resumed = await call('POST', `/swx/admin/savings-products/${product.id}/status`, admin.token, {
        onSale: true,
        version: current?.version,
        reason: 'treasury funded',
      });
      expect(resumed.body.code).toBe(200);
    };
    await fund('14.999999');
    await resume();
    // A new day for each try: failed attempts count per day, and two would answer 20096 first.
    advance(DAY_MS);
    expect((await invest(user.token, product.id, '1000')).body.code).toBe(CATALOGUE.TREASURY_CANNOT_FUND.code);
    expect(await treasuryOf('USDC')).toBe(14_999_999n);
    await fund('0.000001');
    await resume();
    advance(DAY_MS);
    const funded = await invest(user.token, product.id, '1000');
    expect(funded.body.code, funded.body.msg).toBe(CATALOGUE.PURCHASE_SUCCEEDED.code);
    // The whole treasury went to the promise: 15 − 15 = 0.
    expect(await treasuryOf('USDC')).toBe(0n);
    expect(await escrowOf('USDC')).toBe(1_015_000_000n);
    await expectEscrowMatchesOrders('USDC');
    expect(await auditLedger(testApp.database.db)).toEqual([]);
  });
});

describe('an order over its life', () => {
  let product: TAdminSavingsProduct;
  let user: { id: string; token: string };
  let orderId: string;

  it('accrues earned days and earnings with the job; a second run changes nothing', async () => {
    product = await productOnSale({ periodDays: 7, minLevel: 0, capacity: '100000' });
    user = await investor(0, '5000');
    const answer = await invest(user.token, product.id, '2000');
    expect(answer.body.code, answer.body.msg).toBe(CATALOGUE.PURCHASE_SUCCEEDED.code);
    orderId = answer.body.data.id;
    // 2,000 × 0.0005 × 7 = 7 USDT reserved.
    expect(answer.body.data.reservedInterest).toBe('7');

    // Three days and an hour later: 3 whole days, 7 × 3 ÷ 7 = 3 USDT earned.
    advance(3 * DAY_MS + 3_600_000);
    const first = await testApp.app.services.savings.runAccrual();
    expect(first.accrued).toBeGreaterThanOrEqual(1);
    const read = async () => (await myOrders(user.token)).find((order) => order.id === orderId);
    expect(await read()).toMatchObject({ earnedDays: 3, currentEarnings: '3', status: 'earning' });
    const before = await testApp.database.db
      .selectFrom('savings_orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const second = await testApp.app.services.savings.runAccrual();
    expect(second).toEqual({ accrued: 0, settled: 0 });
    const after = await testApp.database.db
      .selectFrom('savings_orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(await balanceOf(user.id)).toBe(3_000_000_000n);
  });

  it('pays principal and interest once at maturity, across the platform job and a second module instance', async () => {
    const notificationsBefore = await testApp.database.db
      .selectFrom('notify_notifications')
      .select('id')
      .where('user_id', '=', user.id)
      .where('template', '=', 'savings_matured')
      .execute();
    expect(notificationsBefore).toEqual([]);
    // Seven days after subscribing (and past the queued job's time): the job on the platform's queue runs.
    advance(4 * DAY_MS);
    await testApp.app.services.jobs.enqueue(testApp.database.db, 'savings.accrual', {}, {});
    const secondInstance = createSavingsModule({
      db: testApp.database.db,
      assets: { assetDecimals: (code) => ledgerAssetDecimals(testApp.database.db, code) },
      clock,
      jobsClock: clock,
      jobs: { define: () => undefined, enqueue: async () => null },
      apiPrefix: '/swx/customer',
      adminPrefix: '/swx/admin',
      log: { warn: () => undefined },
    });
    // The platform's worker and another instance's accrual at once, then each again (a restart).
    await Promise.all([testApp.app.services.jobs.drain(), secondInstance.service.runAccrual()]);
    await Promise.all([testApp.app.services.savings.runAccrual(), secondInstance.service.runAccrual()]);
    // 3,000 + 2,000 principal + 7 interest = 5,007, once.
    expect(await balanceOf(user.id)).toBe(5_007_000_000n);
    const order = (await myOrders(user.token)).find((candidate) => candidate.id === orderId);
    expect(order).toMatchObject({
      status: 'settled',
      earnedDays: 7,
      currentEarnings: '7',
      returned: '2007',
      earlyExitPenalty: null,
    });
    const notifications = await testApp.database.db
      .selectFrom('notify_notifications')
      .select(['template', 'params'])
      .where('user_id', '=', user.id)
      .execute();
    expect(notifications).toEqual([
      {
        template: 'savings_matured',
        params: { product: 'Test 30-day savings', amount: '2000', asset: 'USDT', interest: '7' },
      },
    ]);
    // No longer earning: nothing to redeem.
    expect((await redeem(user.token, orderId)).body.code).toBe(CATALOGUE.SAVINGS_ORDER_NOT_EARNING.code);
    await expectEscrowMatchesOrders();
    expect(await auditLedger(testApp.database.db)).toEqual([]);
  });

  it('redeems early: the penalty shown first is kept, the reserved interest goes back, the accrued interest is forfeited', async () => {
    // The same product again, now that the first order has settled.
    const answer = await invest(user.token, product.id, '2000');
    expect(answer.body.code, answer.body.msg).toBe(CATALOGUE.PURCHASE_SUCCEEDED.code);
    const id = answer.body.data.id;
    advance(2 * DAY_MS);
    await testApp.app.services.savings.runAccrual();
    const shown = (await myOrders(user.token)).find((candidate) => candidate.id === id);
    // 2 days of 7: 7 × 2 ÷ 7 = 2 USDT earned, to be forfeited; penalty 2,000 × 0.02 = 40.
    expect(shown).toMatchObject({
      earnedDays: 2,
      currentEarnings: '2',
      earlyExitPenalty: '40',
      earlyExitReturn: '1960',
    });

    // Another user cannot redeem it, nor learn it exists.
    const stranger = await investor(0);
    expect((await redeem(stranger.token, id)).body.code).toBe(CATALOGUE.NO_PERMISSION_ON_RECORD.code);
    expect((await redeem(stranger.token, '99999999')).body.code).toBe(CATALOGUE.NO_PERMISSION_ON_RECORD.code);

    const treasuryBefore = await treasuryOf();
    const balanceBefore = await balanceOf(user.id);
    const redeemed = await redeem(user.token, id);
    expect(redeemed.body.code, redeemed.body.msg).toBe(200);
    expect(redeemed.body.data).toMatchObject({
      status: 'redeemed_early',
      returned: '1960',
      penaltyCharged: '40',
      currentEarnings: '0',
      earlyExitPenalty: null,
    });
    // 2,000 − 40 = 1,960 back to the investor; 40 penalty + 7 reserved interest back to the treasury.
    expect((await balanceOf(user.id)) - balanceBefore).toBe(1_960_000_000n);
    expect((await treasuryOf()) - treasuryBefore).toBe(47_000_000n);
    expect((await redeem(user.token, id)).body.code).toBe(CATALOGUE.SAVINGS_ORDER_NOT_EARNING.code);
    // The capacity it held is free again; the job has nothing more to do for it.
    expect(await testApp.app.services.savings.runAccrual()).toMatchObject({ settled: 0 });
    await expectEscrowMatchesOrders();
    expect(await auditLedger(testApp.database.db)).toEqual([]);
  });
});
