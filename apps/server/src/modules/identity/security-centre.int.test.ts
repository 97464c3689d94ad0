import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../platform/clock.js';
import { latestCodeFor, startSmtpSink } from '../../test/smtp-sink.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const API = '/swx/customer';
const STEP_MS = 30_000;
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
type Sink = Awaited<ReturnType<typeof startSmtpSink>>;
type Answer = { status: number; code: number; data: unknown; msg: string };
type Session = { id: string; browser: string | null; os: string | null; ip: string | null; current: boolean };
type SignIn = { succeeded: boolean; method: string; secondFactor: string | null; failure: string | null };
type History = { page: number; pageSize: number; total: number; items: SignIn[] };

describe('the security centre: own sessions, sign-in history, recovery codes (#16)', () => {
  let sink: Sink;
  let testApp: TestApp;
  let app: FastifyInstance;
  // Whole 30 s steps the tests move by, from mid-step, as in two-factor.int.test.ts.
  let at = Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2;
  const clock: Clock = { now: () => new Date(at) };
  const codeOf = (secret: string) => generateSync({ secret, epoch: Math.floor(at / 1000) });

  async function call(method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const response = await app.inject({
      method,
      url: `${API}${url}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers,
      remoteAddress: '203.0.113.42',
    });
    return { status: response.statusCode, ...(response.json() as Omit<Answer, 'status'>) } as Answer;
  }
  const post = (url: string, payload?: unknown, headers?: Record<string, string>) =>
    call('POST', url, payload, headers);
  const get = (url: string, headers?: Record<string, string>) => call('GET', url, undefined, headers);

  let counter = 0;
  async function registerUser() {
    counter += 1;
    const userName = `secure${Date.now().toString(36)}${counter}`;
    const email = `${userName}@example.test`;
    const password = 'Correct-Horse-42';
    expect((await post('/login/sendCode', { email, type: 'register' })).code).toBe(200);
    const registered = await post(
      '/login/register',
      { userName, email, password, confirmPassword: password, code: latestCodeFor(sink.mails, email) },
      { 'user-agent': CHROME_WINDOWS },
    );
    expect(registered.code, registered.msg).toBe(200);
    const data = registered.data as { id: number; token: string };
    return { userName, password, id: String(data.id), auth: { authorization: data.token } };
  }

  async function signIn(user: { userName: string; password: string }, extra: Record<string, string> = {}) {
    const answer = await post(
      '/login/login',
      { userName: user.userName, password: user.password, ...extra },
      { 'user-agent': FIREFOX_LINUX },
    );
    return answer;
  }

  async function userWithTwoFactor() {
    const user = await registerUser();
    const setup = await post('/user/totp/setup', undefined, user.auth);
    const secret = String((setup.data as { secret: string }).secret);
    expect((await post('/user/totp/enable', { code: codeOf(secret) }, user.auth)).code).toBe(20005);
    at += STEP_MS;
    return { ...user, secret };
  }

  const sessionsOf = async (auth: Record<string, string>) =>
    (await get('/user/security/sessions', auth)).data as Session[];
  const isSignedIn = async (auth: Record<string, string>) =>
    (await post('/user/getUserInfo', undefined, auth)).status === 200;

  beforeAll(async () => {
    sink = await startSmtpSink();
    testApp = await createTestApp({ SMTP_URL: sink.url }, undefined, { clock });
    app = testApp.app;
  });
  afterAll(async () => {
    await testApp.close();
    await sink.close();
  });

  it("lists only the caller's own sessions, with the device, the masked address and this one marked", async () => {
    const alice = await registerUser();
    const second = await signIn(alice);
    expect(second.code, second.msg).toBe(200);
    const bob = await registerUser();

    const sessions = await sessionsOf(alice.auth);
    expect(sessions).toHaveLength(2);
    const [newest, oldest] = sessions;
    expect(newest).toMatchObject({ browser: 'Firefox 133', os: 'Linux', ip: '203.0.113.x', current: false });
    expect(oldest).toMatchObject({ browser: 'Chrome 131', os: 'Windows', ip: '203.0.113.x', current: true });
    expect(JSON.stringify(sessions)).not.toContain('203.0.113.42');

    const bobs = await sessionsOf(bob.auth);
    expect(bobs).toHaveLength(1);
    expect(bobs.map((session) => session.id)).not.toContain(newest?.id);
    // Another user's session id ends nothing, and says so.
    const refused = await post('/user/security/sessions/revoke', { sessionId: bobs[0]?.id }, alice.auth);
    expect(refused.code).toBe(10196);
    expect(await isSignedIn(bob.auth)).toBe(true);
  });

  it('ends one session, refused at once on its next request', async () => {
    const user = await registerUser();
    const other = (await signIn(user)).data as { token: string };
    const otherAuth = { authorization: other.token };
    // Used once, so the guard has it cached: the revocation must still win at once.
    expect(await isSignedIn(otherAuth)).toBe(true);
    const target = (await sessionsOf(user.auth)).find((session) => !session.current);
    const revoked = await post('/user/security/sessions/revoke', { sessionId: target?.id }, user.auth);
    expect(revoked.code, revoked.msg).toBe(200);
    expect(await isSignedIn(otherAuth)).toBe(false);
    expect(await isSignedIn(user.auth)).toBe(true);
    expect(await sessionsOf(user.auth)).toHaveLength(1);
    // Ended already: nothing to end twice.
    expect((await post('/user/security/sessions/revoke', { sessionId: target?.id }, user.auth)).code).toBe(10196);
  });

  it('signs out everywhere else and keeps this session', async () => {
    const user = await registerUser();
    const others = [];
    for (let index = 0; index < 3; index += 1) {
      others.push({ authorization: ((await signIn(user)).data as { token: string }).token });
    }
    for (const auth of others) expect(await isSignedIn(auth)).toBe(true);
    expect(await sessionsOf(user.auth)).toHaveLength(4);
    expect((await post('/user/security/sessions/revokeOthers', undefined, user.auth)).code).toBe(200);
    for (const auth of others) expect(await isSignedIn(auth)).toBe(false);
    expect(await isSignedIn(user.auth)).toBe(true);
    expect((await sessionsOf(user.auth)).map((session) => session.current)).toEqual([true]);
  });

  it("pages the caller's own sign-in history, refused attempts included", async () => {
    const user = await registerUser();
    const stranger = await registerUser();
    expect((await signIn(user, { password: 'Wrong-Horse-42' })).code).toBe(10004);
    expect((await signIn(user)).code).toBe(200);
    const first = (await get('/user/security/signIns?page=1', user.auth)).data as History;
    expect(first.total).toBe(3);
    expect(first.items.map((item) => [item.succeeded, item.method, item.failure])).toEqual([
      [true, 'password', null],
      [false, 'password', 'password'],
      [true, 'register', null],
    ]);
    expect(first.items[0]).toMatchObject({ browser: 'Firefox 133', os: 'Linux', ip: '203.0.113.x' });
    // Only the stranger's own registration in the stranger's history.
    expect(((await get('/user/security/signIns', stranger.auth)).data as History).total).toBe(1);

    // Twenty-two more rows: 20 a page, newest first.
    await sql`INSERT INTO sign_in_events (user_id, succeeded, method)
              SELECT ${user.id}, true, 'google' FROM generate_series(1, 22)`.execute(testApp.database.db);
    const page1 = (await get('/user/security/signIns?page=1', user.auth)).data as History;
    const page2 = (await get('/user/security/signIns?page=2', user.auth)).data as History;
    expect(page1).toMatchObject({ page: 1, pageSize: 20, total: 25 });
    expect(page1.items).toHaveLength(20);
    expect(page1.items.every((item) => item.method === 'google')).toBe(true);
    expect(page2.items.map((item) => item.method)).toEqual(['google', 'google', 'password', 'password', 'register']);
    expect((await get('/user/security/signIns?page=0', user.auth)).code).toBe(10100);
  });

  it('makes recovery codes only with two-factor on and the person proved again', async () => {
    const plain = await registerUser();
    expect((await post('/user/security/recoveryCodes', { password: plain.password }, plain.auth)).code).toBe(10126);

    const user = await userWithTwoFactor();
    expect((await post('/user/security/recoveryCodes', {}, user.auth)).code).toBe(10197);
    expect((await post('/user/security/recoveryCodes', { password: 'Wrong-Horse-42' }, user.auth)).code).toBe(10004);
    expect((await post('/user/security/recoveryCodes', { code: '000000' }, user.auth)).code).toBe(10117);
    expect(((await get('/user/security/recoveryCodes', user.auth)).data as { remaining: number }).remaining).toBe(0);

    const byCode = await post('/user/security/recoveryCodes', { code: codeOf(user.secret) }, user.auth);
    expect(byCode.code, byCode.msg).toBe(200);
    const codes = (byCode.data as { codes: string[] }).codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    // Only hashes are kept.
    const stored = await sql<{
      code_hash: Buffer;
    }>`SELECT code_hash FROM recovery_codes WHERE user_id = ${user.id}`.execute(testApp.database.db);
    expect(stored.rows).toHaveLength(10);
    for (const row of stored.rows) expect(codes.some((code) => row.code_hash.toString().includes(code))).toBe(false);

    // Two new sets asked for at once: one set of ten is left, and its codes work.
    const both = await Promise.all([
      post('/user/security/recoveryCodes', { password: user.password }, user.auth),
      post('/user/security/recoveryCodes', { password: user.password }, user.auth),
    ]);
    expect(both.map((answer) => answer.code)).toEqual([200, 200]);
    const left = await sql<{ count: string }>`SELECT count(*) FROM recovery_codes WHERE user_id = ${user.id}`.execute(
      testApp.database.db,
    );
    expect(left.rows[0]?.count).toBe('10');
    const kept = both.map((answer) => (answer.data as { codes: string[] }).codes);
    const signIns = await Promise.all(kept.map((set) => signIn(user, { recoveryCode: String(set[0]) })));
    expect(signIns.map((answer) => answer.code).sort((a, b) => a - b)).toEqual([200, 10195]);
  });

  it('signs in with a recovery code once, and a new set ends the old one', async () => {
    const user = await userWithTwoFactor();
    const made = await post('/user/security/recoveryCodes', { password: user.password }, user.auth);
    const [first, second, third] = (made.data as { codes: string[] }).codes;

    // Any case, without its dash: the same code.
    const admitted = await signIn(user, { recoveryCode: String(first).toLowerCase().replace('-', '') });
    expect(admitted.code, admitted.msg).toBe(200);
    expect((await signIn(user, { recoveryCode: String(first) })).code).toBe(10195);
    expect(((await get('/user/security/recoveryCodes', user.auth)).data as { remaining: number }).remaining).toBe(9);

    // The same code twice at once: one sign-in.
    const racing = await Promise.all([
      signIn(user, { recoveryCode: String(second) }),
      signIn(user, { recoveryCode: String(second) }),
    ]);
    expect(racing.map((answer) => answer.code).sort((a, b) => a - b)).toEqual([200, 10195]);

    const history = (await get('/user/security/signIns', user.auth)).data as History;
    expect(history.items.slice(0, 3).map((item) => [item.succeeded, item.secondFactor, item.failure])).toEqual(
      expect.arrayContaining([
        [true, 'recovery_code', null],
        [false, null, 'recovery_code'],
      ]),
    );

    const renewed = await post('/user/security/recoveryCodes', { password: user.password }, user.auth);
    expect(renewed.code).toBe(200);
    expect((await signIn(user, { recoveryCode: String(third) })).code).toBe(10195);
    const fresh = (renewed.data as { codes: string[] }).codes[0];
    expect((await signIn(user, { recoveryCode: String(fresh) })).code).toBe(200);
    // Failures were cleared by the admitted sign-ins: no lock built up on the way.
    expect(((await get('/user/security/recoveryCodes', user.auth)).data as { remaining: number }).remaining).toBe(9);

    // Turning two-factor off ends the set.
    at += STEP_MS;
    expect(
      (await post('/user/totp/disable', { code: codeOf(user.secret), password: user.password }, user.auth)).code,
    ).toBe(20005);
    expect(((await get('/user/security/recoveryCodes', user.auth)).data as { remaining: number }).remaining).toBe(0);
  });
});
