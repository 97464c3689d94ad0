import { CATALOGUE, CATALOGUE_MESSAGES } from '@openbourse/contracts';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../platform/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignableUser } from '../../test/test-users.js';

/**
 * Operators must have two-factor on (#14): without it every operator route answers 10144,
 * while the user routes stay open, so they can turn it on; once on (through the real setup and
 * enable routes), the same session is admitted at once, and turning it off refuses it again.
 * No back-office route allows `reviewer` or `support` yet, so the test adds one for each.
 */
const STEP_MS = 30_000;
const REQUIRED = CATALOGUE.OPERATOR_TOTP_REQUIRED.code;
const ROUTE_OF = {
  reviewer: '/swx/admin/test/reviewer-only',
  support: '/swx/admin/test/support-only',
  admin: '/swx/admin/audit-log',
} as const;

let testApp: TestApp;
// Mid-step, moved by whole steps only: a code of "now" stays good for the whole test.
let at = Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2;
const clock: Clock = { now: () => new Date(at) };
const codeOf = (secret: string) => generateSync({ secret, epoch: Math.floor(at / 1000) });

type Answer = { status: number; code: number; msg: string; data: Record<string, unknown> | null };

async function call(method: 'GET' | 'POST', url: string, token: string, payload?: object, lang = 'en') {
  const response = await testApp.app.inject({ method, url, payload, headers: { authorization: token, lang } });
  return { status: response.statusCode, ...(response.json() as Omit<Answer, 'status'>) } as Answer;
}

/** Turns two-factor on for the session's user through the real routes; the secret. */
async function turnOnTwoFactor(token: string): Promise<string> {
  const setup = await call('POST', '/swx/customer/user/totp/setup', token);
  expect(setup.code, setup.msg).toBe(200);
  const secret = String(setup.data?.secret);
  const enabled = await call('POST', '/swx/customer/user/totp/enable', token, { code: codeOf(secret) });
  expect(enabled.code, enabled.msg).toBe(CATALOGUE.MODIFIED.code);
  return secret;
}

describe('operators without two-factor authentication (#14)', () => {
  beforeAll(async () => {
    testApp = await createTestApp(
      {},
      (app) => {
        for (const level of ['reviewer', 'support'] as const) {
          app.route({
            method: 'GET',
            url: ROUTE_OF[level],
            config: { auth: level },
            handler: async () => ({ ok: true }),
          });
        }
      },
      { clock },
    );
  }, 60_000);
  afterAll(() => testApp.close());

  for (const role of ['reviewer', 'support', 'admin'] as const) {
    it(`refuses a ${role} every operator route with 10144 until they turn it on, then admits the same session`, async () => {
      const operator = await createSignableUser(testApp, ['user', role], { totp: false });
      expect(operator.totpSecret).toBeNull();
      const token = await operator.signIn();

      const refused = await call('GET', ROUTE_OF[role], token);
      expect(refused).toMatchObject({ status: 403, code: REQUIRED, data: null });
      expect(refused.msg).toBe(CATALOGUE_MESSAGES.en.OPERATOR_TOTP_REQUIRED);
      expect((await call('GET', ROUTE_OF[role], token, undefined, 'de')).msg).toBe(
        CATALOGUE_MESSAGES.de.OPERATOR_TOTP_REQUIRED,
      );
      // The user routes stay open: that is where two-factor is turned on.
      expect((await call('GET', '/swx/customer/user/balances', token)).status).toBe(200);
      const info = await call('POST', '/swx/customer/user/getUserInfo', token);
      expect(info.data).toMatchObject({ totpEnabled: false });

      await turnOnTwoFactor(token);
      // No new sign-in: turning it on forgot the cached session, so the next request sees it.
      const admitted = await call('GET', ROUTE_OF[role], token);
      expect(admitted.status, admitted.msg).toBe(200);
    });
  }

  it('checks the role first: an operator without two-factor on a route of another role gets 10107', async () => {
    const reviewer = await createSignableUser(testApp, ['user', 'reviewer'], { totp: false });
    const token = await reviewer.signIn();
    expect(await call('GET', ROUTE_OF.admin, token)).toMatchObject({ status: 403, code: CATALOGUE.FORBIDDEN.code });
    const plain = await createSignableUser(testApp, ['user']);
    expect(plain.totpSecret).toBeNull();
    expect(await call('GET', ROUTE_OF.support, await plain.signIn())).toMatchObject({
      status: 403,
      code: CATALOGUE.FORBIDDEN.code,
    });
  });

  it('refuses the session again as soon as the operator turns two-factor off', async () => {
    const admin = await createSignableUser(testApp, ['user', 'admin'], { totp: false });
    const token = await admin.signIn();
    const secret = await turnOnTwoFactor(token);
    expect((await call('GET', ROUTE_OF.admin, token)).status).toBe(200);
    at += STEP_MS; // each code is good once: the next step's code
    const off = await call('POST', '/swx/customer/user/totp/disable', token, { code: codeOf(secret) });
    expect(off.code, off.msg).toBe(CATALOGUE.MODIFIED.code);
    expect(await call('GET', ROUTE_OF.admin, token)).toMatchObject({ status: 403, code: REQUIRED });
  });

  it('gives test operators two-factor on by default, and admits them', async () => {
    const support = await createSignableUser(testApp, ['user', 'support']);
    expect(support.totpSecret).toEqual(expect.any(String));
    expect((await call('GET', ROUTE_OF.support, await support.signIn())).status).toBe(200);
  });
});
