import type { TCandlesResponse, TRealtimePrice } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { fixedClock } from '../../platform/clock.js';
import { migrate } from '../../platform/db/migrate.js';
import { testConfig } from '../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { seedContent } from '../content/index.js';
import { seedMarket } from './index.js';
import { isOpenAt } from './trading-hours.js';

// Issue 13, fix 7: the server listens before the sandbox's day of simulated past is made and
// written; /readyz names it until it lands. A Tuesday afternoon (New York open, Chicago open),
// so the past crosses every schedule's closes and opens.
const T = Date.parse('2026-11-24T15:00:30Z');
const NOW_MINUTE = T - (T % 60_000);
const DAY_MINUTES = 1440;
const env = {
  MARKET_FEED: 'sandbox',
  MARKET_SANDBOX_INTERVAL_MS: '100',
  MARKET_SANDBOX_BACKFILL_MINUTES: String(DAY_MINUTES),
  MARKET_CANDLE_FLUSH_MS: '500',
};

let database: TestDatabase;
let app: FastifyInstance | null = null;
let holder: pg.Client | null = null;

const start = async (): Promise<{ app: FastifyInstance; url: string }> => {
  const built = await buildApp({ config: testConfig(env), db: database.db, clock: fixedClock(new Date(T)) });
  app = built;
  await built.listen({ host: '127.0.0.1', port: 0 });
  const address = built.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { app: built, url: `http://127.0.0.1:${address.port}` };
};

const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms)),
  ]);

const getJson = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.url);
  await seedContent(database.db);
  await seedMarket(database.db);
});
afterAll(async () => {
  await holder?.end().catch(() => {});
  await app?.close();
  await database?.drop();
});

describe('sandbox backfill at start-up', () => {
  it('listens and serves live prices while the simulated past is still being written, then reports ready', async () => {
    // Hold every write to the candle table (reads pass): the backfill cannot land until released.
    holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE market_candles_1m IN SHARE ROW EXCLUSIVE MODE');

    // The previous start-up wrote the past before listening: it would never listen here.
    const { app: server, url } = await within(start(), 20_000, 'the server did not listen');
    expect((await getJson(`${url}/healthz`)).status).toBe(200);
    const loading = await getJson(`${url}/readyz`);
    expect(loading.status).toBe(503);
    expect(loading.body).toMatchObject({ code: 10108, data: { status: 'loading', loading: ['market-backfill'] } });

    // The live sandbox is not held up: ticks arrive and prices answer while the past waits.
    let ticks = 0;
    server.services.marketHub.onTicks((applied) => {
      ticks += applied.length;
    });
    await within(
      (async () => {
        while (ticks < 200) await new Promise((resolve) => setTimeout(resolve, 50));
      })(),
      15_000,
      'no live ticks',
    );
    const price = await getJson(`${url}/swx/customer/market/realtime-price/BTCUSDT`);
    expect((price.body.data as TRealtimePrice).price).toMatch(/^\d/);
    // The past is being simulated or waits on the lock; in memory it is there once simulated.
    await within(
      (async () => {
        while ((server.services.marketHub.state('BTCUSDT')?.minutes.length ?? 0) <= DAY_MINUTES) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })(),
      15_000,
      'the simulated past never reached memory',
    );
    // A chart asked now shows what is stored: none of the past yet.
    const from = new Date(NOW_MINUTE - DAY_MINUTES * 60_000).toISOString();
    const to = new Date(NOW_MINUTE).toISOString();
    const early = await getJson(
      `${url}/swx/customer/index/getKValueByCodeAndDate?code=BTCUSDT&interval=1h&from=${from}&to=${to}`,
    );
    expect((early.body.data as TCandlesResponse).candles).toEqual([]);
    expect((await getJson(`${url}/readyz`)).status).toBe(503);

    await holder.query('COMMIT');
    await within(server.readiness.settled(), 30_000, 'the backfill did not finish');
    expect(await getJson(`${url}/readyz`)).toEqual({ status: 200, body: { status: 'ready' } });
    const chart = await getJson(
      `${url}/swx/customer/index/getKValueByCodeAndDate?code=BTCUSDT&interval=1h&from=${from}&to=${to}`,
    );
    expect((chart.body.data as TCandlesResponse).candles).toHaveLength(24);
  }, 90_000);

  it('wrote one candle for every minute each market was open in the day before the live feed began', async () => {
    const server = app as FastifyInstance;
    await server.services.marketHub.flush();
    const { rows } = await sql<{ instrument_id: number; open_times: Date[] }>`
      SELECT instrument_id, array_agg(open_time ORDER BY open_time) AS open_times
        FROM market_candles_1m
       WHERE source = 'sandbox' AND open_time < ${new Date(NOW_MINUTE)}
       GROUP BY instrument_id`.execute(database.db);
    const stored = new Map(rows.map((row) => [row.instrument_id, row.open_times.map((time) => time.getTime())]));
    let total = 0;
    for (const instrument of server.services.marketHub.instruments()) {
      // Asked minute by minute, oldest first: the minutes the market was open.
      const expected: number[] = [];
      for (let minute = DAY_MINUTES; minute >= 1; minute -= 1) {
        const openTime = NOW_MINUTE - minute * 60_000;
        if (isOpenAt(instrument.hours, new Date(openTime))) expected.push(openTime);
      }
      expect(stored.get(instrument.id) ?? [], instrument.code).toEqual(expected);
      total += expected.length;
    }
    // 107 instruments; the 24/7 ones have all 1,440 minutes, the others their sessions only.
    expect(server.services.marketHub.instruments()).toHaveLength(107);
    expect(total).toBeGreaterThan(50_000);

    // Continuous and consistent: every candle's high and low bound its open and close, and the
    // past ends at the price the live feed started from (the reference price).
    const { rows: btc } = await sql<{ open: string; high: string; low: string; close: string; reference: string }>`
      SELECT c.open::text, c.high::text, c.low::text, c.close::text, i.reference_price::text AS reference
        FROM market_candles_1m c JOIN market_instruments i ON i.id = c.instrument_id
       WHERE i.code = 'BTCUSDT' AND c.source = 'sandbox' AND c.open_time < ${new Date(NOW_MINUTE)}
       ORDER BY c.open_time`.execute(database.db);
    expect(btc).toHaveLength(DAY_MINUTES);
    for (const candle of btc) {
      const [open, high, low, close] = [candle.open, candle.high, candle.low, candle.close].map(Number) as number[];
      expect(low).toBeLessThanOrEqual(Math.min(open as number, close as number));
      expect(high).toBeGreaterThanOrEqual(Math.max(open as number, close as number));
    }
    expect(Number(btc.at(-1)?.close)).toBe(Number(btc.at(-1)?.reference));
    // In memory too: the past, then the live minute.
    const minutes = server.services.marketHub.state('BTCUSDT')?.minutes ?? [];
    expect(minutes[0]?.openTime).toBe(NOW_MINUTE - DAY_MINUTES * 60_000);
    expect(minutes.at(-1)?.openTime).toBe(NOW_MINUTE);
  });

  it('does not simulate the past again on a restart: ready as soon as it listens', async () => {
    await app?.close();
    app = null;
    const { app: server, url } = await start();
    expect(server.readiness.loading()).toEqual([]);
    expect(await getJson(`${url}/readyz`)).toEqual({ status: 200, body: { status: 'ready' } });
  });
});
