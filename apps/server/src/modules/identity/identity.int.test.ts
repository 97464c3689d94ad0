import { CATALOGUE_MESSAGES } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCodeFor, startSmtpSink } from '../../test/smtp-sink.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { solveChallenge } from './captcha.js';

const API = '/swx/customer';
type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

// The fields these tests read, across the identity endpoints.
type ResponseData = Record<string, unknown> & {
  token: string;
  id: number;
  virtual: number;
  inviteCode: string;
};

async function post(app: FastifyInstance, url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'POST', url: `${API}${url}`, payload: payload as object, headers });
  return { status: response.statusCode, ...(response.json() as { code: number; data: ResponseData; msg: string }) };
}

let counter = 0;
function uniqueUser() {
  counter += 1;
  const name = `trader${Date.now().toString(36)}${counter}`;
  return { userName: name, email: `${name}@example.test` };
}

async function registerUser(app: FastifyInstance, sink: Sink, password = 'Correct-Horse-42') {
  const { userName, email } = uniqueUser();
  const sent = await post(app, '/login/sendCode', { email, type: 'register' });
  expect(sent.code).toBe(200);
  const code = latestCodeFor(sink.mails, email);
  expect(code).toMatch(/^\d{6}$/);
  const registered = await post(app, '/login/register', { userName, email, password, confirmPassword: password, code });
  expect(registered.code).toBe(200);
  return { userName, email, password, token: registered.data.token as string, id: registered.data.id as number };
}

describe('identity on real PostgreSQL with a real SMTP server', () => {
  let sink: Sink;
  let testApp: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    sink = await startSmtpSink();
    testApp = await createTestApp({ SMTP_URL: sink.url });
    app = testApp.app;
  });
  afterAll(async () => {
    await testApp.close();
    await sink.close();
  });

  it('registers with an e-mailed code, answers user info, and logs out for good', async () => {
    const user = await registerUser(app, sink);
    const info = await post(app, '/user/getUserInfo', undefined, { authorization: user.token });
    expect(info.code).toBe(200);
    expect(info.data).toMatchObject({
      userName: user.userName,
      email: user.email,
      level: 0,
      idefinderStatus: 0,
      virtual: 1,
    });
    expect(info.data.inviteCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(user.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const { rows } = await testApp.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', String(user.id))
      .execute()
      .then((r) => ({ rows: r }));
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);

    expect((await post(app, '/login/logout', undefined, { authorization: user.token })).code).toBe(200);
    const after = await post(app, '/user/getUserInfo', undefined, { authorization: user.token });
    expect(after.status).toBe(401);
    expect(after.code).toBe(401);
  });

  it('sends the code mail in the request language', async () => {
    const { email } = uniqueUser();
    await post(app, '/login/sendCode', { email, type: 'register' }, { lang: 'de' });
    const mail = sink.mails.findLast((m) => m.to.includes(email));
    expect(mail?.raw).toMatch(/OpenBourse/);
    expect(mail?.raw).not.toContain('Your verification code');
  });

  it('allows one code a minute per address', async () => {
    const { email } = uniqueUser();
    expect((await post(app, '/login/sendCode', { email, type: 'register' })).code).toBe(200);
    const again = await post(app, '/login/sendCode', { email, type: 'register' });
    expect(again).toMatchObject({ status: 429, code: 10113 });
  });

  it('kills a code after five wrong tries', async () => {
    const { userName, email } = uniqueUser();
    await post(app, '/login/sendCode', { email, type: 'register' });
    const code = latestCodeFor(sink.mails, email) as string;
    const wrong = code === '000000' ? '111111' : '000000';
    const password = 'Correct-Horse-42';
    for (let i = 0; i < 5; i += 1) {
      const attempt = await post(app, '/login/register', {
        userName,
        email,
        password,
        confirmPassword: password,
        code: wrong,
      });
      expect(attempt.code).toBe(10112);
    }
    const right = await post(app, '/login/register', { userName, email, password, confirmPassword: password, code });
    expect(right.code).toBe(10112);
  });

  it.each([
    ['two different passwords', { confirmPassword: 'Other-Horse-42' }, 10114],
    ['a common password', { password: 'password123', confirmPassword: 'password123' }, 10115],
    ['a short password', { password: 'Ab1!', confirmPassword: 'Ab1!' }, 10115],
    ['a look-alike user name (Cyrillic а)', { userName: 'аdmin' }, 10003],
    ['a 33-character user name', { userName: 'a'.repeat(33) }, 10003],
    ['a malformed e-mail', { email: 'not-an-email' }, 10002],
    ['a 255-character e-mail', { email: `${'a'.repeat(243)}@example.test` }, 10002],
    ['a code that is not 6 digits', { code: '12ab56' }, 10100],
  ])('refuses registration with %s, creating nothing', async (_label, override, code) => {
    const { userName, email } = uniqueUser();
    const before = await testApp.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    const result = await post(app, '/login/register', {
      userName,
      email,
      password: 'Correct-Horse-42',
      confirmPassword: 'Correct-Horse-42',
      code: '123456',
      ...override,
    });
    expect(result.code).toBe(code);
    const after = await testApp.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    expect(after?.n).toBe(before?.n);
  });

  it('refuses a taken user name (any case) and a taken e-mail', async () => {
    const user = await registerUser(app, sink);
    const other = uniqueUser();
    const takenName = await post(app, '/login/register', {
      userName: user.userName.toUpperCase(),
      email: other.email,
      password: 'Correct-Horse-42',
      confirmPassword: 'Correct-Horse-42',
      code: '123456',
    });
    expect(takenName.code).toBe(10006);
    const takenEmail = await post(app, '/login/sendCode', { email: user.email, type: 'register' });
    expect(takenEmail.code).toBe(10007);
    const exists = await app.inject({
      method: 'GET',
      url: `${API}/login/checkUserNameOrPhone?userName=${user.userName}`,
    });
    expect(exists.json().data).toEqual({ exists: true });
    const missing = await app.inject({ method: 'GET', url: `${API}/login/checkUserNameOrPhone?userName=nobody-here` });
    expect(missing.json().data).toEqual({ exists: false });
  });

  it('does not sign in with the right password while wrong guesses in flight lock the account (#13)', async () => {
    const user = await registerUser(app, sink);
    // Fifteen wrong guesses at once, then the right password 5 ms later: its check finishes
    // after theirs have locked the account, and the lock must win over its success.
    const guesses = Array.from({ length: 15 }, () =>
      post(app, '/login/login', { userName: user.userName, password: 'Wrong-Horse-42' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    const right = await post(app, '/login/login', { userName: user.userName, password: user.password });
    const wrong = await Promise.all(guesses);
    expect(wrong.every((answer) => answer.code === 10004 || answer.code === 10111)).toBe(true);
    expect(wrong.some((answer) => answer.code === 10111)).toBe(true);
    expect(right.code).toBe(10111);
    expect(right.data).toBeNull();
  });

  it('caps password checks per account per window, right or wrong, before hashing (#13)', async () => {
    const user = await registerUser(app, sink);
    for (let i = 0; i < 20; i += 1) {
      expect((await post(app, '/login/login', { userName: user.userName, password: user.password })).code).toBe(200);
    }
    // The window is full: even the right password is refused, with the minutes until it frees up.
    const capped = await post(
      app,
      '/login/login',
      { userName: user.userName, password: user.password },
      { lang: 'fr' },
    );
    expect(capped).toMatchObject({ status: 429, code: 10111, data: null });
    expect(capped.msg).toBe(CATALOGUE_MESSAGES.fr.ACCOUNT_LOCKED.replace('{minutes}', '15'));
    // A window that began more than fifteen minutes ago starts afresh.
    await testApp.database.db
      .updateTable('users')
      .set({ sign_in_window_start: new Date(Date.now() - 16 * 60_000) })
      .where('user_name', '=', user.userName)
      .execute();
    expect((await post(app, '/login/login', { userName: user.userName, password: user.password })).code).toBe(200);
  });

  it('checks at most twenty guesses sent at once against one account (#13)', async () => {
    const user = await registerUser(app, sink);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        post(app, '/login/login', { userName: user.userName, password: 'Wrong-Horse-42' }),
      ),
    );
    expect(answers.every((answer) => answer.code === 10004 || answer.code === 10111)).toBe(true);
    const row = await testApp.database.db
      .selectFrom('users')
      .select('sign_in_attempts')
      .where('user_name', '=', user.userName)
      .executeTakeFirstOrThrow();
    expect(row.sign_in_attempts).toBe(20);
  });

  it('signs in by user name or e-mail, and locks the account after five failures', async () => {
    const user = await registerUser(app, sink);
    expect((await post(app, '/login/login', { userName: user.email, password: user.password })).code).toBe(200);
    expect((await post(app, '/login/login', { userName: user.userName, password: user.password })).code).toBe(200);
    const unknown = await post(app, '/login/login', { userName: 'nobody-at-all', password: 'whatever-123' });
    expect(unknown.code).toBe(10004);
    const empty = await post(app, '/login/login', { userName: '', password: 'whatever-123' });
    expect(empty.code).toBe(10001);
    for (let i = 0; i < 4; i += 1) {
      expect((await post(app, '/login/login', { userName: user.userName, password: 'Wrong-Horse-42' })).code).toBe(
        10004,
      );
    }
    const fifth = await post(
      app,
      '/login/login',
      { userName: user.userName, password: 'Wrong-Horse-42' },
      { lang: 'fr' },
    );
    expect(fifth).toMatchObject({ status: 429, code: 10111 });
    expect(fifth.msg).toBe(CATALOGUE_MESSAGES.fr.ACCOUNT_LOCKED.replace('{minutes}', '15'));
    const locked = await post(app, '/login/login', { userName: user.userName, password: user.password });
    expect(locked.code).toBe(10111);
  });

  it('resets a password by e-mail code, signing out every session, and tells strangers nothing', async () => {
    const user = await registerUser(app, sink);
    const mailsBefore = sink.mails.length;
    const stranger = await post(app, '/login/sendCode', { email: 'nobody@example.test', type: 'reset' });
    expect(stranger.code).toBe(200);
    expect(sink.mails.length).toBe(mailsBefore);

    await post(app, '/login/sendCode', { email: user.email, type: 'reset' });
    const code = latestCodeFor(sink.mails, user.email);
    const reset = await post(app, '/login/resetPassword', {
      email: user.email,
      code,
      password: 'New-Horse-Staple-7',
      confirmPassword: 'New-Horse-Staple-7',
    });
    expect(reset.code).toBe(20005);
    expect((await post(app, '/user/getUserInfo', undefined, { authorization: user.token })).code).toBe(401);
    expect((await post(app, '/login/login', { userName: user.userName, password: user.password })).code).toBe(10004);
    expect((await post(app, '/login/login', { userName: user.userName, password: 'New-Horse-Staple-7' })).code).toBe(
      200,
    );
  });

  it('changes a password, keeping this session and revoking the others', async () => {
    const user = await registerUser(app, sink);
    const second = await post(app, '/login/login', { userName: user.userName, password: user.password });
    const wrongOld = await post(
      app,
      '/user/repassword',
      { oldPassword: 'nope-nope-9', password: 'Fresh-Horse-88', confirmPassword: 'Fresh-Horse-88' },
      { authorization: user.token },
    );
    expect(wrongOld.code).toBe(10004);
    const changed = await post(
      app,
      '/user/repassword',
      { oldPassword: user.password, password: 'Fresh-Horse-88', confirmPassword: 'Fresh-Horse-88' },
      { authorization: user.token },
    );
    expect(changed.code).toBe(20005);
    expect((await post(app, '/user/getUserInfo', undefined, { authorization: user.token })).code).toBe(200);
    expect((await post(app, '/user/getUserInfo', undefined, { authorization: second.data.token })).code).toBe(401);
  });

  it('keeps presence from heartbeats', async () => {
    const user = await registerUser(app, sink);
    const auth = { authorization: user.token };
    expect((await post(app, '/customer/heartbeat', { host: 'localhost' }, auth)).code).toBe(200);
    const online = await testApp.database.db
      .selectFrom('users')
      .select(['online_until', 'last_seen_host'])
      .where('id', '=', String(user.id))
      .executeTakeFirstOrThrow();
    expect(online.online_until?.getTime()).toBeGreaterThan(Date.now());
    expect(online.last_seen_host).toBe('localhost');
    expect((await post(app, '/customer/offline', undefined, auth)).code).toBe(200);
    const offline = await testApp.database.db
      .selectFrom('users')
      .select('online_until')
      .where('id', '=', String(user.id))
      .executeTakeFirstOrThrow();
    expect(offline.online_until).toBeNull();
  });

  describe('the guard', () => {
    it('answers 401 for a missing, malformed or unknown token', async () => {
      const attempts: Array<Record<string, string>> = [
        {},
        { authorization: 'garbage' },
        { authorization: 'A'.repeat(43) },
      ];
      for (const headers of attempts) {
        const result = await post(app, '/user/getUserInfo', undefined, headers);
        expect(result).toMatchObject({ status: 401, code: 401 });
      }
    });

    it('answers 10009 when the token outlives its user, and 10005 for a disabled user', async () => {
      const gone = await registerUser(app, sink);
      await testApp.database.db.deleteFrom('users').where('id', '=', String(gone.id)).execute();
      expect((await post(app, '/user/getUserInfo', undefined, { authorization: gone.token })).code).toBe(10009);

      const disabled = await registerUser(app, sink);
      await testApp.database.db
        .updateTable('users')
        .set({ status: 'disabled' })
        .where('id', '=', String(disabled.id))
        .execute();
      expect((await post(app, '/user/getUserInfo', undefined, { authorization: disabled.token })).code).toBe(10005);
      expect((await post(app, '/login/login', { userName: disabled.userName, password: disabled.password })).code).toBe(
        10005,
      );
    });

    it('answers the demo book with virtual 0', async () => {
      const user = await registerUser(app, sink);
      const info = await post(app, '/user/getUserInfo', undefined, { authorization: user.token, virtually: 'YES' });
      expect(info.data.virtual).toBe(0);
    });
  });

  it('serves the 55 phone area codes', async () => {
    const codes = (await app.inject(`${API}/login/areaCodes`)).json().data as Array<{ code: string }>;
    expect(codes).toHaveLength(55);
    expect(codes.map((c) => c.code)).toEqual(expect.arrayContaining(['+49', '+1', '+81', '+852']));
  });

  it('refuses a wrong content type with 415 and changes nothing', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `${API}/login/login`,
      headers: { 'content-type': 'text/plain' },
      payload: 'userName=a&password=b',
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('deployment settings', () => {
  it('refuses password sign-in in wallet-only mode', async () => {
    const testApp = await createTestApp({ WALLET_ONLY: 'true' });
    try {
      const login = await testApp.app.inject({
        method: 'POST',
        url: `${API}/login/login`,
        payload: { userName: 'someone', password: 'Correct-Horse-42' },
      });
      expect(login.json().code).toBe(10118);
      const code = await testApp.app.inject({
        method: 'POST',
        url: `${API}/login/sendCode`,
        payload: { email: 'a@example.test', type: 'register' },
      });
      expect(code.json().code).toBe(10118);
      const settings = await testApp.app.inject(`${API}/login/authSettings`);
      expect(settings.json().data.walletOnly).toBe(true);
    } finally {
      await testApp.close();
    }
  });

  it('requires a solved proof-of-work captcha when the captcha is on, once per challenge', async () => {
    const testApp = await createTestApp({ CAPTCHA_ENABLED: 'true', CAPTCHA_DIFFICULTY: '10' });
    try {
      const { app } = testApp;
      const without = await app.inject({
        method: 'POST',
        url: `${API}/login/login`,
        payload: { userName: 'someone', password: 'Correct-Horse-42' },
      });
      expect(without.json().code).toBe(10119);
      const config = (await app.inject(`${API}/login/captchaConfig`)).json().data;
      expect(config.required).toBe(true);
      const solution = solveChallenge(config.challenge.salt, config.challenge.difficulty);
      const captcha = { challengeId: config.challenge.challengeId, solution };
      const solved = await app.inject({
        method: 'POST',
        url: `${API}/login/login`,
        payload: { userName: 'someone', password: 'Correct-Horse-42', captcha },
      });
      expect(solved.json().code).toBe(10004); // past the captcha; the account does not exist
      const reused = await app.inject({
        method: 'POST',
        url: `${API}/login/login`,
        payload: { userName: 'someone', password: 'Correct-Horse-42', captcha },
      });
      expect(reused.json().code).toBe(10119);
    } finally {
      await testApp.close();
    }
  });

  it('rate limits sign-in attempts per client address', async () => {
    const testApp = await createTestApp({ RATE_LIMIT_ENABLED: 'true' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        const response = await testApp.app.inject({
          method: 'POST',
          url: `${API}/login/login`,
          payload: { userName: 'someone', password: 'Correct-Horse-42' },
        });
        codes.push(response.json().code);
      }
      expect(codes.slice(0, 20).every((code) => code === 10004)).toBe(true);
      expect(codes[20]).toBe(10102);
    } finally {
      await testApp.close();
    }
  });

  it('refuses the demo book when demo accounts are disabled', async () => {
    const sink = await startSmtpSink();
    const testApp = await createTestApp({ DEMO_ENABLED: 'false', SMTP_URL: sink.url });
    try {
      const user = await registerUser(testApp.app, sink);
      const demo = await post(testApp.app, '/user/getUserInfo', undefined, {
        authorization: user.token,
        virtually: 'YES',
      });
      expect(demo.code).toBe(10124);
    } finally {
      await testApp.close();
      await sink.close();
    }
  });
});
