import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTestRedisReachable, TEST_REDIS_URL } from '../../test/redis.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Two instances with one Redis share their rate-limit counters: sign-in attempts spread over
 * both are counted together, so a second instance does not double what a guesser may try.
 */
const hasRedis = await isTestRedisReachable('the shared rate-limit test');

describe.skipIf(!hasRedis)('rate limits shared through Redis', () => {
  const instances: TestApp[] = [];

  beforeAll(async () => {
    // Counters of this run only, so nothing else on the same Redis counts with them.
    const env = {
      RATE_LIMIT_ENABLED: 'true',
      REDIS_URL: TEST_REDIS_URL,
      RATE_LIMIT_REDIS_PREFIX: `openbourse:test:${process.pid}:${Date.now()}:rate-limit:`,
    };
    for (let i = 0; i < 2; i += 1) instances.push(await createTestApp(env));
  }, 30_000);
  afterAll(async () => {
    for (const instance of instances) await instance.close();
  });

  it('counts sign-in attempts on either instance towards one limit (20 a minute)', async () => {
    const attempt = async (instance: TestApp) => {
      const response = await instance.app.inject({
        method: 'POST',
        url: '/swx/customer/login/login',
        payload: { userName: 'someone', password: 'Correct-Horse-42' },
      });
      return (response.json() as { code: number }).code;
    };
    const codes: number[] = [];
    // Alternating: ten on each instance reach the limit that one instance alone allows.
    for (let i = 0; i < 20; i += 1) codes.push(await attempt(instances[i % 2] as TestApp));
    expect(codes.every((code) => code === 10004)).toBe(true);
    expect(await attempt(instances[0] as TestApp)).toBe(10102);
    expect(await attempt(instances[1] as TestApp)).toBe(10102);
  });
});
