import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CANDLE_INTERVAL_MS } from '@openbourse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.js';
import type { Db } from '../../database.js';
import { createInProcessClusterBus } from '../../platform/bus/cluster-bus.js';
import { migrate } from '../../platform/db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { ReplayFeed } from './feeds/replay-feed.js';
import { seedMarket } from './market.seed.js';
import { createMarketService } from './market.service.js';
import { MarketHub } from './market-hub.js';
import { createTickBus } from './tick-bus.js';

/**
 * Replays recorded Binance one-minute bars through the whole pipeline (replay feed →
 * normaliser → minute candles → PostgreSQL) and checks the hourly and daily candles the API
 * aggregates on read against an independent computation straight from the CSV.
 */
const RECORDED_DIR = path.join(REPO_ROOT, '../shared/market-data/crypto');
const hasRecorded = existsSync(path.join(RECORDED_DIR, 'XRPUSDT_1m.csv'));

/**
 * Where ../shared is not beside the checkout (a clean clone in CI), the same test runs on two
 * days of generated bars in the recorded format, so the check never silently disappears.
 */
function generatedDataDir(): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'openbourse-replay-'));
  let seed = 11;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  // Prices in ten-thousandths, as XRPUSDT's; the walk stays positive.
  let close = 12_500;
  const lines = ['timestamp,open,high,low,close,volume'];
  const start = Date.parse('2021-05-13T00:00:00Z');
  const fmt = (tenThousandths: number) => (tenThousandths / 10_000).toFixed(4).replace(/\.?0+$/, '');
  for (let minute = 0; minute < 2 * 1440; minute += 1) {
    const open = close;
    close = Math.max(1000, open + Math.round((next() - 0.5) * 60));
    const high = Math.max(open, close) + Math.round(next() * 20);
    const low = Math.min(open, close) - Math.round(next() * 20);
    const volume = (next() * 4_000_000).toFixed(2);
    lines.push(
      [
        new Date(start + minute * 60_000).toISOString().replace('.000Z', 'Z'),
        fmt(open),
        fmt(high),
        fmt(low),
        fmt(close),
        volume,
      ].join(','),
    );
  }
  writeFileSync(path.join(directory, 'XRPUSDT_1m.csv'), `${lines.join('\n')}\n`);
  return directory;
}

const DATA_DIR = hasRecorded ? RECORDED_DIR : generatedDataDir();
const FILE = path.join(DATA_DIR, 'XRPUSDT_1m.csv');
if (!hasRecorded) console.warn(`../shared/market-data is absent: replaying generated bars from ${FILE}`);

type Bar = { time: number; open: string; high: string; low: string; close: string; volume: string };

/** The expected candles, computed independently with exact decimal arithmetic on the rows. */
function expectedCandles(bars: Bar[], intervalMs: number) {
  const scaled = (value: string) => {
    const [whole = '0', fraction = ''] = value.split('.');
    return BigInt(whole + fraction.padEnd(12, '0'));
  };
  const buckets = new Map<number, Bar[]>();
  for (const bar of bars) {
    const start = Math.floor(bar.time / intervalMs) * intervalMs;
    buckets.set(start, [...(buckets.get(start) ?? []), bar]);
  }
  return [...buckets.entries()].map(([time, group]) => ({
    time,
    open: scaled((group[0] as Bar).open),
    high: group.map((b) => scaled(b.high)).reduce((a, b) => (b > a ? b : a)),
    low: group.map((b) => scaled(b.low)).reduce((a, b) => (b < a ? b : a)),
    close: scaled((group.at(-1) as Bar).close),
    volume: group.map((b) => scaled(b.volume)).reduce((a, b) => a + b, 0n),
  }));
}

describe('replayed candles', () => {
  let database: TestDatabase;
  let db: Db;
  let hub: MarketHub;
  let bars: Bar[];

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.url);
    db = database.db;
    await seedMarket(db);
    const [header, ...rows] = readFileSync(FILE, 'utf8').trim().split('\n');
    expect(header?.startsWith('timestamp,open,high,low,close,volume')).toBe(true);
    bars = rows.map((row) => {
      const [time = '', open = '', high = '', low = '', close = '', volume = ''] = row.split(',');
      return { time: Date.parse(time), open, high, low, close, volume: volume || '0' };
    });
    const replay = new ReplayFeed({ directory: DATA_DIR, speed: 0, now: () => Date.now() });
    const log = { info() {}, warn() {}, error() {} };
    hub = new MarketHub(
      db,
      {
        feeds: ['replay'],
        replayDir: DATA_DIR,
        replaySpeed: 0,
        sandboxIntervalMs: 1000,
        sandboxBackfillMinutes: 0,
        staleAfterMs: 15_000,
        candleFlushMs: 60_000,
        ownershipRetryMs: 60_000,
      },
      createTickBus(createInProcessClusterBus(), log),
      log,
      Date.now,
      { afterListen: (_part, work) => void work() },
      (feed) => (feed === 'replay' ? replay : null),
    );
    await hub.start();
    await replay.finished;
    await hub.flush();
  }, 120_000);
  afterAll(async () => {
    await hub?.stop();
    await database?.drop();
    if (!hasRecorded) rmSync(DATA_DIR, { recursive: true, force: true });
  });

  const asScaled = (value: string) => {
    const [whole = '0', fraction = ''] = value.split('.');
    return BigInt(whole + fraction.padEnd(12, '0'));
  };

  it.each(['1h', '1d'] as const)('aggregates %s candles equal to the recorded minutes', async (interval) => {
    const service = createMarketService(db, hub, { now: () => Date.now() });
    const intervalMs = CANDLE_INTERVAL_MS[interval];
    const expected = expectedCandles(bars, intervalMs);
    const first = (bars[0] as Bar).time;
    const start = Math.floor(first / intervalMs) * intervalMs;
    const answer = await service.candles({
      code: 'XRPUSDT',
      interval,
      from: new Date(start).toISOString(),
      to: new Date(start + expected.length * intervalMs + intervalMs).toISOString(),
    });
    expect(answer.source).toBe('replay');
    const got = answer.candles.map((c) => ({
      time: c.time,
      open: asScaled(c.open),
      high: asScaled(c.high),
      low: asScaled(c.low),
      close: asScaled(c.close),
      volume: asScaled(c.volume),
    }));
    expect(got.length).toBe(expected.length);
    expect(got).toEqual(expected);
  });

  it('labels the replayed instrument and leaves the others without prices', () => {
    expect(hub.instrument('XRPUSDT')?.feed).toBe('replay');
    expect(hub.state('XRPUSDT')?.price).toBe((bars.at(-1) as Bar).close);
    // Not in the replay folder and no other feed configured: no price at all, never another's.
    expect(hub.instrument('LINKUSDT')?.feed).toBeNull();
  });
});
