import { Redis } from 'ioredis';

/** The Redis the integration tests use: CI's at REDIS_URL, else the local default. */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether that Redis answers; tests that need it skip themselves, saying so, when it does not. */
export async function isTestRedisReachable(purpose: string): Promise<boolean> {
  const probe = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    console.warn(`skipping ${purpose}: no Redis at ${TEST_REDIS_URL}`);
    return false;
  } finally {
    probe.disconnect();
  }
}
