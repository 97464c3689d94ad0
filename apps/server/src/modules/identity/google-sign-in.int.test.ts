import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { generateSecret, generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalIssuer, startLocalOidcIssuer } from '../../test/local-oidc-issuer.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { isLocalIssuer, userNameBase, userNameCandidate } from './google-sign-in.js';
import * as repository from './identity.repository.js';

const API = '/swx/customer';
const CLIENT_ID = 'openbourse-web';
const CLIENT_SECRET = 'a-test-client-secret-of-reasonable-length';
// Never served: the test reads the code off the provider's redirect to it.
const REDIRECT_URI = 'http://127.0.0.1:5173/login/google';
const SCOPE = 'openid email profile';

type Account = { email: string; email_verified: boolean; name: string };
/** The provider's users, by subject; each test adds its own. */
const accounts = new Map<string, Account>();

/** The local issuer signs in the account named by `login_hint`. */
function startIssuer(): Promise<LocalIssuer> {
  return startLocalOidcIssuer({
    client: { id: CLIENT_ID, secret: CLIENT_SECRET, redirectUris: [REDIRECT_URI] },
    claimsOf: (subject) => accounts.get(subject),
    accountFor: (params) => String(params.login_hint),
  });
}

/**
 * Runs the browser's part over HTTP: the authorization request with PKCE, the provider's
 * redirects and cookies, the interaction, and finally the redirect back with a code.
 */
async function authorize(issuer: string, accountId: string): Promise<{ code: string; codeVerifier: string }> {
  const codeVerifier = randomBytes(32).toString('base64url');
  const authorization = new URL('/auth', issuer);
  authorization.search = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    scope: SCOPE,
    redirect_uri: REDIRECT_URI,
    code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
    code_challenge_method: 'S256',
    login_hint: accountId,
  }).toString();
  // A fresh cookie jar per authorization: no provider session carries over between accounts.
  const jar = new Map<string, string>();
  let next = authorization.href;
  for (let hop = 0; hop < 10; hop += 1) {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(next, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`authorization stopped at HTTP ${response.status}: ${await response.text()}`);
    const target = new URL(location, next);
    if (target.href.startsWith(REDIRECT_URI)) {
      const code = target.searchParams.get('code');
      if (!code) throw new Error(`redirected without a code: ${target.search}`);
      return { code, codeVerifier };
    }
    next = target.href;
  }
  throw new Error('too many redirects');
}

type Answer = { status: number; code: number; msg: string; data: Record<string, unknown> };

async function call(app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: object): Promise<Answer> {
  const response = await app.inject({ method, url: `${API}${url}`, payload });
  return { status: response.statusCode, ...(response.json() as Omit<Answer, 'status'>) };
}

let counter = 0;
function newAccount(overrides: Partial<Account> = {}): { subject: string; account: Account } {
  counter += 1;
  const subject = `google-subject-${Date.now().toString(36)}-${counter}`;
  const account = {
    email: `Person.${Date.now().toString(36)}${counter}@example.test`,
    email_verified: true,
    name: 'Test Person',
    ...overrides,
  };
  accounts.set(subject, account);
  return { subject, account };
}

describe('Sign in with Google against a real local OpenID provider', () => {
  let issuer: LocalIssuer;
  let testApp: TestApp;
  let app: FastifyInstance;

  async function signIn(subject: string) {
    const { code, codeVerifier } = await authorize(issuer.url, subject);
    return call(app, 'POST', '/login/loginByGoogle', { code, codeVerifier, redirectUri: REDIRECT_URI });
  }

  async function sessionCount(userId: string): Promise<number> {
    const row = await testApp.database.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function userCount(): Promise<number> {
    const row = await testApp.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  beforeAll(async () => {
    issuer = await startIssuer();
    testApp = await createTestApp({
      GOOGLE_ISSUER: issuer.url,
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    });
    app = testApp.app;
  });
  afterAll(async () => {
    await testApp?.close();
    await issuer?.close();
  });

  it("answers the local issuer's authorization endpoint from discovery", async () => {
    const answer = await call(app, 'GET', '/login/googleConfig');
    expect(answer.code).toBe(200);
    expect(answer.data).toEqual({
      enabled: true,
      clientId: CLIENT_ID,
      authorizationEndpoint: `${issuer.url}/auth`,
      scope: 'openid email profile',
    });
  });

  it('creates a user on the first sign-in and reuses it on the second', async () => {
    const { subject, account } = newAccount({ email: `Ada.Lovelace+Trading${Date.now().toString(36)}@example.test` });
    const before = await userCount();
    const first = await signIn(subject);
    expect(first.code).toBe(200);
    const email = account.email.toLowerCase();
    expect(first.data).toMatchObject({ email, hasPassword: false, virtual: 1 });
    expect(first.data.userName).toBe(email.split('@')[0]?.replace('+', ''));
    expect(first.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await userCount()).toBe(before + 1);

    const row = await repository.findUserByGoogleSubject(testApp.database.db, subject);
    expect(row).toMatchObject({
      id: String(first.data.id),
      email,
      password_hash: null,
      user_name_key: String(first.data.userName).toLowerCase(),
    });
    expect(row?.invite_code).toMatch(/^[A-Z0-9]{8}$/);

    const info = await app.inject({
      method: 'POST',
      url: `${API}/user/getUserInfo`,
      headers: { authorization: String(first.data.token) },
    });
    expect(info.json()).toMatchObject({ code: 200, data: { id: first.data.id, email } });

    const second = await signIn(subject);
    expect(second.code).toBe(200);
    expect(second.data.id).toBe(first.data.id);
    expect(second.data.token).not.toBe(first.data.token);
    expect(await userCount()).toBe(before + 1);
  });

  it('gives a taken user name a numeric suffix', async () => {
    const local = `grace${Date.now().toString(36)}`;
    await repository.insertUser(testApp.database.db, {
      user_name: local,
      user_name_key: local,
      email: `${local}@elsewhere.test`,
      password_hash: null,
      invite_code: `G${Date.now().toString(36).toUpperCase()}`.slice(0, 12),
      invited_by: null,
    });
    const { subject } = newAccount({ email: `${local}@example.test` });
    const answer = await signIn(subject);
    expect(answer.code).toBe(200);
    expect(answer.data.userName).toBe(`${local}2`);
  });

  it('links an existing password account with the same e-mail', async () => {
    const local = `linus${Date.now().toString(36)}`;
    const existing = await repository.insertUser(testApp.database.db, {
      user_name: local,
      user_name_key: local,
      email: `${local}@example.test`,
      password_hash: '$argon2id$v=19$m=19456,t=2,p=1$placeholder$placeholder',
      invite_code: `L${Date.now().toString(36).toUpperCase()}`.slice(0, 12),
      invited_by: null,
    });
    const { subject } = newAccount({ email: `${local.toUpperCase()}@example.test` });
    const before = await userCount();
    const answer = await signIn(subject);
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({ id: Number(existing.id), userName: local, hasPassword: true });
    expect(await userCount()).toBe(before);
    const row = await repository.findUserById(testApp.database.db, existing.id);
    expect(row?.google_subject).toBe(subject);
  });

  it('refuses an e-mail Google has not verified, creating nothing', async () => {
    const { subject, account } = newAccount({ email_verified: false });
    const before = await userCount();
    const answer = await signIn(subject);
    expect(answer).toMatchObject({ status: 400, code: 10122 });
    expect(await userCount()).toBe(before);
    expect(await repository.findUserByEmail(testApp.database.db, account.email)).toBeUndefined();
  });

  it('refuses a tampered, unknown or replayed code and a wrong verifier, creating nothing', async () => {
    const { subject, account } = newAccount();
    const before = await userCount();
    const { code, codeVerifier } = await authorize(issuer.url, subject);
    const attempt = (body: object) =>
      call(app, 'POST', '/login/loginByGoogle', { code, codeVerifier, redirectUri: REDIRECT_URI, ...body });

    expect(await attempt({ code: `${code.slice(0, -2)}xx` })).toMatchObject({ status: 400, code: 10122 });
    expect(await attempt({ code: 'an-unknown-authorization-code' })).toMatchObject({ status: 400, code: 10122 });
    expect(await attempt({ codeVerifier: randomBytes(32).toString('base64url') })).toMatchObject({ code: 10122 });
    expect(await userCount()).toBe(before);
    expect(await repository.findUserByEmail(testApp.database.db, account.email)).toBeUndefined();

    // A good code signs in once; replayed, it is refused.
    const fresh = await authorize(issuer.url, subject);
    const body = { ...fresh, redirectUri: REDIRECT_URI };
    expect((await call(app, 'POST', '/login/loginByGoogle', body)).code).toBe(200);
    expect((await call(app, 'POST', '/login/loginByGoogle', body)).code).toBe(10122);
  });

  it('asks an account with two-factor authentication for its code before any session', async () => {
    const { subject } = newAccount();
    const first = await signIn(subject);
    expect(first.code).toBe(200);
    const userId = String(first.data.id);
    const secret = generateSecret();
    await repository.updateUser(testApp.database.db, userId, { totp_secret: secret, totp_enabled: true });
    const sessionsBefore = await sessionCount(userId);

    const asked = await signIn(subject);
    expect(asked).toMatchObject({ status: 400, code: 10116 });
    const challenge = String(asked.data.challenge);
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(String(asked.data.expiresAt)) - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(await sessionCount(userId)).toBe(sessionsBefore);

    const code = generateSync({ secret });
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await call(app, 'POST', '/login/secondFactor', { challenge, totp: wrong })).toMatchObject({ code: 10117 });
    const done = await call(app, 'POST', '/login/secondFactor', { challenge, totp: code });
    expect(done.code, done.msg).toBe(200);
    expect(done.data).toMatchObject({ id: Number(userId), totpEnabled: true });
    expect(await sessionCount(userId)).toBe(sessionsBefore + 1);
    // Used once; an unknown challenge answers alike.
    expect(await call(app, 'POST', '/login/secondFactor', { challenge, totp: code })).toMatchObject({ code: 10121 });
    const unknown = randomBytes(32).toString('base64url');
    expect(await call(app, 'POST', '/login/secondFactor', { challenge: unknown, totp: code })).toMatchObject({
      code: 10121,
    });
    expect(await call(app, 'POST', '/login/secondFactor', { challenge: 'short', totp: code })).toMatchObject({
      code: 10121,
    });

    // A newer sign-in replaces a waiting one.
    const older = String((await signIn(subject)).data.challenge);
    const again = await signIn(subject);
    expect(await call(app, 'POST', '/login/secondFactor', { challenge: older, totp: code })).toMatchObject({
      code: 10121,
    });

    // Five wrong codes lock the account and end the waiting sign-in.
    const pending = String(again.data.challenge);
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      answers.push((await call(app, 'POST', '/login/secondFactor', { challenge: pending, totp: wrong })).code);
    }
    expect(answers).toEqual([10117, 10117, 10117, 10117, 10111]);
    expect(await call(app, 'POST', '/login/secondFactor', { challenge: pending, totp: code })).toMatchObject({
      code: 10121,
    });
    expect(await signIn(subject)).toMatchObject({ code: 10111 });
    expect(await sessionCount(userId)).toBe(sessionsBefore + 1);
  });

  it('refuses a disabled account', async () => {
    const { subject } = newAccount();
    const first = await signIn(subject);
    expect(first.code).toBe(200);
    await repository.updateUser(testApp.database.db, String(first.data.id), { status: 'disabled' });
    expect(await signIn(subject)).toMatchObject({ status: 403, code: 10005 });
  });

  it('rejects malformed input with field paths', async () => {
    const answer = await call(app, 'POST', '/login/loginByGoogle', {
      code: '',
      codeVerifier: 'short',
      redirectUri: 'javascript:alert(1)',
    });
    expect(answer.code).toBe(10100);
    const paths = (answer.data.issues as { path: string }[]).map((issue) => issue.path).sort();
    expect(paths).toEqual(['body.code', 'body.codeVerifier', 'body.redirectUri']);
  });
});

describe('Sign in with Google when it is not available', () => {
  it('answers 10123 and enabled:false without a client, and enabled:false when discovery fails', async () => {
    const bare = await createTestApp();
    const unreachable = await createTestApp({
      // Port 9 (discard) on this machine: nothing listens, discovery fails at once.
      GOOGLE_ISSUER: 'http://127.0.0.1:9',
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    });
    try {
      const body = {
        code: 'some-code',
        codeVerifier: randomBytes(32).toString('base64url'),
        redirectUri: REDIRECT_URI,
      };
      expect(await call(bare.app, 'POST', '/login/loginByGoogle', body)).toMatchObject({ status: 503, code: 10123 });
      const disabled = { enabled: false, clientId: null, authorizationEndpoint: null, scope: 'openid email profile' };
      expect((await call(bare.app, 'GET', '/login/googleConfig')).data).toEqual(disabled);
      expect((await call(unreachable.app, 'GET', '/login/googleConfig')).data).toEqual(disabled);
      expect(await call(unreachable.app, 'POST', '/login/loginByGoogle', body)).toMatchObject({ code: 10122 });
    } finally {
      await bare.close();
      await unreachable.close();
    }
  });
});

describe('user names from e-mail addresses', () => {
  it('keeps ASCII [A-Za-z0-9._-], pads short names and fits the suffix into 32 characters', () => {
    expect(userNameBase('ada.lovelace+news@example.test')).toBe('ada.lovelacenews');
    expect(userNameBase('jö@example.test')).toBe('juser');
    expect(userNameBase('用户@example.test')).toBe('user');
    const long = userNameBase(`${'x'.repeat(40)}@example.test`);
    expect(long).toHaveLength(32);
    expect(userNameCandidate(long, 1)).toBe(`${'x'.repeat(31)}2`);
    expect(userNameCandidate('alice', 0)).toBe('alice');
    expect(userNameCandidate('alice', 15)).toMatch(/^alice\d{6}$/);
  });
});

describe('plain http for the issuer', () => {
  it('is allowed only for 127.0.0.1 and localhost', () => {
    expect(isLocalIssuer(new URL('http://127.0.0.1:4000'))).toBe(true);
    expect(isLocalIssuer(new URL('http://localhost:4000'))).toBe(true);
    expect(isLocalIssuer(new URL('https://accounts.google.com'))).toBe(false);
    expect(isLocalIssuer(new URL('http://127.0.0.1.example.test'))).toBe(false);
    expect(isLocalIssuer(new URL('http://localhost.example.test'))).toBe(false);
    expect(isLocalIssuer(new URL('http://10.0.0.1'))).toBe(false);
  });
});
