import { gunzipSync } from 'node:zlib';
import type { TCandlesResponse, TMarketInfo, TMarketItem, TRealtimePrice, TStats } from '@openbourse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createUserWithSession } from '../../test/test-users.js';
import { createFeeSchedule, FEE_SCHEDULE_TTL_MS } from './fee-schedule.js';

// Sandbox bound but quiet (one tick a minute, no history): the tests feed prices themselves.
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    MARKET_FEED: 'sandbox',
    MARKET_SANDBOX_INTERVAL_MS: '60000',
    MARKET_SANDBOX_BACKFILL_MINUTES: '0',
  });
});
afterAll(() => testApp.close());

const get = async <T>(url: string, headers: Record<string, string> = {}) => {
  const response = await testApp.app.inject({ method: 'GET', url: `/swx/customer${url}`, headers });
  return { status: response.statusCode, body: response.json() as { code: number; data: T; msg: string } };
};
const hub = () => testApp.app.services.marketHub;
// Prices a day ahead of the sandbox's opening tick, on a whole hour, so the tests' own minutes
// are the newest and fill their own 24-hour window.
const T0 = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 86_400_000;

describe('market API', () => {
  it('lists a market type with source, sparkline and 24-hour change measured from the feed', async () => {
    // BTCUSDT: opens the window at 100, later 110 → zdf = (110 − 100) / 100 = 0.1.
    hub().ingest('sandbox', [
      { code: 'BTCUSDT', price: '100', time: T0 },
      { code: 'BTCUSDT', price: '104.5', time: T0 + 60_000 },
      { code: 'BTCUSDT', price: '110', time: T0 + 120_000 },
    ]);
    const { body } = await get<TMarketItem[]>('/index/listMarketByType?type=2');
    expect(body.code).toBe(200);
    expect(body.data.length).toBe(30);
    const btc = body.data.find((item) => item.code === 'BTCUSDT');
    expect(btc).toMatchObject({ price: '110', nowPrice: '110', source: 'sandbox', zdf: '0.100000', tradable: true });
    expect(btc?.hundred).toEqual(['100', '104.5', '110']);
    expect(btc?.logo).toBe('/market-logos/BTCUSDT.svg');
    // An instrument that has had no price says so instead of inventing one.
    const quiet = body.data.find((item) => item.code !== 'BTCUSDT' && item.price === null);
    expect(quiet?.hundred ?? []).toEqual([]);
  });

  it('sends the list compressed to clients that accept it, in their language', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/swx/customer/index/listMarketByType?type=2',
      headers: { 'accept-encoding': 'gzip', lang: 'de' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toContain('Accept-Encoding');
    const body = JSON.parse(gunzipSync(response.rawPayload).toString('utf8')) as { code: number; data: TMarketItem[] };
    expect(body.code).toBe(200);
    expect(body.data.length).toBe(30);
  });

  it('reads the fee schedule again after its time to live, so an operator’s change arrives', async () => {
    const db = testApp.database.db;
    let now = 1_000_000;
    const schedule = createFeeSchedule(db, () => now);
    expect(await schedule.rateOf('crypto')).toBe('0.001');
    await db.updateTable('market_fee_schedule').set({ rate: '0.0015' }).where('asset_class', '=', 'crypto').execute();
    try {
      now += FEE_SCHEDULE_TTL_MS - 1;
      expect(await schedule.rateOf('crypto')).toBe('0.001');
      now += 1;
      expect(await schedule.rateOf('crypto')).toBe('0.0015');
      expect(await schedule.rateOf('no-such-class')).toBe('0');
    } finally {
      await db.updateTable('market_fee_schedule').set({ rate: '0.001' }).where('asset_class', '=', 'crypto').execute();
    }
  });

  it('answers instrument details, prices by id and code, and several prices at once', async () => {
    const info = (await get<TMarketInfo>('/index/getMarketInfo/BTCUSDT')).body.data;
    expect(info).toMatchObject({
      code: 'BTCUSDT',
      leverageCap: 2,
      high24h: '110',
      low24h: '100',
      source: 'sandbox',
      // The crypto rate of the seeded fee schedule, the rate trading charges.
      feeRate: '0.001',
      usdSettledAsUsdt: true,
    });
    expect(info.hours.label).toBe('24/7');
    const byId = (await get<TRealtimePrice>(`/index/getPrice/${info.id}`)).body.data;
    expect(byId).toMatchObject({ code: 'BTCUSDT', price: '110', source: 'sandbox', time: T0 + 120_000 });
    const byCode = (await get<TRealtimePrice>('/market/realtime-price/BTCUSDT')).body.data;
    expect(byCode.price).toBe('110');
    const several = (await get<TRealtimePrice[]>('/market/realtime-prices?marketCodes=BTCUSDT,ETHUSDT')).body.data;
    expect(several.map((p) => p.code)).toEqual(['BTCUSDT', 'ETHUSDT']);
  });

  it('drops ticks from a feed the instrument is not bound to', async () => {
    hub().ingest('binance', [{ code: 'BTCUSDT', price: '1', time: T0 + 180_000 }]);
    expect((await get<TRealtimePrice>('/market/realtime-price/BTCUSDT')).body.data.price).toBe('110');
  });

  it('aggregates candles from the persisted minutes', async () => {
    await hub().flush();
    const from = new Date(T0).toISOString();
    const to = new Date(T0 + 3_600_000).toISOString();
    const { body } = await get<TCandlesResponse>(
      `/index/getKValueByCodeAndDate?code=BTCUSDT&interval=1h&from=${from}&to=${to}`,
    );
    expect(body.data.source).toBe('sandbox');
    // One hour bucket: open 100 (first minute), high 110, low 100, close 110 (last minute).
    expect(body.data.candles).toEqual([{ time: T0, open: '100', high: '110', low: '100', close: '110', volume: '0' }]);
  });

  it('refuses bad input with catalogue codes', async () => {
    expect((await get('/index/listMarketByType?type=9')).body.code).toBe(10100);
    expect((await get('/index/getMarketInfo/NOPE')).body.code).toBe(10132);
    expect((await get('/index/getPrice/999999')).body.code).toBe(10132);
    expect((await get('/market/realtime-prices?marketCodes=BTCUSDT,NOPE')).body.code).toBe(10132);
    const later = new Date(T0).toISOString();
    const earlier = new Date(T0 - 3_600_000).toISOString();
    expect(
      (await get(`/index/getKValueByCodeAndDate?code=BTCUSDT&interval=1m&from=${later}&to=${earlier}`)).body.code,
    ).toBe(10133);
    expect(
      (
        await get(
          '/index/getKValueByCodeAndDate?code=BTCUSDT&interval=1m&from=2026-01-01T00:00:00Z&to=2026-11-01T00:00:00Z',
        )
      ).body.code,
    ).toBe(10134);
    expect((await get('/index/getKValueByCodeAndDate?code=BTCUSDT&interval=2m')).body.code).toBe(10100);
    const french = await get('/index/getMarketInfo/NOPE', { lang: 'fr' });
    expect(french.body.msg).toBe('Aucun instrument ne porte ce code.');
  });

  it('reports measured home figures', async () => {
    const { body } = await get<TStats>('/index/stats');
    expect(body.data).toEqual({
      registeredUsers: expect.any(Number),
      listedCryptocurrencies: 30,
      tradedVolume24h: '0.000000',
      maxFeeRate: '0.0010000000',
    });
  });

  it('keeps a signed-in user’s watchlist', async () => {
    const { token } = await createUserWithSession(testApp);
    const headers = { authorization: token };
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      testApp.app.inject({ method, url: `/swx/customer${url}`, headers, payload }).then((r) => r.json());
    expect((await call('GET', '/user/watchlist')).data).toEqual([]);
    await call('POST', '/user/watchlist', { code: 'ETHUSDT' });
    expect((await call('POST', '/user/watchlist', { code: 'EURUSD' })).data).toEqual(['ETHUSDT', 'EURUSD']);
    // Adding twice changes nothing.
    expect((await call('POST', '/user/watchlist', { code: 'ETHUSDT' })).data).toEqual(['ETHUSDT', 'EURUSD']);
    expect((await call('POST', '/user/watchlist', { code: 'NOPE' })).code).toBe(10132);
    expect((await call('DELETE', '/user/watchlist?code=ETHUSDT')).data).toEqual(['EURUSD']);
    expect((await testApp.app.inject({ method: 'GET', url: '/swx/customer/user/watchlist' })).statusCode).toBe(401);
  });

  it('serves generated and open-licence logos, and 404 for unknown ones', async () => {
    const crypto = await testApp.app.inject({ method: 'GET', url: '/market-logos/BTCUSDT.svg' });
    expect(crypto.headers['content-type']).toContain('image/svg+xml');
    expect(crypto.body).toContain('<svg');
    const monogram = await testApp.app.inject({ method: 'GET', url: '/market-logos/AAPL.svg' });
    expect(monogram.body).toContain('AAPL');
    expect((await testApp.app.inject({ method: 'GET', url: '/market-logos/NOPE.svg' })).statusCode).toBe(404);
  });
});

describe('market socket', () => {
  let url: string;
  beforeAll(async () => {
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = testApp.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    url = `ws://127.0.0.1:${address.port}/swx/customer/message`;
  });

  const open = async () => {
    const socket = new WebSocket(url);
    const messages: unknown[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return { socket, messages };
  };
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(check()).toBe(true);
  };

  it('pushes coalesced price arrays to subscribers only, with their source', async () => {
    const subscriber = await open();
    const bystander = await open();
    subscriber.socket.send(JSON.stringify({ op: 'subscribe', codes: ['ETHUSDT'] }));
    bystander.socket.send(JSON.stringify({ op: 'subscribe', codes: ['SOLUSDT'] }));
    await until(() => subscriber.messages.some((m) => (m as { op?: string }).op === 'subscribed'));
    // A subscriber first gets the current price (the snapshot), then the moves.
    const snapshot = hub().state('ETHUSDT')?.price;
    await until(() => subscriber.messages.some((m) => Array.isArray(m)));
    const now = (hub().state('ETHUSDT')?.time ?? Date.now()) + 1000;
    // Three ticks inside one 250 ms window reach the client as one update: the latest.
    hub().ingest('sandbox', [
      { code: 'ETHUSDT', price: '3000', time: now },
      { code: 'ETHUSDT', price: '3001', time: now + 1 },
      { code: 'ETHUSDT', price: '3002', time: now + 2 },
    ]);
    await until(() => subscriber.messages.filter((m) => Array.isArray(m)).length >= 2);
    const pushes = subscriber.messages.filter(Array.isArray) as Array<Array<{ code: string; price: string }>>;
    expect(pushes.flat().filter((item) => item.code === 'ETHUSDT')).toEqual([
      expect.objectContaining({ code: 'ETHUSDT', price: snapshot, source: 'sandbox' }),
      expect.objectContaining({ code: 'ETHUSDT', price: '3002', source: 'sandbox', time: now + 2 }),
    ]);
    const bystanderItems = bystander.messages.filter(Array.isArray).flat() as Array<{ code: string }>;
    expect(bystanderItems.filter((item) => item.code === 'ETHUSDT')).toEqual([]);
    subscriber.socket.close();
    bystander.socket.close();
  });

  it('sends a tick at once after a quiet spell, then at most one update per 250 ms', async () => {
    const client = await open();
    client.socket.send(JSON.stringify({ op: 'subscribe', codes: ['ADAUSDT'] }));
    await until(() => client.messages.some((m) => (m as { op?: string }).op === 'subscribed'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const received: Array<{ price: string; at: number }> = [];
    client.socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as unknown;
      if (!Array.isArray(message)) return;
      for (const item of message as Array<{ code: string; price: string }>) {
        if (item.code === 'ADAUSDT') received.push({ price: item.price, at: performance.now() });
      }
    });
    const time = (hub().state('ADAUSDT')?.time ?? Date.now()) + 1000;
    hub().ingest('sandbox', [{ code: 'ADAUSDT', price: '0.5001', time }]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    hub().ingest('sandbox', [{ code: 'ADAUSDT', price: '0.5002', time: time + 1 }]);
    hub().ingest('sandbox', [{ code: 'ADAUSDT', price: '0.5003', time: time + 2 }]);
    await until(() => received.length >= 2);
    expect(received.map((item) => item.price)).toEqual(['0.5001', '0.5003']);
    // The second send waits out the 250 ms since the first (timers never fire early).
    expect((received[1]?.at ?? 0) - (received[0]?.at ?? 0)).toBeGreaterThanOrEqual(200);
    client.socket.close();
  });

  it('answers malformed and unknown subscriptions with an error message and stays up', async () => {
    const client = await open();
    client.socket.send('not json');
    client.socket.send(JSON.stringify({ op: 'subscribe', codes: 'BTCUSDT' }));
    client.socket.send(JSON.stringify({ op: 'subscribe', codes: ['NOPE'] }));
    client.socket.send(JSON.stringify({ op: 'ping' }));
    await until(() => client.messages.some((m) => (m as { op?: string }).op === 'pong'));
    const errors = client.messages.filter((m) => (m as { op?: string }).op === 'error') as Array<{ code: number }>;
    expect(errors.map((e) => e.code)).toEqual([10100, 10100, 10132]);
    client.socket.close();
  });

  it('closes a connection that sends an oversized frame', async () => {
    const client = await open();
    const closed = new Promise<number>((resolve) => client.socket.once('close', (code) => resolve(code)));
    client.socket.send(JSON.stringify({ op: 'subscribe', codes: ['X'.repeat(10_000)] }));
    expect(await closed).toBe(1009);
    // The server is still serving others.
    const other = await open();
    other.socket.send(JSON.stringify({ op: 'ping' }));
    await until(() => other.messages.length > 0);
    other.socket.close();
  });
});
