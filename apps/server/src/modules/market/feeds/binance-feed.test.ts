import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import type { FeedEvents, InstrumentSeed, RawTick } from '../market.types.js';
import { BinanceFeed } from './binance-feed.js';

/** A stand-in for Binance's combined-stream endpoint: `/stream?streams=a@trade/b@trade`. */
type FakeBinance = {
  url: string;
  /** Every accepted connection, in order, with the streams it asked for. */
  connections: { socket: WebSocket; streams: string[] }[];
  close(): Promise<void>;
};

async function startFakeBinance(): Promise<FakeBinance> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const connections: FakeBinance['connections'] = [];
  server.on('connection', (socket, request) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const streams = url.searchParams.get('streams');
    if (url.pathname !== '/stream' || !streams) {
      socket.close(1008, 'expected /stream?streams=');
      return;
    }
    connections.push({ socket, streams: streams.split('/') });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

function trade(symbol: string, price: string, tradeTime: number, quantity = '0.00100000'): string {
  return JSON.stringify({
    stream: `${symbol.toLowerCase()}@trade`,
    data: {
      e: 'trade',
      E: tradeTime + 3,
      s: symbol,
      t: 12345,
      p: price,
      q: quantity,
      T: tradeTime,
      m: true,
      M: true,
    },
  });
}

function instrument(code: string, binance?: string): InstrumentSeed {
  return {
    code,
    type: 2,
    assetClass: 'crypto',
    name: code,
    base: code.slice(0, 3),
    quote: 'USD',
    description: 'A test instrument.',
    tickSize: '0.01',
    contractSize: '1',
    minLots: '0.01',
    maxLots: '100',
    lotStep: '0.01',
    hours: 'crypto_24_7',
    referencePrice: '100',
    logo: { kind: 'crypto', symbol: code.slice(0, 3).toLowerCase() },
    ...(binance === undefined ? {} : { feedSymbols: { binance } }),
  };
}

const INSTRUMENTS = [instrument('BTCUSD', 'BTCUSDT'), instrument('ETHUSD', 'ETHUSDT'), instrument('EURUSD')];

function recorder() {
  const ticks: RawTick[] = [];
  const batches: RawTick[][] = [];
  const statuses: { state: string; detail?: string }[] = [];
  const warnings: object[] = [];
  let alive = 0;
  const events: FeedEvents = {
    ticks(batch) {
      batches.push(batch);
      ticks.push(...batch);
    },
    alive() {
      alive += 1;
    },
    status(event) {
      statuses.push(event);
    },
  };
  const logger = { info() {}, warn: (obj: object) => warnings.push(obj) };
  return { events, logger, ticks, batches, statuses, warnings, alive: () => alive };
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function setUp() {
  const binance = await startFakeBinance();
  cleanup.push(() => binance.close());
  const rec = recorder();
  const feed = new BinanceFeed({
    url: binance.url,
    backoff: { initialMs: 20, maxMs: 100 },
    logger: rec.logger,
    now: () => Date.now(),
  });
  cleanup.push(() => feed.stop());
  return { binance, rec, feed };
}

function connection(binance: FakeBinance, index: number) {
  const found = binance.connections[index];
  if (!found) throw new Error(`no connection #${index}`);
  return found;
}

describe('the Binance feed', () => {
  it('subscribes to one combined stream and emits ticks under our codes with normalised prices', async () => {
    const { binance, rec, feed } = await setUp();
    expect(feed.name).toBe('binance');
    await feed.start(INSTRUMENTS, rec.events);
    await waitFor(() => binance.connections.length === 1, 'a connection');
    await waitFor(() => rec.statuses.some((s) => s.state === 'open'), 'the open status');

    const { socket, streams } = connection(binance, 0);
    expect(streams).toEqual(['btcusdt@trade', 'ethusdt@trade']);
    socket.send(trade('BTCUSDT', '65000.00000000', 1_700_000_000_001));
    socket.send(trade('ETHUSDT', '0.01000000', 1_700_000_000_002, '12.50000000'));
    socket.send(trade('BTCUSDT', '65000.12000000', 1_700_000_000_003, '3'));
    await waitFor(() => rec.ticks.length === 3, 'three ticks');

    expect(rec.ticks).toEqual([
      { code: 'BTCUSD', price: '65000', time: 1_700_000_000_001, volume: '0.001' },
      { code: 'ETHUSD', price: '0.01', time: 1_700_000_000_002, volume: '12.5' },
      { code: 'BTCUSD', price: '65000.12', time: 1_700_000_000_003, volume: '3' },
    ]);
    expect(rec.batches.map((batch) => batch.length)).toEqual([1, 1, 1]);
    expect(rec.alive()).toBeGreaterThanOrEqual(3);
    expect(rec.statuses.map((s) => s.state).slice(0, 2)).toEqual(['connecting', 'open']);
  });

  it('counts a ping as a sign of life', async () => {
    const { binance, rec, feed } = await setUp();
    await feed.start(INSTRUMENTS, rec.events);
    await waitFor(() => binance.connections.length === 1, 'a connection');
    expect(rec.alive()).toBe(0);
    connection(binance, 0).socket.ping();
    await waitFor(() => rec.alive() === 1, 'alive after a ping');
  });

  it('skips malformed messages with a warning and keeps going', async () => {
    const { binance, rec, feed } = await setUp();
    await feed.start(INSTRUMENTS, rec.events);
    await waitFor(() => binance.connections.length === 1, 'a connection');
    const { socket } = connection(binance, 0);

    socket.send('garbage {');
    socket.send('[1,2,3]');
    socket.send(trade('BTCUSDT', 'abc', 1_700_000_000_001));
    socket.send(trade('BTCUSDT', '-1.5', 1_700_000_000_001));
    socket.send(trade('DOGEUSDT', '0.1', 1_700_000_000_001));
    socket.send(JSON.stringify({ stream: 'btcusdt@trade', data: { e: 'trade', s: 'BTCUSDT', p: '1' } }));
    socket.send(Buffer.from([0xff, 0x00, 0x13]));
    socket.send(trade('ETHUSDT', '3000.50000000', 1_700_000_000_009));
    await waitFor(() => rec.ticks.length === 1, 'the good tick');

    expect(rec.ticks).toEqual([{ code: 'ETHUSD', price: '3000.5', time: 1_700_000_000_009, volume: '0.001' }]);
    expect(rec.warnings).toHaveLength(7);
    expect(binance.connections).toHaveLength(1);
    expect(rec.statuses.some((s) => s.state === 'closed' || s.state === 'error')).toBe(false);
  });

  it('reconnects with the same streams after the server drops the connection', async () => {
    const { binance, rec, feed } = await setUp();
    await feed.start(INSTRUMENTS, rec.events);
    await waitFor(() => binance.connections.length === 1, 'a connection');
    connection(binance, 0).socket.send(trade('BTCUSDT', '1.10', 1));
    await waitFor(() => rec.ticks.length === 1, 'the first tick');

    connection(binance, 0).socket.terminate();
    await waitFor(() => binance.connections.length === 2, 'a second connection');
    await waitFor(() => rec.statuses.filter((s) => s.state === 'open').length === 2, 'a second open');
    expect(connection(binance, 1).streams).toEqual(connection(binance, 0).streams);
    const states = rec.statuses.map((s) => s.state).filter((state) => state !== 'error');
    expect(states).toEqual(['connecting', 'open', 'closed', 'connecting', 'open']);

    connection(binance, 1).socket.send(trade('ETHUSDT', '2.20', 2));
    await waitFor(() => rec.ticks.length === 2, 'a tick after the reconnect');
    expect(rec.ticks[1]).toEqual({ code: 'ETHUSD', price: '2.2', time: 2, volume: '0.001' });
  });

  it('keeps retrying while the server refuses connections, and stop() ends the retries', async () => {
    const gone = await startFakeBinance();
    await gone.close();
    const rec = recorder();
    const feed = new BinanceFeed({
      url: gone.url,
      backoff: { initialMs: 5, maxMs: 10 },
      logger: rec.logger,
      now: () => Date.now(),
    });
    await feed.start(INSTRUMENTS, rec.events);
    await waitFor(() => rec.statuses.filter((s) => s.state === 'error').length >= 3, 'three failed attempts');
    expect(rec.statuses.filter((s) => s.state === 'connecting').length).toBeGreaterThanOrEqual(3);

    await feed.stop();
    const seen = rec.statuses.length;
    await sleep(100);
    expect(rec.statuses.length).toBe(seen);
  });

  it('stop() closes the socket and prevents further reconnects', async () => {
    const { binance, rec, feed } = await setUp();
    await feed.start(INSTRUMENTS, rec.events);
    await waitFor(() => rec.statuses.some((s) => s.state === 'open'), 'the open status');

    const server = connection(binance, 0).socket;
    const serverSawClose = new Promise<number>((resolve) => server.once('close', (code) => resolve(code)));
    await feed.stop();
    expect(rec.statuses.at(-1)?.state).toBe('closed');
    expect(await serverSawClose).toBe(1000);

    await sleep(100);
    expect(binance.connections).toHaveLength(1);
  });

  it('stop() during a pending reconnect cancels it', async () => {
    const { binance, rec, feed } = await setUp();
    await feed.start(INSTRUMENTS, rec.events);
    await waitFor(() => binance.connections.length === 1, 'a connection');
    connection(binance, 0).socket.terminate();
    await waitFor(() => rec.statuses.some((s) => s.state === 'closed'), 'the closed status');
    await feed.stop();
    await sleep(100);
    expect(binance.connections).toHaveLength(1);
  });

  it('opens no connection when no instrument has a Binance symbol', async () => {
    const { binance, rec, feed } = await setUp();
    await feed.start([instrument('EURUSD')], rec.events);
    await sleep(50);
    expect(binance.connections).toHaveLength(0);
    expect(rec.statuses).toHaveLength(0);
  });

  it('splits more than 1024 streams over several connections', async () => {
    const { binance, rec, feed } = await setUp();
    const many = Array.from({ length: 1500 }, (_, i) => instrument(`X${i}`, `S${i.toString(36)}`));
    await feed.start(many, rec.events);
    await waitFor(() => binance.connections.length === 2, 'two connections');
    const sizes = binance.connections.map((c) => c.streams.length).sort((a, b) => b - a);
    expect(sizes).toEqual([1024, 476]);
    expect(new Set(binance.connections.flatMap((c) => c.streams)).size).toBe(1500);

    const second = binance.connections.find((c) => c.streams.length === 476);
    second?.socket.send(trade(`S${(1499).toString(36)}`.toUpperCase(), '7.000', 5));
    await waitFor(() => rec.ticks.length === 1, 'a tick on the second connection');
    expect(rec.ticks[0]).toEqual({ code: 'X1499', price: '7', time: 5, volume: '0.001' });
  });
});
