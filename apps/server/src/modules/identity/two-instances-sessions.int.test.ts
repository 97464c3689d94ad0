import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { migrate } from '../../platform/db/migrate.js';
import { isTestRedisReachable, TEST_REDIS_URL } from '../../test/redis.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { insertUser } from './identity.repository.js';
import { SESSION_CACHE_TTL_MS } from './identity.service.js';

/**
 * Two instances on one database and one Redis: a session signed out on instance A stops working
 * on instance B at once, although B had it cached (its cache alone would keep it for
 * SESSION_CACHE_TTL_MS).
 */
const hasRedis = await isTestRedisReachable('the two-instance session test');

describe.skipIf(!hasRedis)('sessions across two instances with Redis', () => {
  let database: TestDatabase;
  const apps: Awaited<ReturnType<typeof buildApp>>[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.url);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent-web-build',
      RATE_LIMIT_ENABLED: 'false',
      REDIS_URL: TEST_REDIS_URL,
      // Channels of this run only, so no other deployment on the same Redis mixes in.
      REDIS_BUS_PREFIX: `openbourse:test:${process.pid}:${Date.now()}`,
      MARKET_FEED: '',
    });
    for (let i = 0; i < 2; i += 1) {
      const app = await buildApp({ config, db: database.db });
      await app.ready();
      apps.push(app);
    }
  }, 30_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.drop();
  });

  const getUserInfo = (app: (typeof apps)[number], token: string) =>
    app.inject({ method: 'POST', url: '/swx/customer/user/getUserInfo', headers: { authorization: token } });

  it('refuses on instance B a session signed out on instance A, before B’s cache would expire', async () => {
    const [a, b] = apps;
    if (!a || !b) throw new Error('two instances expected');
    const user = await insertUser(database.db, {
      user_name: 'twoinstances',
      user_name_key: 'twoinstances',
      email: 'twoinstances@example.test',
      password_hash: null,
      invite_code: 'TWOINST1',
      invited_by: null,
      roles: ['user'],
    });
    const { token } = await a.services.identity.startSession(user, 'live', { userAgent: null });
    // B verifies the token and keeps it in its cache.
    expect((await getUserInfo(b, token)).statusCode).toBe(200);
    expect((await getUserInfo(b, token)).statusCode).toBe(200);

    const signedOutAt = Date.now();
    const logout = await a.inject({
      method: 'POST',
      url: '/swx/customer/login/logout',
      headers: { authorization: token },
    });
    expect(logout.statusCode).toBe(200);
    let status = 200;
    while (status === 200 && Date.now() - signedOutAt < SESSION_CACHE_TTL_MS / 2) {
      status = (await getUserInfo(b, token)).statusCode;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
    expect(Date.now() - signedOutAt).toBeLessThan(SESSION_CACHE_TTL_MS / 2);
  });
});
