import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Instances, startInstances } from '../../test/instances.js';
import { isTestRedisReachable } from '../../test/redis.js';
import { insertUser } from './identity.repository.js';
import { SESSION_CACHE_TTL_MS } from './identity.service.js';

/**
 * Two instances on one database and one Redis: a session signed out on instance A stops working
 * on instance B at once, although B had it cached (its cache alone would keep it for
 * SESSION_CACHE_TTL_MS).
 */
const hasRedis = await isTestRedisReachable('the two-instance session test');

describe.skipIf(!hasRedis)('sessions across two instances with Redis', () => {
  let instances: Instances | undefined;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    instances = await startInstances(2, { MARKET_FEED: '' });
    apps.push(...instances.apps);
  }, 30_000);
  afterAll(async () => {
    await instances?.close();
  });

  const getUserInfo = (app: (typeof apps)[number], token: string) =>
    app.inject({ method: 'POST', url: '/swx/customer/user/getUserInfo', headers: { authorization: token } });

  it('refuses on instance B a session signed out on instance A, before B’s cache would expire', async () => {
    const [a, b] = apps;
    if (!a || !b) throw new Error('two instances expected');
    const user = await insertUser((instances as Instances).database.db, {
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
