import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { isTestRedisReachable, TEST_REDIS_URL } from '../../test/redis.js';
import { type ClusterBus, createInProcessClusterBus, createRedisClusterBus } from './cluster-bus.js';

const quietLog = { warn() {} };
const until = async (condition: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('in-process cluster bus', () => {
  it('delivers a message to this process’s listeners of its topic only', () => {
    const bus = createInProcessClusterBus();
    const heard: unknown[] = [];
    bus.subscribe('a', (payload) => heard.push(payload));
    bus.subscribe('b', () => heard.push('wrong topic'));
    bus.publish('a', { n: 1 });
    expect(heard).toEqual([{ n: 1 }]);
  });
});

const hasRedis = await isTestRedisReachable('the Redis cluster bus test');

describe.skipIf(!hasRedis)('Redis cluster bus', () => {
  const prefix = `openbourse:test:${process.pid}:${Date.now()}:bus`;
  const buses: ClusterBus[] = [];
  afterAll(async () => {
    for (const bus of buses) await bus.close();
  });

  it('delivers each message once to every instance, the sender included, and skips malformed ones', async () => {
    const warnings: string[] = [];
    const log = { warn: (_obj: object, message?: string) => warnings.push(message ?? '') };
    const a = createRedisClusterBus(TEST_REDIS_URL, quietLog, prefix);
    const b = createRedisClusterBus(TEST_REDIS_URL, log, prefix);
    buses.push(a, b);
    const heardByA: unknown[] = [];
    const heardByB: unknown[] = [];
    a.subscribe('news', (payload) => heardByA.push(payload));
    b.subscribe('news', (payload) => heardByB.push(payload));
    b.subscribe('other', () => heardByB.push('wrong topic'));
    await Promise.all([a.ready(), b.ready()]);

    // A malformed message on the channel (another program, a bad deploy) is logged and dropped.
    const raw = new Redis(TEST_REDIS_URL);
    await raw.publish(`${prefix}:news`, '{not json');
    await raw.quit();
    a.publish('news', { id: 1 });
    await until(() => heardByA.length >= 1 && heardByB.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 100)); // time for a duplicate to show up
    expect(heardByA).toEqual([{ id: 1 }]);
    expect(heardByB).toEqual([{ id: 1 }]);
    expect(warnings).toContain('ignored a malformed message on the redis bus');
  });
});
