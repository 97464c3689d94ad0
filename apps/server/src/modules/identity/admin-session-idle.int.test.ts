import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../platform/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignableUser } from '../../test/test-users.js';

/**
 * Operator sessions end after ADMIN_SESSION_IDLE_MINUTES (default 30) unused (#14); use keeps
 * them alive (the sliding touch, written at most once a minute). A plain user's session keeps
 * SESSION_IDLE_DAYS. The clock is the app's injected one, moved by the test.
 */
let testApp: TestApp;
let now = Date.now();
const clock: Clock = { now: () => new Date(now) };
const MINUTE = 60_000;

async function status(token: string, url = '/swx/customer/user/balances'): Promise<number> {
  const response = await testApp.app.inject({ method: 'GET', url, headers: { authorization: token } });
  return response.statusCode;
}

describe('operator session idle expiry', () => {
  beforeAll(async () => {
    testApp = await createTestApp({}, undefined, { clock });
  }, 60_000);
  afterAll(() => testApp.close());

  it('keeps an operator session used at t and t+29 min valid at t+58 min', async () => {
    const start = now;
    const token = await (await createSignableUser(testApp, ['admin'])).signIn();
    expect(await status(token, '/swx/admin/audit-log')).toBe(200);
    now = start + 29 * MINUTE;
    expect(await status(token)).toBe(200);
    now = start + 58 * MINUTE;
    expect(await status(token, '/swx/admin/audit-log')).toBe(200);
  });

  it('ends an operator session unused for 31 minutes, and a later request does not revive it', async () => {
    const start = now;
    const token = await (await createSignableUser(testApp, ['reviewer'])).signIn();
    expect(await status(token)).toBe(200);
    now = start + 31 * MINUTE;
    expect(await status(token)).toBe(401);
    now = start + 31 * MINUTE + 5_000;
    expect(await status(token)).toBe(401);
  });

  it('never ends an operator session used every few minutes', async () => {
    const start = now;
    const token = await (await createSignableUser(testApp, ['support'])).signIn();
    for (let minute = 0; minute <= 180; minute += 4) {
      now = start + minute * MINUTE + 10_000;
      expect(await status(token), `at minute ${minute}`).toBe(200);
    }
  });

  it("leaves a plain user's session alone after hours unused", async () => {
    const start = now;
    const token = await (await createSignableUser(testApp)).signIn();
    expect(await status(token)).toBe(200);
    now = start + 31 * MINUTE;
    expect(await status(token)).toBe(200);
    now = start + 31 * MINUTE + 6 * 60 * MINUTE;
    expect(await status(token)).toBe(200);
  });
});
