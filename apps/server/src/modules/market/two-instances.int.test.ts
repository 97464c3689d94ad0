import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Instances, startInstances } from '../../test/instances.js';
import { isTestRedisReachable } from '../../test/redis.js';

/**
 * Two server instances on one database and one Redis: instance A takes the feed lock and runs
 * the sandbox; instance B runs no feed, yet its socket clients receive A's ticks through Redis.
 */
const hasRedis = await isTestRedisReachable('the two-instance test');

describe.skipIf(!hasRedis)('two instances with Redis', () => {
  let instances: Instances | undefined;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    instances = await startInstances(2, {
      MARKET_FEED: 'sandbox',
      MARKET_SANDBOX_INTERVAL_MS: '100',
      MARKET_SANDBOX_BACKFILL_MINUTES: '0',
    });
    apps.push(...instances.apps);
  }, 30_000);
  afterAll(async () => {
    await instances?.close();
  });

  it('delivers ticks produced on instance A to a client of instance B', async () => {
    const [a, b] = apps;
    expect(a?.services.marketHub.ownsFeeds).toBe(true);
    expect(b?.services.marketHub.ownsFeeds).toBe(false);
    const address = b?.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/swx/customer/message`);
    const prices: Array<{ code: string; price: string; source: string }> = [];
    socket.on('message', (data) => {
      const message: unknown = JSON.parse(data.toString());
      if (Array.isArray(message)) prices.push(...message);
    });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ op: 'subscribe', codes: ['BTCUSDT'] }));
    const deadline = Date.now() + 10_000;
    while (prices.length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    socket.close();
    expect(prices.length).toBeGreaterThanOrEqual(3);
    expect(prices.every((p) => p.code === 'BTCUSDT' && p.source === 'sandbox')).toBe(true);
    // B's own state follows A's feed: the same latest price on both.
    const latestOnA = a?.services.marketHub.state('BTCUSDT')?.price;
    expect(latestOnA).toBeTruthy();
    expect(b?.services.marketHub.state('BTCUSDT')?.source).toBe('sandbox');
  });
});
