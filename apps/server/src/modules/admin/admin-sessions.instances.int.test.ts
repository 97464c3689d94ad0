import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Instances, startInstances } from '../../test/instances.js';
import { isTestRedisReachable } from '../../test/redis.js';
import type { TestApp } from '../../test/test-app.js';
import { createSignableUser } from '../../test/test-users.js';
import { SESSION_CACHE_TTL_MS } from '../identity/index.js';

/**
 * Two instances on one database and one Redis: a session an operator revokes on instance A (one,
 * or all of the user's) stops working on instance B at once, although B had it cached (its cache
 * alone would keep it for SESSION_CACHE_TTL_MS).
 */
const hasRedis = await isTestRedisReachable('the two-instance session revocation test');

describe.skipIf(!hasRedis)('revoking sessions across two instances with Redis', () => {
  let instances: Instances | undefined;
  let onA: TestApp;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    instances = await startInstances(2, { MARKET_FEED: '' });
    const [first, second] = instances.apps;
    if (!first || !second) throw new Error('two instances expected');
    a = first;
    b = second;
    onA = { app: a, database: instances.database, close: async () => {} };
  }, 30_000);
  afterAll(async () => {
    await instances?.close();
  });

  const userInfoStatus = async (app: FastifyInstance, token: string) =>
    (await app.inject({ method: 'POST', url: '/swx/customer/user/getUserInfo', headers: { authorization: token } }))
      .statusCode;

  /** Asks B until it refuses the token, for at most half the cache's lifetime; answers how long that took. */
  async function msUntilRefusedOnB(token: string): Promise<number> {
    const since = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - since < SESSION_CACHE_TTL_MS / 2) {
      status = await userInfoStatus(b, token);
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
    return Date.now() - since;
  }

  it('refuses on instance B the sessions an operator revoked on instance A, before B’s cache would expire', async () => {
    const support = await createSignableUser(onA, ['support']);
    const supportToken = await support.signIn();
    const user = await createSignableUser(onA);
    const first = await user.signIn();
    const second = await user.signIn();
    const page = await a.inject({
      method: 'GET',
      url: `/swx/admin/users/${user.id}`,
      headers: { authorization: supportToken },
    });
    const sessionIds = (page.json().data.sessions as Array<{ id: string }>).map((session) => session.id);
    expect(sessionIds).toHaveLength(2);
    // B verifies both tokens and keeps them in its cache.
    expect(await userInfoStatus(b, first)).toBe(200);
    expect(await userInfoStatus(b, second)).toBe(200);

    // The sessions are listed newest first: the second one signed in is first.
    const [secondId, firstId] = sessionIds;
    const revoked = await a.inject({
      method: 'POST',
      url: `/swx/admin/users/${user.id}/sessions/${firstId}/revoke`,
      headers: { authorization: supportToken },
    });
    expect(revoked.json().data.revokedSessionIds).toEqual([firstId]);
    expect(await msUntilRefusedOnB(first)).toBeLessThan(SESSION_CACHE_TTL_MS / 2);
    expect(await userInfoStatus(b, second)).toBe(200);

    const all = await a.inject({
      method: 'POST',
      url: `/swx/admin/users/${user.id}/sessions/revoke-all`,
      headers: { authorization: supportToken },
    });
    expect(all.json().data.revokedSessionIds).toEqual([secondId]);
    expect(await msUntilRefusedOnB(second)).toBeLessThan(SESSION_CACHE_TTL_MS / 2);
  });
});
