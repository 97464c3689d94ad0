import type { FastifyInstance } from 'fastify';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../platform/clock.js';
import { latestCodeFor, startSmtpSink } from '../../test/smtp-sink.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const API = '/swx/customer';
const STEP_MS = 30_000;
type Sink = Awaited<ReturnType<typeof startSmtpSink>>;
type Answer = { status: number; code: number; data: Record<string, unknown>; msg: string };

async function post(app: FastifyInstance, url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'POST', url: `${API}${url}`, payload: payload as object, headers });
  return { status: response.statusCode, ...(response.json() as Omit<Answer, 'status'>) } as Answer;
}

describe('two-factor authentication: each code once, and the password to turn it off (#13, fix 2)', () => {
  let sink: Sink;
  let testApp: TestApp;
  let app: FastifyInstance;
  // A clock the tests move by whole 30 s steps; it starts mid-step, so no step ends by itself.
  let at = Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2;
  const clock: Clock = { now: () => new Date(at) };
  const nextStep = () => {
    at += STEP_MS;
  };
  /** The authenticator's code at the app's time, or `steps` steps away from it. */
  const codeOf = (secret: string, steps = 0) => generateSync({ secret, epoch: Math.floor(at / 1000) + steps * 30 });
  const wrongCode = (secret: string) => (codeOf(secret) === '000000' ? '111111' : '000000');

  let counter = 0;
  async function registerUser() {
    counter += 1;
    const userName = `second${Date.now().toString(36)}${counter}`;
    const email = `${userName}@example.test`;
    const password = 'Correct-Horse-42';
    expect((await post(app, '/login/sendCode', { email, type: 'register' })).code).toBe(200);
    const code = latestCodeFor(sink.mails, email);
    const registered = await post(app, '/login/register', {
      userName,
      email,
      password,
      confirmPassword: password,
      code,
    });
    expect(registered.code, registered.msg).toBe(200);
    return {
      userName,
      password,
      id: String(registered.data.id),
      auth: { authorization: String(registered.data.token) },
    };
  }

  /** A registered user with two-factor on, turned on by a code of the current step. */
  async function userWithTwoFactor() {
    const user = await registerUser();
    const setup = await post(app, '/user/totp/setup', undefined, user.auth);
    const secret = String(setup.data.secret);
    const enabled = await post(app, '/user/totp/enable', { code: codeOf(secret) }, user.auth);
    expect(enabled.code, enabled.msg).toBe(20005);
    return { ...user, secret };
  }

  const isTwoFactorOn = async (auth: Record<string, string>) =>
    (await post(app, '/user/getUserInfo', undefined, auth)).data.totpEnabled;

  beforeAll(async () => {
    sink = await startSmtpSink();
    testApp = await createTestApp({ SMTP_URL: sink.url }, undefined, { clock });
    app = testApp.app;
  });
  afterAll(async () => {
    await testApp.close();
    await sink.close();
  });

  it('sets up, requires and turns off two-factor authentication', async () => {
    const user = await registerUser();
    const setup = await post(app, '/user/totp/setup', undefined, user.auth);
    expect(String(setup.data.otpauthUri)).toMatch(/^otpauth:\/\/totp\/OpenBourse:/);
    const secret = String(setup.data.secret);
    expect((await post(app, '/user/totp/enable', { code: wrongCode(secret) }, user.auth)).code).toBe(10117);
    expect((await post(app, '/user/totp/enable', { code: codeOf(secret) }, user.auth)).code).toBe(20005);

    const credentials = { userName: user.userName, password: user.password };
    expect(await post(app, '/login/login', credentials)).toMatchObject({ status: 400, code: 10116 });
    nextStep();
    const withCode = await post(app, '/login/login', { ...credentials, totp: codeOf(secret) });
    expect(withCode.code, withCode.msg).toBe(200);
    expect(withCode.data.totpEnabled).toBe(true);

    nextStep();
    const off = await post(app, '/user/totp/disable', { code: codeOf(secret), password: user.password }, user.auth);
    expect(off.code, off.msg).toBe(20005);
    expect((await post(app, '/login/login', credentials)).code).toBe(200);
  });

  it('refuses a code already accepted, within its window, as it refuses a wrong one', async () => {
    const user = await userWithTwoFactor();
    const credentials = { userName: user.userName, password: user.password };
    // The code that turned two-factor on does not also sign in.
    const replayedEnable = await post(app, '/login/login', { ...credentials, totp: codeOf(user.secret) });
    expect(replayedEnable).toMatchObject({ status: 400, code: 10117 });
    expect(replayedEnable.msg).toBe(
      (await post(app, '/login/login', { ...credentials, totp: wrongCode(user.secret) })).msg,
    );

    nextStep();
    const code = codeOf(user.secret);
    expect((await post(app, '/login/login', { ...credentials, totp: code })).code).toBe(200);
    // Still well within its window (one step either way), the same code is refused, and so is
    // the previous step's, which the window would otherwise still take.
    expect((await post(app, '/login/login', { ...credentials, totp: code })).code).toBe(10117);
    expect((await post(app, '/login/login', { ...credentials, totp: codeOf(user.secret, -1) })).code).toBe(10117);
    // A code of a later step still signs in.
    nextStep();
    expect((await post(app, '/login/login', { ...credentials, totp: codeOf(user.secret) })).code).toBe(200);
  });

  it('signs in once when the same code is sent several times at once', async () => {
    const user = await userWithTwoFactor();
    nextStep();
    const body = { userName: user.userName, password: user.password, totp: codeOf(user.secret) };
    const answers = await Promise.all([1, 2, 3].map(() => post(app, '/login/login', body)));
    expect(answers.map((answer) => answer.code).sort((a, b) => a - b)).toEqual([200, 10117, 10117]);
    const sessions = await testApp.database.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    // The one from registration and the one sign-in that got through.
    expect(Number(sessions.n)).toBe(2);
  });

  it('turns two-factor on once when the same code is sent twice at once', async () => {
    const user = await registerUser();
    const secret = String((await post(app, '/user/totp/setup', undefined, user.auth)).data.secret);
    const code = codeOf(secret);
    const answers = await Promise.all([1, 2].map(() => post(app, '/user/totp/enable', { code }, user.auth)));
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((answered) => answered === 20005)).toHaveLength(1);
    // The other finds the code taken (10117), or, when it reads after the first is done, that
    // two-factor is already on (10008).
    expect([10008, 10117]).toContain(codes.find((answered) => answered !== 20005));
    expect(await isTwoFactorOn(user.auth)).toBe(true);
  });

  it('turns two-factor off only with the password as well as a code', async () => {
    const user = await userWithTwoFactor();
    nextStep();
    const code = codeOf(user.secret);
    const withoutPassword = await post(app, '/user/totp/disable', { code }, user.auth);
    expect(withoutPassword).toMatchObject({ status: 400, code: 10004 });
    const wrongPassword = await post(app, '/user/totp/disable', { code, password: 'Not-The-Password-1' }, user.auth);
    expect(wrongPassword).toMatchObject({ status: 400, code: 10004 });
    expect(await isTwoFactorOn(user.auth)).toBe(true);
    expect((await post(app, '/login/login', { userName: user.userName, password: user.password })).code).toBe(10116);

    // A wrong password used up nothing: the same code, with the password, turns it off.
    const off = await post(app, '/user/totp/disable', { code, password: user.password }, user.auth);
    expect(off.code, off.msg).toBe(20005);
    expect(await isTwoFactorOn(user.auth)).toBe(false);
    expect((await post(app, '/login/login', { userName: user.userName, password: user.password })).code).toBe(200);
  });

  it('refuses to turn two-factor off with the password and a code already used', async () => {
    const user = await userWithTwoFactor();
    const replayed = await post(
      app,
      '/user/totp/disable',
      { code: codeOf(user.secret), password: user.password },
      user.auth,
    );
    expect(replayed).toMatchObject({ status: 400, code: 10117 });
    expect(await isTwoFactorOn(user.auth)).toBe(true);
  });

  it('lets an account without a password (wallet or Google only) turn two-factor off with the code alone', async () => {
    const user = await userWithTwoFactor();
    // As a wallet or Google account is: no password at all.
    await testApp.database.db.updateTable('users').set({ password_hash: null }).where('id', '=', user.id).execute();
    nextStep();
    const code = codeOf(user.secret);
    const withPassword = await post(app, '/user/totp/disable', { code, password: user.password }, user.auth);
    expect(withPassword).toMatchObject({ status: 400, code: 10127 });
    expect(await isTwoFactorOn(user.auth)).toBe(true);
    const off = await post(app, '/user/totp/disable', { code }, user.auth);
    expect(off.code, off.msg).toBe(20005);
    expect(await isTwoFactorOn(user.auth)).toBe(false);
  });
});
