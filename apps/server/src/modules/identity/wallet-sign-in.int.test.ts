import type { FastifyInstance } from 'fastify';
import { generateSecret, generateSync } from 'otplib';
import { Trx, utils as tronUtils } from 'tronweb';
import { getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../platform/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { WALLET_STATEMENT } from './wallet-sign-in.js';

const API = '/swx/customer';

type Answer = {
  status: number;
  code: number;
  msg: string;
  data: Record<string, unknown> & { nonce: string; message: string; expiresAt: string; token: string; id: number };
};

async function post(app: FastifyInstance, url: string, payload: unknown, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'POST', url: `${API}${url}`, payload: payload as object, headers });
  return { status: response.statusCode, ...(response.json() as Omit<Answer, 'status'>) };
}

function ethereumWallet() {
  return privateKeyToAccount(generatePrivateKey());
}

function tronWallet() {
  const account = tronUtils.accounts.generateAccount();
  return {
    address: account.address.base58,
    sign: (message: string) => Trx.signMessageV2(message, account.privateKey),
  };
}

/** A wrong-checksum spelling of a checksummed address: flip the case of its first letter. */
function badChecksum(address: string): string {
  const index = address.slice(2).search(/[a-fA-F]/) + 2;
  const letter = address.charAt(index);
  const flipped = letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase();
  return `${address.slice(0, index)}${flipped}${address.slice(index + 1)}`;
}

describe('wallet sign-in on real PostgreSQL', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  // The app's clock runs with the wall clock, shifted when a test needs time to pass.
  let shiftMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + shiftMs) };

  beforeAll(async () => {
    testApp = await createTestApp({}, undefined, { clock });
    app = testApp.app;
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function counts() {
    const db = testApp.database.db;
    const users = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const sessions = await db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return { users: users.n, sessions: sessions.n };
  }

  /** Runs a failing attempt and checks it left no user and no session behind. */
  async function expectNothingChanged(attempt: () => Promise<Answer>, code: number) {
    const before = await counts();
    const answer = await attempt();
    expect(answer.code, answer.msg).toBe(code);
    expect(await counts()).toEqual(before);
    return answer;
  }

  async function ethereumNonce(address: string, extra: Record<string, unknown> = {}, headers = {}) {
    const answer = await post(app, '/login/walletNonce', { address, walletType: 'ethereum', ...extra }, headers);
    expect(answer.code, answer.msg).toBe(200);
    return answer.data;
  }

  it('signs in with Ethereum (EIP-4361), creating a user named by the checksummed address, then reuses it', async () => {
    const wallet = ethereumWallet();
    // Asked for in lower case: the server names and stores the EIP-55 spelling.
    const issued = await ethereumNonce(wallet.address.toLowerCase());
    expect(issued.nonce).toMatch(/^[A-Za-z0-9]{16,}$/);
    const fields = parseSiweMessage(issued.message);
    expect(fields).toMatchObject({
      domain: 'localhost',
      address: wallet.address,
      uri: 'http://localhost',
      version: '1',
      chainId: 1,
      nonce: issued.nonce,
      statement: WALLET_STATEMENT,
    });
    expect(fields.statement).toMatch(/OpenBourse/);
    expect(fields.statement).toMatch(/no permission to spend/);
    expect(fields.expirationTime?.toISOString()).toBe(issued.expiresAt);
    expect((fields.expirationTime?.getTime() ?? 0) - (fields.issuedAt?.getTime() ?? 0)).toBe(5 * 60_000);

    const signature = await wallet.signMessage({ message: issued.message });
    const first = await post(app, '/login/walletLogin', {
      address: wallet.address,
      walletType: 'ethereum',
      message: issued.message,
      signature,
    });
    expect(first.code, first.msg).toBe(200);
    expect(first.data).toMatchObject({
      userName: wallet.address,
      walletAddress: wallet.address,
      email: null,
      hasPassword: false,
      virtual: 1,
    });
    const info = await post(app, '/user/getUserInfo', undefined, { authorization: first.data.token });
    expect(info.data.userName).toBe(wallet.address);
    const row = await testApp.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', String(first.data.id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_name_key: wallet.address.toLowerCase(),
      wallet_type: 'ethereum',
      email: null,
      password_hash: null,
    });
    expect(row.invite_code).toMatch(/^[A-Z0-9]{8}$/);

    const again = await ethereumNonce(wallet.address);
    const second = await post(app, '/login/walletLogin', {
      address: wallet.address,
      walletType: 'ethereum',
      message: again.message,
      signature: await wallet.signMessage({ message: again.message }),
    });
    expect(second.code).toBe(200);
    expect(second.data.id).toBe(first.data.id);
    expect(second.data.token).not.toBe(first.data.token);
  });

  it('asks an account with two-factor authentication for its code after the signature', async () => {
    const wallet = ethereumWallet();
    const signIn = async () => {
      const issued = await ethereumNonce(wallet.address);
      return post(app, '/login/walletLogin', {
        address: wallet.address,
        walletType: 'ethereum',
        message: issued.message,
        signature: await wallet.signMessage({ message: issued.message }),
      });
    };
    const first = await signIn();
    expect(first.code, first.msg).toBe(200);
    const secret = generateSecret();
    await testApp.database.db
      .updateTable('users')
      .set({ totp_secret: secret, totp_enabled: true })
      .where('id', '=', String(first.data.id))
      .execute();

    const asked = await signIn();
    expect(asked).toMatchObject({ status: 400, code: 10116 });
    expect(asked.data.token).toBeUndefined();
    const code = generateSync({ secret });
    const done = await post(app, '/login/secondFactor', { challenge: asked.data.challenge, totp: code });
    expect(done.code, done.msg).toBe(200);
    expect(done.data).toMatchObject({ id: first.data.id, walletAddress: wallet.address, totpEnabled: true });
    // The code is good once (#13): a second sign-in within its window does not take it again.
    const replayed = await post(app, '/login/secondFactor', { challenge: (await signIn()).data.challenge, totp: code });
    expect(replayed).toMatchObject({ status: 400, code: 10117 });

    // Turned off while a sign-in waits: that sign-in starts again, and then needs no code.
    const waiting = await signIn();
    await testApp.database.db
      .updateTable('users')
      .set({ totp_secret: null, totp_enabled: false })
      .where('id', '=', String(first.data.id))
      .execute();
    const stale = await post(app, '/login/secondFactor', {
      challenge: waiting.data.challenge,
      totp: generateSync({ secret }),
    });
    expect(stale.code).toBe(10121);
    expect((await signIn()).code).toBe(200);
  });

  it('signs in with TronLink (signMessageV2), creating a user named by the base58 address', async () => {
    const wallet = tronWallet();
    const issued = await post(app, '/login/walletNonce', { address: wallet.address, walletType: 'tronlink' });
    expect(issued.code).toBe(200);
    const { message, nonce, expiresAt } = issued.data;
    expect(
      message.startsWith(`localhost wants you to sign in to OpenBourse with your TRON account:\n${wallet.address}\n`),
    ).toBe(true);
    expect(message).toContain(WALLET_STATEMENT);
    expect(message).toContain(`\nNonce: ${nonce}\n`);
    expect(message).toContain(`\nExpiration Time: ${expiresAt}`);
    expect(message).toMatch(/\nIssued At: \d{4}-\d\d-\d\dT/);

    const login = await post(app, '/login/walletLogin', {
      address: wallet.address,
      walletType: 'tronlink',
      message,
      signature: wallet.sign(message),
    });
    expect(login.code, login.msg).toBe(200);
    expect(login.data).toMatchObject({ userName: wallet.address, walletAddress: wallet.address, email: null });
    const row = await testApp.database.db
      .selectFrom('users')
      .select(['user_name_key', 'wallet_type', 'password_hash'])
      .where('id', '=', String(login.data.id))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_name_key: wallet.address.toLowerCase(), wallet_type: 'tronlink', password_hash: null });
  });

  it('refuses a replayed nonce with 10121, also when two requests race for it', async () => {
    const wallet = ethereumWallet();
    const { message } = await ethereumNonce(wallet.address);
    const body = {
      address: wallet.address,
      walletType: 'ethereum',
      message,
      signature: await wallet.signMessage({ message }),
    };
    const racing = await Promise.all([post(app, '/login/walletLogin', body), post(app, '/login/walletLogin', body)]);
    expect(racing.map((answer) => answer.code).sort((a, b) => a - b)).toEqual([200, 10121]);
    await expectNothingChanged(() => post(app, '/login/walletLogin', body), 10121);
  });

  it('refuses an expired nonce with 10121', async () => {
    const wallet = ethereumWallet();
    const { message } = await ethereumNonce(wallet.address);
    const signature = await wallet.signMessage({ message });
    shiftMs = 5 * 60_000 + 1_000;
    try {
      await expectNothingChanged(
        () => post(app, '/login/walletLogin', { address: wallet.address, walletType: 'ethereum', message, signature }),
        10121,
      );
    } finally {
      shiftMs = 0;
    }
  });

  it('refuses an unknown nonce and a message without one with 10121', async () => {
    const wallet = ethereumWallet();
    const message = createSiweMessage({
      address: wallet.address,
      chainId: 1,
      domain: 'localhost',
      uri: 'http://localhost',
      version: '1',
      nonce: 'NeverIssuedByTheServer1',
    });
    const signature = await wallet.signMessage({ message });
    await expectNothingChanged(
      () => post(app, '/login/walletLogin', { address: wallet.address, walletType: 'ethereum', message, signature }),
      10121,
    );
    const noNonce = 'Sign in to OpenBourse';
    await expectNothingChanged(
      () =>
        post(app, '/login/walletLogin', {
          address: wallet.address,
          walletType: 'ethereum',
          message: noNonce,
          signature: signature,
        }),
      10121,
    );
  });

  it('refuses an altered message with 10121 (even when signed as altered) and leaves the nonce usable', async () => {
    const wallet = ethereumWallet();
    const { message } = await ethereumNonce(wallet.address);
    const altered = message.replace(/Expiration Time: .*/, 'Expiration Time: 2999-01-01T00:00:00.000Z');
    expect(altered).not.toBe(message);
    const alteredSignature = await wallet.signMessage({ message: altered });
    await expectNothingChanged(
      () =>
        post(app, '/login/walletLogin', {
          address: wallet.address,
          walletType: 'ethereum',
          message: altered,
          signature: alteredSignature,
        }),
      10121,
    );
    // Nonce issued for another address: the message does not belong to this one.
    const other = ethereumWallet();
    const otherSignature = await other.signMessage({ message });
    await expectNothingChanged(
      () =>
        post(app, '/login/walletLogin', {
          address: other.address,
          walletType: 'ethereum',
          message,
          signature: otherSignature,
        }),
      10121,
    );
    const original = await post(app, '/login/walletLogin', {
      address: wallet.address,
      walletType: 'ethereum',
      message,
      signature: await wallet.signMessage({ message }),
    });
    expect(original.code).toBe(200);
  });

  it('refuses a signature by another key with 10120, and the nonce is then spent (one attempt per nonce)', async () => {
    const wallet = ethereumWallet();
    const { message } = await ethereumNonce(wallet.address);
    const body = { address: wallet.address, walletType: 'ethereum', message };
    const forged = await ethereumWallet().signMessage({ message });
    await expectNothingChanged(() => post(app, '/login/walletLogin', { ...body, signature: forged }), 10120);
    const late = await post(app, '/login/walletLogin', { ...body, signature: await wallet.signMessage({ message }) });
    expect(late.code).toBe(10121);

    const tron = tronWallet();
    const issued = await post(app, '/login/walletNonce', { address: tron.address, walletType: 'tronlink' });
    const tronForged = tronWallet().sign(issued.data.message);
    await expectNothingChanged(
      () =>
        post(app, '/login/walletLogin', {
          address: tron.address,
          walletType: 'tronlink',
          message: issued.data.message,
          signature: tronForged,
        }),
      10120,
    );
  });

  it('refuses a well-formed signature that recovers to nothing with 10120', async () => {
    const wallet = ethereumWallet();
    const { message } = await ethereumNonce(wallet.address);
    await expectNothingChanged(
      () =>
        post(app, '/login/walletLogin', {
          address: wallet.address,
          walletType: 'ethereum',
          message,
          signature: `0x${'00'.repeat(65)}`,
        }),
      10120,
    );
  });

  it('refuses with 10120 a message made for another domain (Host of the nonce request differs from the login)', async () => {
    const wallet = ethereumWallet();
    const issued = await ethereumNonce(wallet.address, {}, { host: 'phish.example' });
    expect(parseSiweMessage(issued.message).domain).toBe('phish.example');
    const body = {
      address: wallet.address,
      walletType: 'ethereum',
      message: issued.message,
      signature: await wallet.signMessage({ message: issued.message }),
    };
    await expectNothingChanged(() => post(app, '/login/walletLogin', body, { host: 'openbourse.example' }), 10120);

    const tron = tronWallet();
    const tronIssued = await post(
      app,
      '/login/walletNonce',
      { address: tron.address, walletType: 'tronlink' },
      { host: 'phish.example' },
    );
    await expectNothingChanged(
      () =>
        post(
          app,
          '/login/walletLogin',
          {
            address: tron.address,
            walletType: 'tronlink',
            message: tronIssued.data.message,
            signature: tron.sign(tronIssued.data.message),
          },
          { host: 'openbourse.example' },
        ),
      10120,
    );
  });

  it('refuses a Host header that is not a domain with 10100', async () => {
    const wallet = ethereumWallet();
    const answer = await post(
      app,
      '/login/walletNonce',
      { address: wallet.address, walletType: 'ethereum' },
      { host: 'user@openbourse.example' },
    );
    expect(answer.code).toBe(10100);
    expect(JSON.stringify(answer.data)).toContain('headers.host');
  });

  it('refuses the Sepolia chain id with 10100 while test networks are off', async () => {
    const wallet = ethereumWallet();
    const answer = await post(app, '/login/walletNonce', {
      address: wallet.address,
      walletType: 'ethereum',
      chainId: 11155111,
    });
    expect(answer.code).toBe(10100);
    expect(JSON.stringify(answer.data)).toContain('body.chainId');
    expect(
      (await post(app, '/login/walletNonce', { address: wallet.address, walletType: 'ethereum', chainId: 5 })).code,
    ).toBe(10100);
  });

  const evm = privateKeyToAccount(generatePrivateKey()).address;
  const tron = tronUtils.accounts.generateAccount().address.base58;
  it.each([
    ['a short EVM address', { address: '0x1234', walletType: 'ethereum' }],
    ['an EVM address with a non-hex digit', { address: `0x${'g'.repeat(40)}`, walletType: 'ethereum' }],
    ['an EVM address with a wrong checksum', { address: badChecksum(evm), walletType: 'ethereum' }],
    ['a TRON address for an Ethereum wallet', { address: tron, walletType: 'ethereum' }],
    ['an EVM address for TronLink', { address: evm, walletType: 'tronlink' }],
    ['a TRON address not starting with T', { address: `A${tron.slice(1)}`, walletType: 'tronlink' }],
    ['a TRON address with a 0 (not base58)', { address: `T${'0'.repeat(33)}`, walletType: 'tronlink' }],
    [
      'a TRON address with a wrong base58check digest',
      { address: `${tron.slice(0, -1)}${tron.endsWith('a') ? 'b' : 'a'}`, walletType: 'tronlink' },
    ],
    ['an unknown wallet type', { address: evm, walletType: 'bitcoin' }],
    ['no wallet type', { address: evm }],
  ])('refuses %s with 10100, creating nothing', async (_label, body) => {
    await expectNothingChanged(() => post(app, '/login/walletNonce', body), 10100);
    await expectNothingChanged(
      () =>
        post(app, '/login/walletLogin', { ...body, message: 'Nonce: abcdefgh12', signature: `0x${'11'.repeat(65)}` }),
      10100,
    );
  });

  it('refuses a malformed signature with 10100', async () => {
    const wallet = ethereumWallet();
    const { message } = await ethereumNonce(wallet.address);
    for (const signature of ['0x1234', `${'ab'.repeat(65)}`, `0x${'zz'.repeat(65)}`]) {
      await expectNothingChanged(
        () => post(app, '/login/walletLogin', { address: wallet.address, walletType: 'ethereum', message, signature }),
        10100,
      );
    }
  });

  it('issues at most five nonces a minute per address (10102)', async () => {
    const wallet = ethereumWallet();
    for (let i = 0; i < 5; i += 1) await ethereumNonce(wallet.address);
    const sixth = await post(app, '/login/walletNonce', { address: wallet.address, walletType: 'ethereum' });
    expect(sixth).toMatchObject({ status: 429, code: 10102 });
    // Counted per address, whatever its spelling; another address is not affected.
    expect(
      (await post(app, '/login/walletNonce', { address: wallet.address.toLowerCase(), walletType: 'ethereum' })).code,
    ).toBe(10102);
    await ethereumNonce(ethereumWallet().address);
    shiftMs = 61_000;
    try {
      await ethereumNonce(wallet.address);
    } finally {
      shiftMs = 0;
    }
  });

  it('refuses a disabled wallet user with 10005', async () => {
    const wallet = ethereumWallet();
    const signIn = async () => {
      const { message } = await ethereumNonce(wallet.address);
      return post(app, '/login/walletLogin', {
        address: wallet.address,
        walletType: 'ethereum',
        message,
        signature: await wallet.signMessage({ message }),
      });
    };
    const first = await signIn();
    expect(first.code).toBe(200);
    await testApp.database.db
      .updateTable('users')
      .set({ status: 'disabled' })
      .where('id', '=', String(first.data.id))
      .execute();
    await expectNothingChanged(signIn, 10005);
  });

  it('refuses a wrong content type with 415 and changes nothing', async () => {
    for (const url of ['/login/walletNonce', '/login/walletLogin']) {
      const before = await counts();
      const response = await app.inject({
        method: 'POST',
        url: `${API}${url}`,
        headers: { 'content-type': 'text/plain' },
        payload: 'address=0x0&walletType=ethereum',
      });
      expect(response.statusCode).toBe(415);
      expect(await counts()).toEqual(before);
    }
  });

  it('documents both routes with their payloads in the OpenAPI document', async () => {
    const document = (await app.inject('/docs/openapi.json')).json();
    for (const path of ['/swx/customer/login/walletNonce', '/swx/customer/login/walletLogin']) {
      const operation = document.paths[path]?.post;
      expect(operation?.['x-auth-level']).toBe('public');
      expect(operation?.requestBody).toBeDefined();
    }
  });
});

describe('wallet sign-in with PUBLIC_ORIGIN and test networks', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ PUBLIC_ORIGIN: 'https://trade.openbourse.example', WALLET_ALLOW_TESTNETS: 'true' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('names the public origin whatever Host arrives, and accepts Sepolia', async () => {
    const wallet = ethereumWallet();
    const issued = await post(
      testApp.app,
      '/login/walletNonce',
      { address: wallet.address, walletType: 'ethereum', chainId: 11155111 },
      { host: 'internal-node:8080' },
    );
    expect(issued.code, issued.msg).toBe(200);
    expect(parseSiweMessage(issued.data.message)).toMatchObject({
      domain: 'trade.openbourse.example',
      uri: 'https://trade.openbourse.example',
      chainId: 11155111,
    });
    const login = await post(
      testApp.app,
      '/login/walletLogin',
      {
        address: wallet.address,
        walletType: 'ethereum',
        message: issued.data.message,
        signature: await wallet.signMessage({ message: issued.data.message }),
      },
      { host: 'another-node:8080' },
    );
    expect(login.code, login.msg).toBe(200);
    expect(login.data.userName).toBe(getAddress(wallet.address));
  });

  it('refuses with 10120 a correctly signed, stored message that names another domain', async () => {
    const wallet = ethereumWallet();
    const issuedAt = new Date();
    const expiresAt = new Date(issuedAt.getTime() + 5 * 60_000);
    const nonce = 'CraftedForAnotherDomain1';
    // As if issued for another site: the server never makes such a message, so it is stored directly.
    const message = createSiweMessage({
      address: wallet.address,
      chainId: 1,
      domain: 'phish.example',
      uri: 'https://phish.example',
      version: '1',
      nonce,
      issuedAt,
      expirationTime: expiresAt,
    });
    await testApp.database.db
      .insertInto('wallet_nonces')
      .values({
        nonce,
        address: wallet.address,
        wallet_type: 'ethereum',
        message,
        expires_at: expiresAt,
        consumed_at: null,
      })
      .execute();
    const before = await testApp.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const login = await post(testApp.app, '/login/walletLogin', {
      address: wallet.address,
      walletType: 'ethereum',
      message,
      signature: await wallet.signMessage({ message }),
    });
    expect(login.code).toBe(10120);
    const after = await testApp.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
