import { randomBytes } from 'node:crypto';
import {
  CATALOGUE,
  type TAdminOptionsExpiry,
  type TAdminOptionsProduct,
  type TOptionSeriesQuote,
  type TOptionsChain,
  type TOptionsOrder,
  type TOptionsProductCreateRequest,
} from '@openbourse/contracts';
import { Decimal, parseAmount } from '@openbourse/money';
import { optionGreeks, yearsBetween } from '@openbourse/options-pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../platform/clock.js';
import { answerAppropriateness } from '../../test/appropriateness.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createUserWithSession } from '../../test/test-users.js';
import { auditLedger, getBalance, transfer } from '../ledger/index.js';
import { seedLendingCapital } from '../lending/index.js';

/**
 * Options (issue 19) through the whole app on PostgreSQL: an operator's product and expiry; the
 * chain's quotes (Black–Scholes at the floor volatility, signed, with their source); purchases
 * refused in order with nothing moved; the reserve taken from treasury in full and a series that
 * stops selling at its limit; selling back at the bid; settlement at the averaged price, paid once
 * across two runs and resumed after a stop part-way; a window without prices waiting for an
 * operator. The ledger audit stays clean throughout.
 */

// Monday 2026-06-01 12:00:30 UTC; minute m of the test starts at 12:0m:00, ticks land at its :30.
const AT = Date.UTC(2026, 5, 1, 12, 0, 30);
const MINUTE = 60_000;
let offsetMs = 0;
const clock: Clock = { now: () => new Date(AT + offsetMs) };
/** The expiry the operator lists: 12:10 UTC, sales close at 12:08, the settlement averages 12:08 and 12:09. */
const EXPIRY = new Date(Date.UTC(2026, 5, 1, 12, 10, 0));

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

const db = () => testApp.database.db;
const available = (userId: string, book: 'live' | 'demo' = 'live') =>
  getBalance(db(), book, 'USDT', { kind: 'available', userId });
const treasury = () => getBalance(db(), 'live', 'USDT', { kind: 'treasury' });
const fees = () => getBalance(db(), 'live', 'USDT', { kind: 'fees' });
const escrow = () => getBalance(db(), 'live', 'USDT', { kind: 'escrow', name: 'options' });
const usdt = (amount: string) => parseAmount(amount, 6);

async function deposit(userId: string, amount: string) {
  await db()
    .transaction()
    .execute((trx) =>
      transfer(trx, {
        book: 'live',
        asset: 'USDT',
        from: { kind: 'clearing', name: 'deposits:options-test' },
        to: { kind: 'available', userId },
        amount: usdt(amount),
        reason: 'deposit',
        idempotencyKey: `options-test:${userId}:${randomBytes(4).toString('hex')}`,
      }),
    );
}

async function trader(amount = '10000') {
  const user = await createUserWithSession(testApp);
  await deposit(user.id, amount);
  await answerAppropriateness(testApp.app, user.token);
  return user;
}

function tick(code: string, price: string) {
  testApp.app.services.marketHub.ingest('test', [{ code, price, time: AT + offsetMs }]);
}

const chainOf = async (code: string) => ({
  body: (
    await testApp.app.inject({ method: 'GET', url: `/swx/customer/user/listOptionsConfig?code=${code}` })
  ).json() as Envelope<TOptionsChain>,
});

function seriesIn(chain: TOptionsChain, type: 'call' | 'put', strike: string): TOptionSeriesQuote {
  const found = chain.expiries[0]?.series.find((one) => one.type === type && one.strike === strike);
  if (!found) throw new Error(`no ${type} ${strike} in the chain`);
  return found;
}

const buy = (token: string, body: object, book: 'NO' | 'YES' = 'NO') =>
  call<TOptionsOrder>('POST', '/swx/customer/order/buyOptions', token, body, book);

const productFields = (
  code: string,
  overrides: Partial<TOptionsProductCreateRequest> = {},
): TOptionsProductCreateRequest => ({
  code,
  schedules: [],
  expiryMinuteOfDay: 480,
  strikeStep: '10',
  strikesEachSide: 2,
  contractSize: '0.1',
  callCapShare: '0.2',
  spreadRate: '0.04',
  minPremium: '0.001',
  feeRate: '0.01',
  rate: '0.05',
  volatilityFloor: '0.5',
  volatilityCap: '2',
  volatilityWindowMinutes: 60,
  volatilityLambda: '0.94',
  seriesReserveLimit: '100',
  maxContractsPerOrder: 50,
  settlementWindowMinutes: 2,
  salesCutoffMinutes: 2,
  reason: 'options test',
  ...overrides,
});

let operator: { id: string; token: string };

/** An enabled product on `code` with the 12:10 expiry listed at the current price. */
async function listedProduct(code: string, overrides: Partial<TOptionsProductCreateRequest> = {}) {
  const created = await call<TAdminOptionsProduct>(
    'POST',
    '/swx/admin/options-products',
    operator.token,
    productFields(code, overrides),
  );
  expect(created.body.code).toBe(200);
  const enabled = await call<TAdminOptionsProduct>(
    'POST',
    `/swx/admin/options-products/${created.body.data.id}/enabled`,
    operator.token,
    { enabled: true, version: created.body.data.version, reason: 'on sale' },
  );
  expect(enabled.body.data.enabled).toBe(true);
  const expiry = await call<TAdminOptionsExpiry>(
    'POST',
    `/swx/admin/options-products/${created.body.data.id}/expiries`,
    operator.token,
    { expiresAt: EXPIRY.toISOString(), reason: 'test expiry' },
  );
  expect(expiry.body.code).toBe(200);
  return { product: enabled.body.data, expiry: expiry.body.data };
}

async function expectAuditClean() {
  expect(await auditLedger(db())).toEqual([]);
}

beforeAll(async () => {
  testApp = await createTestApp(
    {
      MARKET_FEED: 'test',
      MARKET_TEST_CODES: 'BTCUSDT,ETHUSDT,SOLUSDT,BNBUSDT',
      MARKET_STALE_AFTER_MS: '300000',
      SESSION_IDLE_DAYS: '365',
      OPTIONS_UPKEEP_EVERY_MS: '600000',
    },
    undefined,
    { clock },
  );
  const deadline = Date.now() + 60_000;
  while (!testApp.app.services.marketHub.ownsFeeds) {
    if (Date.now() > deadline) throw new Error('the test app never ran the feeds');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await db()
    .transaction()
    .execute((trx) => seedLendingCapital(trx, 6));
  operator = await createUserWithSession(testApp, ['admin']);
  for (const code of ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'BNBUSDT']) tick(code, '100');
}, 120_000);
afterAll(() => testApp?.close());

describe('options in the back office', () => {
  it('checks a product, lists an expiry only at a whole minute after the cut-off, and audits each change', async () => {
    const unknown = await call('POST', '/swx/admin/options-products', operator.token, productFields('NOPEUSDT'));
    expect(unknown.body.code).toBe(CATALOGUE.UNKNOWN_INSTRUMENT.code);
    const floorAboveCap = await call(
      'POST',
      '/swx/admin/options-products',
      operator.token,
      productFields('BNBUSDT', { volatilityFloor: '2', volatilityCap: '1' }),
    );
    expect(floorAboveCap.body.code).toBe(CATALOGUE.INVALID_INPUT.code);
    const user = await createUserWithSession(testApp);
    const notAdmin = await call('POST', '/swx/admin/options-products', user.token, productFields('BNBUSDT'));
    expect(notAdmin.status).toBe(403);

    const created = await call<TAdminOptionsProduct>(
      'POST',
      '/swx/admin/options-products',
      operator.token,
      productFields('BNBUSDT'),
    );
    expect(created.body.data).toMatchObject({
      code: 'BNBUSDT',
      asset: 'USDT',
      enabled: false,
      version: 1,
      reserved: '0',
    });
    const twice = await call('POST', '/swx/admin/options-products', operator.token, productFields('BNBUSDT'));
    expect(twice.body.code).toBe(CATALOGUE.INVALID_INPUT.code);
    const stale = await call('POST', `/swx/admin/options-products/${created.body.data.id}`, operator.token, {
      ...productFields('BNBUSDT'),
      version: 7,
    });
    expect(stale.body.code).toBe(CATALOGUE.OPTIONS_PRODUCT_CHANGED.code);

    const at = (iso: string) =>
      call('POST', `/swx/admin/options-products/${created.body.data.id}/expiries`, operator.token, {
        expiresAt: iso,
        reason: 'x',
      });
    // Not on a whole minute; inside the 2-minute cut-off from now (12:00:30).
    expect((await at('2026-06-01T12:10:30.000Z')).body.code).toBe(CATALOGUE.OPTIONS_EXPIRY_WRONG.code);
    expect((await at('2026-06-01T12:02:00.000Z')).body.code).toBe(CATALOGUE.OPTIONS_EXPIRY_WRONG.code);
    const listed = await at('2026-06-01T12:03:00.000Z');
    expect(listed.body.data).toMatchObject({ status: 'listed', series: 10, openOrders: 0 });
    expect((await at('2026-06-01T12:03:00.000Z')).body.code).toBe(CATALOGUE.OPTIONS_EXPIRY_WRONG.code);

    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('actor_user_id', '=', operator.id)
      .where('action', 'like', 'options.%')
      .execute();
    expect(audit.map((row) => row.action).sort()).toEqual(['options.expiries.list', 'options.products.create']);
    // Disabled: the chain lists it, nothing sells.
    const chain = (await chainOf('BNBUSDT')).body.data;
    expect(chain.listed).toBe(true);
    expect(chain.expiries[0]?.series.every((one) => one.remainingContracts === 0)).toBe(true);
    expect((await chainOf('XRPUSDT')).body.data).toMatchObject({ listed: false, expiries: [] });
  });
});

describe('the chain and buying', () => {
  it('quotes Black–Scholes at the floor volatility with its source, signed, bid ≤ mid ≤ ask, a capped call', async () => {
    await listedProduct('BTCUSDT');
    const chain = (await chainOf('BTCUSDT')).body.data;
    expect(chain).toMatchObject({
      listed: true,
      asset: 'USDT',
      contractSize: '0.1',
      quoted: true,
      unquotedReason: null,
      underlying: { price: '100', source: 'test' },
      volatility: { used: '0.5', measured: null, floor: '0.5', windowMinutes: 60 },
    });
    const expiry = chain.expiries[0];
    expect(expiry?.expiresAt).toBe(EXPIRY.toISOString());
    expect(expiry?.series.map((one) => `${one.type} ${one.strike}`)).toEqual([
      'call 80',
      'put 80',
      'call 90',
      'put 90',
      'call 100',
      'put 100',
      'call 110',
      'put 110',
      'call 120',
      'put 120',
    ]);
    const call100 = seriesIn(chain, 'call', '100');
    // The call pays at most 20% of its strike a unit: 20 × 0.1 = 2 USDT a contract.
    expect(call100).toMatchObject({ cap: '20', maxPayout: '2', impliedVolatility: '0.5' });
    expect(seriesIn(chain, 'put', '100').maxPayout).toBe('10');
    const years = yearsBetween(AT, EXPIRY.getTime());
    const model = optionGreeks('call', { spot: 100, strike: 100, years, rate: 0.05, volatility: 0.5 }, 20);
    const mid = Decimal.parse(call100.mid ?? '0');
    // mid = value per unit × 0.1, shown at 6 decimals.
    expect(Math.abs(Number.parseFloat(mid.toString()) - model.price * 0.1)).toBeLessThan(1e-6);
    const bid = Decimal.parse(call100.bid ?? '0');
    const ask = Decimal.parse(call100.ask ?? '0');
    expect(bid.lte(mid) && mid.lte(ask)).toBe(true);
    // ask = mid × 1.02 rounded up to the micro-dollar; bid = mid × 0.98 rounded down.
    expect(ask.toString()).toBe(
      Decimal.parse((model.price * 0.1 * 1.02).toFixed(12))
        .round(6, 'up')
        .toString(),
    );
    expect(call100.delta).toBeCloseTo(model.delta, 9);
    expect(call100.quoteId).toMatch(/^q1~/);
    expect(call100.remainingContracts).toBe(50);
  });

  it('refuses in order (10014, 10015, 10224, 10225, 10016, 10011) and moves nothing; then buys at the ask', async () => {
    const user = await trader('10');
    const chain = (await chainOf('BTCUSDT')).body.data;
    const put = seriesIn(chain, 'put', '100');
    const before = { user: await available(user.id), treasury: await treasury(), escrow: await escrow() };
    const code = async (body: object) => (await buy(user.token, body)).body.code;
    expect(await code({ seriesId: '999999', quantity: 1, quoteId: put.quoteId })).toBe(
      CATALOGUE.OPTIONS_PRODUCT_WRONG.code,
    );
    // A quote of another series, and a quote whose ask was lowered by hand.
    const call100 = seriesIn(chain, 'call', '100');
    expect(await code({ seriesId: put.seriesId, quantity: 1, quoteId: call100.quoteId })).toBe(
      CATALOGUE.OPTIONS_PRODUCT_WRONG.code,
    );
    const forged = (put.quoteId ?? '').replace(`~${put.ask}~`, '~0.000001~');
    expect(forged).not.toBe(put.quoteId);
    expect(await code({ seriesId: put.seriesId, quantity: 1, quoteId: forged })).toBe(
      CATALOGUE.OPTIONS_PRODUCT_WRONG.code,
    );
    // The quote's 15 s have passed: a new quote in data.
    offsetMs = 16_000;
    const expired = await buy(user.token, { seriesId: put.seriesId, quantity: 1, quoteId: put.quoteId });
    expect(expired.body.code).toBe(CATALOGUE.OPTIONS_QUOTE_EXPIRED.code);
    const fresh = (expired.body.data as unknown as { quote: TOptionSeriesQuote }).quote;
    expect(fresh.seriesId).toBe(put.seriesId);
    // The price falls: the put's ask rises above the fresh quote's: a re-quote, never a worse fill.
    tick('BTCUSDT', '95');
    const moved = await buy(user.token, { seriesId: put.seriesId, quantity: 1, quoteId: fresh.quoteId });
    expect(moved.body.code).toBe(CATALOGUE.OPTIONS_PRICE_MOVED.code);
    const requote = (moved.body.data as unknown as { quote: TOptionSeriesQuote }).quote;
    expect(Decimal.parse(requote.ask ?? '0').gt(Decimal.parse(fresh.ask ?? '0'))).toBe(true);
    expect(await code({ seriesId: put.seriesId, quantity: 51, quoteId: requote.quoteId })).toBe(
      CATALOGUE.PURCHASE_AMOUNT_WRONG.code,
    );
    expect(await code({ seriesId: put.seriesId, quantity: 50, quoteId: requote.quoteId })).toBe(
      CATALOGUE.INSUFFICIENT_BALANCE.code,
    );
    expect({ user: await available(user.id), treasury: await treasury(), escrow: await escrow() }).toEqual(before);

    // Bought at the re-quoted ask: premium + fee paid, the whole maximum payout reserved.
    const bought = await buy(user.token, { seriesId: put.seriesId, quantity: 2, quoteId: requote.quoteId });
    expect(bought.body.code).toBe(CATALOGUE.PURCHASE_SUCCEEDED.code);
    const order = bought.body.data;
    const premium = Decimal.parse(requote.ask ?? '0').mul(Decimal.fromInteger(2));
    const fee = premium.mul(Decimal.parse('0.01')).round(6, 'up');
    expect(order).toMatchObject({
      status: 'open',
      type: 'put',
      strike: '100',
      quantity: 2,
      premiumPerContract: requote.ask,
      premium: premium.toString(),
      fee: fee.toString(),
      maxPayout: '20',
      book: 'live',
    });
    expect(before.user - (await available(user.id))).toBe(usdt(premium.add(fee).toString()));
    expect(before.treasury - (await treasury())).toBe(usdt('20'));
    expect((await escrow()) - before.escrow).toBe(usdt('20') + usdt(premium.toString()));
    // It shows beside positions.
    const all = await call<Array<{ kind: string; id?: string }>>('GET', '/swx/customer/allOrders/all', user.token);
    expect(all.body.data.filter((entry) => entry.kind === 'option').map((entry) => entry.id)).toEqual([order.id]);
    // Nobody else reads it; the owner's demo book does not either.
    const other = await trader('1');
    const foreign = await call('GET', `/swx/customer/order/getOptionsOrderById/${order.id}`, other.token);
    expect(foreign.body.code).toBe(CATALOGUE.NO_PERMISSION_ON_RECORD.code);
    const demo = await call('GET', `/swx/customer/order/getOptionsOrderById/${order.id}`, user.token, undefined, 'YES');
    expect(demo.body.code).toBe(CATALOGUE.NO_PERMISSION_ON_RECORD.code);
    await expectAuditClean();
  });

  it('stops a series at its reserve limit with the treasury code, and lets two buyers at once take no more than it', async () => {
    const chain = (await chainOf('BTCUSDT')).body.data;
    // The 110 call: 2 USDT×1.1 = 2.2 reserved a contract; limit 100 → 45 contracts.
    const call110 = seriesIn(chain, 'call', '110');
    expect(call110.maxPayout).toBe('2.2');
    expect(call110.remainingContracts).toBe(45);
    const first = await trader('1000');
    const second = await trader('1000');
    const [a, b] = await Promise.all([
      buy(first.token, { seriesId: call110.seriesId, quantity: 30, quoteId: call110.quoteId }),
      buy(second.token, { seriesId: call110.seriesId, quantity: 30, quoteId: call110.quoteId }),
    ]);
    expect([a.body.code, b.body.code].sort()).toEqual(
      [CATALOGUE.TREASURY_CANNOT_FUND.code, CATALOGUE.PURCHASE_SUCCEEDED.code].sort(),
    );
    const loser = a.body.code === CATALOGUE.PURCHASE_SUCCEEDED.code ? second : first;
    const before = await available(loser.id);
    const rest = await buy(loser.token, { seriesId: call110.seriesId, quantity: 15, quoteId: call110.quoteId });
    expect(rest.body.code).toBe(CATALOGUE.PURCHASE_SUCCEEDED.code);
    const afterRest = await available(loser.id);
    expect(afterRest).toBeLessThan(before);
    const oneMore = await buy(loser.token, { seriesId: call110.seriesId, quantity: 1, quoteId: call110.quoteId });
    expect(oneMore.body.code).toBe(CATALOGUE.TREASURY_CANNOT_FUND.code);
    expect(await available(loser.id)).toBe(afterRest);
    expect(seriesIn((await chainOf('BTCUSDT')).body.data, 'call', '110').remainingContracts).toBe(0);
    await expectAuditClean();
  });

  it('gives no quotes and takes no order on a stale underlying (10015)', async () => {
    await listedProduct('SOLUSDT');
    const user = await trader('100');
    const put = seriesIn((await chainOf('SOLUSDT')).body.data, 'put', '100');
    expect(put.quoteId).not.toBeNull();
    // 12:06:00: SOL's last price (12:00:30) is 5.5 minutes old, past the 5-minute staleness.
    offsetMs = 5 * MINUTE + 30_000;
    const chain = (await chainOf('SOLUSDT')).body.data;
    expect(chain).toMatchObject({ quoted: false, unquotedReason: 'stale' });
    const unquoted = seriesIn(chain, 'put', '100');
    expect(unquoted).toMatchObject({ bid: null, ask: null, quoteId: null, delta: null });
    const refused = await buy(user.token, { seriesId: put.seriesId, quantity: 1, quoteId: put.quoteId });
    expect(refused.body.code).toBe(CATALOGUE.NOT_TRADABLE_NOW.code);
    expect(await available(user.id)).toBe(usdt('100'));
    // A fresh price brings the quotes back.
    tick('SOLUSDT', '100');
    expect((await chainOf('SOLUSDT')).body.data.quoted).toBe(true);
  });
});

describe('selling back and settling', () => {
  it('sells an open call back at the bid after the price rose: proceeds less the fee out of the reserve, the rest to treasury', async () => {
    tick('BTCUSDT', '100');
    const user = await trader('100');
    const call100 = seriesIn((await chainOf('BTCUSDT')).body.data, 'call', '100');
    const bought = await buy(user.token, { seriesId: call100.seriesId, quantity: 5, quoteId: call100.quoteId });
    expect(bought.body.code).toBe(CATALOGUE.PURCHASE_SUCCEEDED.code);
    const order = bought.body.data;
    tick('BTCUSDT', '104');
    const held = (await call<TOptionsOrder>('GET', `/swx/customer/order/getOptionsOrderById/${order.id}`, user.token))
      .body.data;
    expect(held.status).toBe('open');
    const bid = Decimal.parse(held.bidNow ?? '0');
    expect(bid.gt(Decimal.parse(order.premiumPerContract))).toBe(true);
    expect(held.valueNow).toBe(bid.mul(Decimal.fromInteger(5)).toString());
    const before = {
      user: await available(user.id),
      treasury: await treasury(),
      escrow: await escrow(),
      fees: await fees(),
    };
    const sold = await call<TOptionsOrder>('POST', '/swx/customer/order/closeOptions', user.token, {
      orderId: order.id,
      quoteId: held.closeQuoteId,
    });
    expect(sold.body.code).toBe(200);
    const proceeds = bid.mul(Decimal.fromInteger(5));
    const closeFee = proceeds.mul(Decimal.parse('0.01')).round(6, 'up');
    expect(sold.body.data).toMatchObject({
      status: 'closed',
      closePricePerContract: bid.toString(),
      proceeds: proceeds.toString(),
      closeFee: closeFee.toString(),
    });
    const cost = Decimal.parse(order.premium).add(Decimal.parse(order.fee));
    expect(sold.body.data.pnl).toBe(proceeds.sub(closeFee).sub(cost).toString());
    expect(Decimal.parse(sold.body.data.pnl ?? '0').isPositive()).toBe(true);
    expect((await available(user.id)) - before.user).toBe(usdt(proceeds.sub(closeFee).toString()));
    expect((await fees()) - before.fees).toBe(usdt(closeFee.toString()));
    // The reserve (2 × 5 = 10) and the premium leave the escrow: the proceeds to the holder, the rest to treasury.
    expect(before.escrow - (await escrow())).toBe(usdt('10') + usdt(order.premium));
    expect((await treasury()) - before.treasury).toBe(usdt('10') - usdt(proceeds.toString()) + usdt(order.premium));
    const again = await call('POST', '/swx/customer/order/closeOptions', user.token, {
      orderId: order.id,
      quoteId: held.closeQuoteId,
    });
    expect(again.body.code).toBe(CATALOGUE.OPTIONS_ORDER_NOT_OPEN.code);
    await expectAuditClean();
  });

  it('settles at the average of the last minutes once, pays exactly, resumes after a stop part-way, and notifies', async () => {
    tick('ETHUSDT', '100');
    await listedProduct('ETHUSDT');
    const chain = (await chainOf('ETHUSDT')).body.data;
    const [alice, bob, carol] = [await trader('100'), await trader('100'), await createUserWithSession(testApp)];
    const buyOk = async (token: string, series: TOptionSeriesQuote, quantity: number, book: 'NO' | 'YES' = 'NO') => {
      const answer = await buy(token, { seriesId: series.seriesId, quantity, quoteId: series.quoteId }, book);
      expect(answer.body.code).toBe(CATALOGUE.PURCHASE_SUCCEEDED.code);
      return answer.body.data;
    };
    const aliceCall = await buyOk(alice.token, seriesIn(chain, 'call', '100'), 3);
    const bobPut = await buyOk(bob.token, seriesIn(chain, 'put', '110'), 2);
    // Demo works like live (its own book and virtual treasury).
    const carolDemo = await buyOk(carol.token, seriesIn(chain, 'call', '90'), 1, 'YES');
    expect(carolDemo.book).toBe('demo');
    const before = {
      alice: await available(alice.id),
      bob: await available(bob.id),
      carol: await available(carol.id, 'demo'),
    };
    // The settlement window: 12:08 and 12:09 closes 104 and 106 → S = 105.
    offsetMs = 8 * MINUTE;
    tick('ETHUSDT', '104');
    offsetMs = 9 * MINUTE;
    tick('ETHUSDT', '106');
    offsetMs = 10 * MINUTE - 30_000 + 20_000;
    await testApp.app.services.marketHub.flush();
    // Stopped after one order, as a crash between two would.
    const first = await testApp.app.services.options.runUpkeep({ maxOrders: 1 });
    expect(first.settledOrders).toBe(1);
    const expiries = await call<{ items: TAdminOptionsExpiry[] }>('GET', '/swx/admin/options-expiries', operator.token);
    const eth = expiries.body.data.items.find((item) => item.code === 'ETHUSDT');
    expect(eth).toMatchObject({ status: 'settling', settlementPrice: '105', openOrders: 2 });
    expect(eth?.settlementSource).toContain('test');
    await testApp.app.services.options.runUpkeep();
    await testApp.app.services.options.runUpkeep();
    // call 100 at 105: 5 a unit × 0.1 × 3 = 1.5; put 110: 5 × 0.1 × 2 = 1; call 90 capped at 18: 15 × 0.1 = 1.5.
    expect((await available(alice.id)) - before.alice).toBe(usdt('1.5'));
    expect((await available(bob.id)) - before.bob).toBe(usdt('1'));
    expect((await available(carol.id, 'demo')) - before.carol).toBe(usdt('1.5'));
    const settled = (
      await call<TOptionsOrder>('GET', `/swx/customer/order/getOptionsOrderById/${aliceCall.id}`, alice.token)
    ).body.data;
    expect(settled).toMatchObject({
      status: 'settled',
      settlementPrice: '105',
      payout: '1.5',
      awaitingSettlement: false,
    });
    expect(settled.pnl).toBe(
      Decimal.parse('1.5').sub(Decimal.parse(aliceCall.premium)).sub(Decimal.parse(aliceCall.fee)).toString(),
    );
    const ended = await call<{ items: TOptionsOrder[]; total: number }>(
      'GET',
      '/swx/customer/order/listOptionsOrder?status=ended',
      bob.token,
    );
    expect(ended.body.data.items.map((item) => [item.id, item.payout])).toEqual([[bobPut.id, '1']]);
    const notes = await db()
      .selectFrom('notify_notifications')
      .select(['user_id', 'template'])
      .where('template', '=', 'option_settled')
      .where('user_id', 'in', [alice.id, bob.id, carol.id])
      .execute();
    expect(notes).toHaveLength(3);
    const after = await call<{ items: TAdminOptionsExpiry[] }>(
      'GET',
      '/swx/admin/options-expiries?status=settled',
      operator.token,
    );
    expect(after.body.data.items.find((item) => item.code === 'ETHUSDT')).toMatchObject({
      openOrders: 0,
      reserved: '0',
    });
    await expectAuditClean();
  });

  it('waits for an operator when the feed had no price over the window, then settles at the price decided', async () => {
    // BTC had no price at 12:08 or 12:09; two minutes after expiry the settlement stops guessing.
    const holders = await db()
      .selectFrom('options_orders')
      .innerJoin('options_expiries', 'options_expiries.id', 'options_orders.expiry_id')
      .innerJoin('options_series', 'options_series.id', 'options_orders.series_id')
      .select([
        'options_orders.reserve as reserve',
        'options_orders.premium as premium',
        'options_orders.quantity as quantity',
        'options_series.type as type',
        'options_series.strike as strike',
      ])
      .where('options_expiries.code', '=', 'BTCUSDT')
      .where('options_orders.status', '=', 'open')
      .execute();
    expect(holders.length).toBeGreaterThan(0);
    // 12:11:00, a minute after expiry: the feed may still be writing its last candle.
    offsetMs = 10 * MINUTE + 30_000;
    await testApp.app.services.options.runUpkeep();
    const waiting = (
      await call<{ items: TAdminOptionsExpiry[] }>('GET', '/swx/admin/options-expiries?status=listed', operator.token)
    ).body.data.items;
    expect(waiting.find((item) => item.code === 'BTCUSDT')).toBeDefined();
    offsetMs = 12 * MINUTE + 30_000;
    await testApp.app.services.options.runUpkeep();
    const listed = (await call<{ items: TAdminOptionsExpiry[] }>('GET', '/swx/admin/options-expiries', operator.token))
      .body.data.items;
    const btc = listed.find((item) => item.code === 'BTCUSDT');
    expect(btc).toMatchObject({ status: 'awaiting_operator', settlementPrice: null });
    expect(btc?.awaitingReason).toContain('12:08, 12:09');
    // Waiting ones come first for the operator.
    expect(listed[0]?.status).toBe('awaiting_operator');
    const user = await createUserWithSession(testApp);
    const forbidden = await call('POST', `/swx/admin/options-expiries/${btc?.id}/settlement`, user.token, {
      price: '90',
      reason: 'x',
    });
    expect(forbidden.status).toBe(403);
    const treasuryBefore = await treasury();
    const decided = await call<TAdminOptionsExpiry>(
      'POST',
      `/swx/admin/options-expiries/${btc?.id}/settlement`,
      operator.token,
      {
        price: '90',
        reason: 'exchange outage: the venue’s official 12:10 fixing',
      },
    );
    expect(decided.body.data).toMatchObject({
      status: 'settling',
      settlementPrice: '90',
      settlementSource: 'operator',
    });
    const twice = await call('POST', `/swx/admin/options-expiries/${btc?.id}/settlement`, operator.token, {
      price: '91',
      reason: 'x',
    });
    expect(twice.body.code).toBe(CATALOGUE.OPTIONS_EXPIRY_WRONG.code);
    await testApp.app.services.options.runUpkeep();
    const settled = (
      await call<{ items: TAdminOptionsExpiry[] }>('GET', '/swx/admin/options-expiries?status=settled', operator.token)
    ).body.data.items;
    expect(settled.find((item) => item.code === 'BTCUSDT')).toMatchObject({ openOrders: 0, settlementPrice: '90' });
    // At 90 the 100 puts pay their whole reserve (10 × 0.1 a contract); the 110 calls pay nothing. The
    // treasury gets back every reserve less those payouts, and every premium.
    expect(holders.map((row) => `${row.type} ${Decimal.parse(row.strike).toString()}`).sort()).toEqual([
      'call 110',
      'call 110',
      'put 100',
    ]);
    const payouts = holders
      .filter((row) => row.type === 'put')
      .reduce((total, row) => total.add(Decimal.parse('1').mul(Decimal.fromInteger(row.quantity))), Decimal.ZERO);
    const returned = holders.reduce(
      (total, row) => total.add(Decimal.parse(row.reserve)).add(Decimal.parse(row.premium)),
      Decimal.ZERO,
    );
    expect((await treasury()) - treasuryBefore).toBe(usdt(returned.sub(payouts).toString()));
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('action', '=', 'options.expiries.settle')
      .execute();
    expect(audit).toHaveLength(1);
    await expectAuditClean();
  });
});
