import { parseAmount } from '@openbourse/money';
import type { FastifyInstance } from 'fastify';
import { createPublicClient, getAddress, http, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PREFIX, API_PREFIX, buildApp } from '../../app.js';
import { erc20Abi } from '../../platform/chain/erc20.js';
import { localChain } from '../../platform/chain/local-node.js';
import type { EvmNetwork } from '../../platform/chain/networks.js';
import { migrate } from '../../platform/db/migrate.js';
import { createAlerts } from '../../platform/jobs/alerts.js';
import type { OutgoingMail } from '../../platform/mail/mailer.js';
import { injectJson } from '../../test/inject-json.js';
import { startTestChain, type TestChain } from '../../test/local-chain.js';
import { type TestApp, testConfig } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-database.js';
import { createSignableUser, createUserWithSession } from '../../test/test-users.js';
import { auditLedger, getBalances, transfer } from '../ledger/index.js';
import { createReviewModule, type ReviewService } from '../review/index.js';
import { broadcastSigned, confirmBroadcast, type SignerDeps, signApproved, signerPass } from './withdrawal-signer.js';
import { createWithdrawals, type Withdrawals } from './withdrawals.js';

/**
 * Withdrawals end to end on a local Hardhat node (issue 15): the address book with its e-mailed
 * confirmation and cooling period, the request's checks and hold, four-eyes review, the signer
 * (stored before broadcast, a crash in between sends once), confirmation and the ledger.
 */

const USDT = 10n ** 6n;
let chain: TestChain;
let testApp: TestApp;
let app: FastifyInstance;
let withdrawals: Withdrawals;
let reviews: ReviewService;
let signerDeps: SignerDeps;
let client: PublicClient;
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
const mails: OutgoingMail[] = [];
const HOURS = 3600 * 1000;

const W = `${API_PREFIX}/user/withdrawal`;
const BOOK = `${API_PREFIX}/user/withdrawalAddresses`;

async function fund(userId: string, amount: bigint, key: string) {
  await transfer(testApp.database.db, {
    book: 'live',
    asset: 'USDT',
    from: { kind: 'clearing', name: 'deposits:local' },
    to: { kind: 'available', userId },
    amount,
    reason: 'deposit',
    idempotencyKey: `test-fund:${key}`,
  });
}

async function usdt(userId: string) {
  const row = (await getBalances(testApp.database.db, 'live', userId)).find((b) => b.asset === 'USDT');
  return { available: row?.available ?? 0n, held: row?.held ?? 0n };
}

function tokenOf(mail: OutgoingMail | undefined): string {
  const match = mail?.text.match(/confirm\?token=([A-Za-z0-9_%-]+)/);
  if (!match?.[1]) throw new Error('no confirmation link in the mail');
  return decodeURIComponent(match[1]);
}

/** Adds `address` to the user's book and confirms it; the cooling period is not waited out. */
async function confirmedEntry(token: string, address: string) {
  const added = await injectJson<{ id: string }>(app, token, 'POST', BOOK, {
    network: 'local',
    address,
    label: 'mine',
  });
  expect(added.body.code).toBe(200);
  const confirmed = await injectJson<{ status: string }>(app, null, 'POST', `${BOOK}/confirm`, {
    token: tokenOf(mails.at(-1)),
  });
  expect(confirmed.body.code).toBe(200);
  return confirmed.body.data;
}

let addressCounter = 0;
/** A fresh recipient (a key of its own, so balances start at 0). */
function newRecipient(): `0x${string}` {
  addressCounter += 1;
  const hex = addressCounter.toString(16).padStart(4, '0');
  return privateKeyToAccount(`0x${'ab'.repeat(30)}${hex}` as `0x${string}`).address;
}

async function operator() {
  return createUserWithSession(testApp, ['reviewer']);
}
const actor = (id: string) => ({ operatorId: id, roles: ['reviewer' as const], requestId: 'test', ip: null });

beforeAll(async () => {
  chain = await startTestChain();
  const database = await createTestDatabase();
  await migrate(database.url);
  // A fee, so that the fee's own hold and capture are exercised (0.1 %).
  await database.db
    .updateTable('payments_asset_settings')
    .set({ withdrawal_fee_rate: '0.001' })
    .where('asset', '=', 'USDT')
    .execute();
  const config = testConfig({
    ...chain.env,
    WITHDRAWAL_ADDRESS_COOLING_HOURS: '24',
    PUBLIC_ORIGIN: 'https://bourse.example',
  });
  const mailer = { kind: 'outbox' as const, send: async (mail: OutgoingMail) => void mails.push(mail) };
  app = await buildApp({ config, db: database.db, clock, mailer });
  testApp = { app, database, close: async () => {} };
  const db = database.db;
  const evm: EvmNetwork = {
    id: 'local',
    chainId: 31337,
    label: 'Sandbox chain',
    rpcUrl: chain.rpcUrl,
    confirmations: 2,
    tokens: {
      USDT: { address: chain.tokens.USDT, decimals: 6 },
      USDC: { address: chain.tokens.USDC, decimals: 6 },
    },
    explorerTxUrl: null,
  };
  client = createPublicClient({ chain: localChain(chain.rpcUrl), transport: http(chain.rpcUrl) }) as PublicClient;
  const chainPort = { evmNetwork: (id: string) => (id === 'local' ? evm : undefined), publicClient: () => client };
  const log = { info: () => {}, warn: () => {}, error: () => {} };
  const alerts = createAlerts({ db, log, clock });
  const signerKey = chain.env.WITHDRAWAL_SIGNER_KEY as `0x${string}`;
  const withdrawalsConfig = {
    coolingHours: 24,
    minUsdt: '10',
    dropAfterMs: HOURS,
    pollMs: 200,
    lowGasWei: 10n ** 16n,
    publicOrigin: 'https://bourse.example',
    signerKey,
  };
  const review = createReviewModule({
    db,
    clock,
    prices: app.services.marketHub,
    userNames: { namesOf: async () => new Map() },
    adminPrefix: ADMIN_PREFIX,
  });
  reviews = review.service;
  withdrawals = createWithdrawals({
    db,
    clock,
    apiPrefix: API_PREFIX,
    mailer,
    chain: chainPort,
    reviews,
    totp: app.services.identity,
    log,
    alerts,
    config: withdrawalsConfig,
  });
  // Decisions go through this review service with this handler: the same effects as the app's.
  reviews.registerHandler(withdrawals.reviewHandler);
  // Until the composition root serves the routes itself, this test does (same clock, mailer, chain).
  if (!app.hasRoute({ method: 'POST', url: W })) await withdrawals.register(app);
  await app.ready();
  signerDeps = { db, clock, log, alerts, config: withdrawalsConfig, chain: chainPort, signerKey };
  const hot = privateKeyToAccount(signerKey).address;
  await chain.mint('USDT', hot, 1_000_000n * USDT);
  await chain.mint('ETH', hot, 10n ** 19n);
}, 180_000);

afterAll(async () => {
  await withdrawals?.stop();
  await app?.close();
  await testApp?.database.drop();
  await chain?.stop();
});

describe('withdrawal address book', () => {
  it('refuses a bad EIP-55 checksum and Tron garbage, accepts all-lower-case', async () => {
    const { token } = await createUserWithSession(testApp);
    const good = newRecipient();
    // Flip the case of one letter of a checksummed address: a wrong checksum.
    const index = [...good].findIndex((c, i) => i > 1 && /[a-fA-F]/.test(c));
    const c = good[index] as string;
    const bad = `${good.slice(0, index)}${c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()}${good.slice(index + 1)}`;
    const badChecksum = await injectJson(app, token, 'POST', BOOK, { network: 'local', address: bad, label: 'x' });
    expect(badChecksum.body.code).toBe(10173);
    const tron = await injectJson(app, token, 'POST', BOOK, {
      network: 'tron',
      address: 'TXYZnotAnAddress123',
      label: 'x',
    });
    expect(tron.body.code).toBe(10173);
    const zero = await injectJson(app, token, 'POST', BOOK, { network: 'local', address: `0x${'0'.repeat(40)}` });
    expect(zero.body.code).toBe(10173);
    const evmOnTron = await injectJson(app, token, 'POST', BOOK, { network: 'tron', address: good, label: 'x' });
    expect(evmOnTron.body.code).toBe(10173);
    const lower = await injectJson<{ address: string; status: string }>(app, token, 'POST', BOOK, {
      network: 'local',
      address: good.toLowerCase(),
      label: 'lower',
    });
    expect(lower.body.code).toBe(200);
    expect(lower.body.data.address).toBe(getAddress(good));
    expect(lower.body.data.status).toBe('unconfirmed');
    const again = await injectJson(app, token, 'POST', BOOK, { network: 'local', address: good, label: 'y' });
    expect(again.body.code).toBe(10180);
  });

  it('confirms by POST with the mailed token only; a GET of the link changes nothing; bad or expired tokens are refused', async () => {
    const { token } = await createUserWithSession(testApp);
    const address = newRecipient();
    const added = await injectJson<{ id: string; status: string }>(app, token, 'POST', BOOK, {
      network: 'local',
      address,
      label: 'cold',
    });
    expect(added.body.data.status).toBe('unconfirmed');
    const mail = mails.at(-1);
    expect(mail?.text).toContain('https://bourse.example/profile/withdrawal-addresses/confirm?token=');
    const mailedToken = tokenOf(mail);
    // A mail scanner opening the link: the web app's page, which changes nothing.
    await app.inject({ method: 'GET', url: `/profile/withdrawal-addresses/confirm?token=${mailedToken}` });
    const listed = await injectJson<{ items: Array<{ id: string; status: string }> }>(app, token, 'GET', BOOK);
    expect(listed.body.data.items.find((e) => e.id === added.body.data.id)?.status).toBe('unconfirmed');
    const garbage = await injectJson(app, null, 'POST', `${BOOK}/confirm`, { token: 'garbage-token' });
    expect(garbage.body.code).toBe(10181);
    // Expired: 25 hours later the link no longer confirms.
    offsetMs += 25 * HOURS;
    try {
      const expired = await injectJson(app, null, 'POST', `${BOOK}/confirm`, { token: mailedToken });
      expect(expired.body.code).toBe(10181);
    } finally {
      offsetMs -= 25 * HOURS;
    }
    const confirmed = await injectJson<{ status: string; usableAt: string }>(app, null, 'POST', `${BOOK}/confirm`, {
      token: mailedToken,
    });
    expect(confirmed.body.code).toBe(200);
    expect(confirmed.body.data.status).toBe('cooling');
    expect(new Date(confirmed.body.data.usableAt).getTime()).toBeGreaterThan(clock.now().getTime() + 23 * HOURS);
    const twice = await injectJson(app, null, 'POST', `${BOOK}/confirm`, { token: mailedToken });
    expect(twice.body.code).toBe(10181);
    const removed = await app.inject({
      method: 'DELETE',
      url: `${BOOK}/${added.body.data.id}`,
      headers: { authorization: token, virtually: 'NO' },
    });
    expect(removed.json().data).toEqual({ deleted: true });
  });
});

describe('withdrawal requests', () => {
  it('refuses unconfirmed and cooling entries, a missing network, BTC/Tron, below the minimum', async () => {
    const { id, token } = await createUserWithSession(testApp);
    await fund(id, 1000n * USDT, `refusals:${id}`);
    const address = newRecipient();
    const notInBook = await injectJson(app, token, 'POST', W, {
      asset: 'USDT',
      network: 'local',
      address,
      amount: '20',
    });
    expect(notInBook.body.code).toBe(10175);
    await injectJson(app, token, 'POST', BOOK, { network: 'local', address, label: 'a' });
    const unconfirmed = await injectJson(app, token, 'POST', W, {
      asset: 'USDT',
      network: 'local',
      address,
      amount: '20',
    });
    expect(unconfirmed.body.code).toBe(10176);
    await injectJson(app, null, 'POST', `${BOOK}/confirm`, { token: tokenOf(mails.at(-1)) });
    const cooling = await injectJson<{ usableAt: string }>(app, token, 'POST', W, {
      asset: 'USDT',
      network: 'local',
      address,
      amount: '20',
    });
    expect(cooling.body.code).toBe(10177);
    expect(cooling.body.msg).toContain(cooling.body.data.usableAt);
    const noNetwork = await injectJson(app, token, 'POST', W, { asset: 'USDT', address, amount: '20' });
    expect(noNetwork.body.code).toBe(10026);
    const tron = await injectJson(app, token, 'POST', W, {
      asset: 'USDT',
      network: 'tron',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      amount: '20',
    });
    expect(tron.body.code).toBe(10174);
    const btc = await injectJson(app, token, 'POST', W, {
      asset: 'BTC',
      network: 'bitcoin',
      address: 'x',
      amount: '1',
    });
    expect(btc.body.code).toBe(10174);
    offsetMs += 25 * HOURS;
    const small = await injectJson(app, token, 'POST', W, { asset: 'USDT', network: 'local', address, amount: '5' });
    expect(small.body.code).toBe(10178);
    const demo = await app.inject({
      method: 'POST',
      url: W,
      headers: { authorization: token, virtually: 'YES' },
      payload: { asset: 'USDT', network: 'local', address, amount: '20' },
    });
    expect(demo.json().code).toBe(10125);
    expect(await usdt(id)).toEqual({ available: 1000n * USDT, held: 0n });
  });

  it('end to end above the four-eyes threshold: held, two approvals, signed and stored, a crash before broadcast sends once, confirmed, completed', async () => {
    const { id, token } = await createUserWithSession(testApp);
    await fund(id, 20_000n * USDT, `e2e:${id}`);
    const recipient = newRecipient();
    await confirmedEntry(token, recipient.toLowerCase());
    offsetMs += 25 * HOURS;
    const quote = await injectJson<{ fee: string; total: string; minimum: string }>(
      app,
      token,
      'GET',
      `${W}/quote?asset=USDT&network=local&amount=15000`,
    );
    expect(quote.body.code).toBe(200);
    const submitted = await injectJson<{ id: string; status: string; fee: string; amount: string }>(
      app,
      token,
      'POST',
      W,
      {
        asset: 'USDT',
        network: 'local',
        address: recipient,
        amount: '15000',
      },
    );
    expect(submitted.body.code).toBe(20003);
    expect(submitted.body.data.status).toBe('pending_review');
    expect(submitted.body.data.fee).toBe(quote.body.data.fee);
    const feeMinor = parseAmount(submitted.body.data.fee, 6);
    expect(await usdt(id)).toEqual({ available: 5000n * USDT - feeMinor, held: 15_000n * USDT + feeMinor });
    // Another request while this one is under review: 20095, nothing more held.
    const repeat = await injectJson(app, token, 'POST', W, {
      asset: 'USDT',
      network: 'local',
      address: recipient,
      amount: '20',
    });
    expect(repeat.body.code).toBe(20095);

    const item = await reviews.findBySource(testApp.database.db, 'withdrawal', `withdrawal:${submitted.body.data.id}`);
    expect(item?.requiredApprovals).toBe(2);
    const first = await operator();
    const second = await operator();
    await reviews.approve('withdrawal', item?.id ?? '', actor(first.id), 'en');
    // One approval is not enough above the threshold: nothing is signed.
    expect(await signApproved(signerDeps, 'local')).toBe(0);
    const list1 = await injectJson<{ items: Array<{ status: string }> }>(
      app,
      token,
      'GET',
      `${API_PREFIX}/user/listWithdrwal`,
    );
    expect(list1.body.data.items[0]?.status).toBe('pending_review');
    await reviews.approve('withdrawal', item?.id ?? '', actor(second.id), 'en');

    // The signer signs and stores, then "crashes" before broadcasting.
    const hot = privateKeyToAccount(signerDeps.signerKey).address;
    const nonceBefore = await client.getTransactionCount({ address: hot, blockTag: 'pending' });
    expect(await signApproved(signerDeps, 'local')).toBe(1);
    const stored = await testApp.database.db
      .selectFrom('payments_withdrawals')
      .select(['status', 'tx_hash', 'signed_tx', 'nonce'])
      .where('id', '=', submitted.body.data.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('signed');
    expect(stored.nonce).toBe(String(nonceBefore));
    expect(await client.getTransactionCount({ address: hot, blockTag: 'pending' })).toBe(nonceBefore);
    const listSigned = await injectJson<{ items: Array<{ status: string; txHash: string | null }> }>(
      app,
      token,
      'GET',
      `${API_PREFIX}/user/listWithdrwal`,
    );
    expect(listSigned.body.data.items[0]).toMatchObject({ status: 'approved', txHash: null });

    // A new signer (a restart) broadcasts the SAME stored transaction and signs nothing new.
    const restarted: SignerDeps = { ...signerDeps, config: { ...signerDeps.config } };
    expect(await signApproved(restarted, 'local')).toBe(0);
    expect(await broadcastSigned(restarted, 'local')).toBe(1);
    await signerPass(restarted, 'local');
    await signerPass(signerDeps, 'local');
    expect(await client.getTransactionCount({ address: hot, blockTag: 'pending' })).toBe(nonceBefore + 1);
    const sent = await client.getTransaction({ hash: stored.tx_hash as `0x${string}` });
    expect(sent.nonce).toBe(nonceBefore);

    // Mined (automine) = 1 confirmation of 2: not yet completed; one more block completes it.
    await confirmBroadcast(restarted, 'local');
    const broadcastRow = await injectJson<{ items: Array<{ status: string; txHash: string }> }>(
      app,
      token,
      'GET',
      `${API_PREFIX}/user/listWithdrwal`,
    );
    expect(broadcastRow.body.data.items[0]).toMatchObject({ status: 'broadcast', txHash: stored.tx_hash });
    await chain.mine(1);
    expect(await confirmBroadcast(restarted, 'local')).toBe(1);
    const done = await injectJson<{ items: Array<{ status: string; txHash: string }> }>(
      app,
      token,
      'GET',
      `${API_PREFIX}/user/listWithdrwal`,
    );
    expect(done.body.data.items[0]).toMatchObject({ status: 'completed', txHash: stored.tx_hash });
    const received = await client.readContract({
      address: chain.tokens.USDT,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [recipient],
    });
    expect(received).toBe(15_000n * USDT);
    expect(await usdt(id)).toEqual({ available: 5000n * USDT - feeMinor, held: 0n });
    const notes = await testApp.database.db
      .selectFrom('notify_notifications')
      .select(['template', 'params'])
      .where('user_id', '=', id)
      .execute();
    expect(notes.map((n) => n.template)).toEqual(['withdrawal_succeeded']);

    // One per calendar day: the next request the same day answers 20094.
    const sameDay = await injectJson(app, token, 'POST', W, {
      asset: 'USDT',
      network: 'local',
      address: recipient,
      amount: '20',
    });
    expect(sameDay.body.code).toBe(20094);
    expect(await auditLedger(testApp.database.db)).toEqual([]);
  }, 120_000);

  it('a rejection releases the hold with the reason and tells the user', async () => {
    const { id, token } = await createUserWithSession(testApp);
    await fund(id, 500n * USDT, `reject:${id}`);
    const recipient = newRecipient();
    await confirmedEntry(token, recipient);
    offsetMs += 25 * HOURS;
    const submitted = await injectJson<{ id: string }>(app, token, 'POST', W, {
      asset: 'USDT',
      network: 'local',
      address: recipient,
      amount: '100',
    });
    expect(submitted.body.code).toBe(20003);
    const item = await reviews.findBySource(testApp.database.db, 'withdrawal', `withdrawal:${submitted.body.data.id}`);
    expect(item?.requiredApprovals).toBe(1);
    const op = await operator();
    await reviews.reject('withdrawal', item?.id ?? '', { reason: 'policy', note: 'test' }, actor(op.id), 'en');
    const listed = await injectJson<{ items: Array<{ status: string; reason: string }> }>(
      app,
      token,
      'GET',
      `${API_PREFIX}/user/listWithdrwal`,
    );
    expect(listed.body.data.items[0]?.status).toBe('rejected');
    expect(listed.body.data.items[0]?.reason).toContain('policy');
    expect(listed.body.data.items[0]?.reason).toContain('(test)');
    // The reason is shown in the reader's language.
    const inGerman = await app.inject({
      method: 'GET',
      url: `${API_PREFIX}/user/listWithdrwal`,
      headers: { authorization: token, virtually: 'NO', lang: 'de' },
    });
    expect(inGerman.json().data.items[0].reason).toContain('Richtlinien');
    expect(await usdt(id)).toEqual({ available: 500n * USDT, held: 0n });
    const notes = await testApp.database.db
      .selectFrom('notify_notifications')
      .select('template')
      .where('user_id', '=', id)
      .execute();
    expect(notes.map((n) => n.template)).toEqual(['withdrawal_failed']);
    // Rejected ones do not count against the day: another request goes through.
    const again = await injectJson(app, token, 'POST', W, {
      asset: 'USDT',
      network: 'local',
      address: recipient,
      amount: '50',
    });
    expect(again.body.code).toBe(20003);
    expect(await auditLedger(testApp.database.db)).toEqual([]);
  });

  it('two concurrent requests: exactly one is accepted', async () => {
    const { id, token } = await createUserWithSession(testApp);
    await fund(id, 500n * USDT, `concurrent:${id}`);
    const recipient = newRecipient();
    await confirmedEntry(token, recipient);
    offsetMs += 25 * HOURS;
    const body = { asset: 'USDT', network: 'local', address: recipient, amount: '20' };
    const answers = await Promise.all([
      injectJson(app, token, 'POST', W, body, 'req-a'),
      injectJson(app, token, 'POST', W, body, 'req-b'),
      injectJson(app, token, 'POST', W, body, 'req-c'),
    ]);
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes).toEqual([20003, 20095, 20095]);
    const { held } = await usdt(id);
    expect(held > 20n * USDT && held < 21n * USDT).toBe(true);
  });

  it('requires the authenticator code when two-factor is on', async () => {
    const user = await createSignableUser(testApp, ['user'], { totp: true });
    const token = await user.signIn();
    await fund(user.id, 500n * USDT, `totp:${user.id}`);
    const recipient = newRecipient();
    await confirmedEntry(token, recipient);
    offsetMs += 25 * HOURS;
    const body = { asset: 'USDT', network: 'local', address: recipient, amount: '20' };
    expect((await injectJson(app, token, 'POST', W, body)).body.code).toBe(10116);
    expect((await injectJson(app, token, 'POST', W, { ...body, totp: '000000' })).body.code).toBe(10117);
    expect(await usdt(user.id)).toEqual({ available: 500n * USDT, held: 0n });
  });
  it('a transaction the network dropped fails after WITHDRAWAL_DROP_AFTER_MS: hold released, user told, alert; its nonce is reused; then native ETH goes out', async () => {
    const { id, token } = await createUserWithSession(testApp);
    await fund(id, 500n * USDT, `drop:${id}`);
    const recipient = newRecipient();
    await confirmedEntry(token, recipient);
    offsetMs += 25 * HOURS;
    const submitted = await injectJson<{ id: string }>(app, token, 'POST', W, {
      asset: 'USDT',
      network: 'local',
      address: recipient,
      amount: '50',
    });
    expect(submitted.body.code).toBe(20003);
    const item = await reviews.findBySource(testApp.database.db, 'withdrawal', `withdrawal:${submitted.body.data.id}`);
    await reviews.approve('withdrawal', item?.id ?? '', actor((await operator()).id), 'en');
    const hot = privateKeyToAccount(signerDeps.signerKey).address;
    const nonce = await client.getTransactionCount({ address: hot, blockTag: 'pending' });
    // The node takes the transaction but does not mine it, then forgets it (a real drop).
    await client.request({ method: 'evm_setAutomine' as never, params: [false] as never });
    try {
      expect(await signApproved(signerDeps, 'local')).toBe(1);
      expect(await broadcastSigned(signerDeps, 'local')).toBe(1);
      const row = await testApp.database.db
        .selectFrom('payments_withdrawals')
        .select(['tx_hash', 'status'])
        .where('id', '=', submitted.body.data.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('broadcast');
      await client.request({ method: 'hardhat_dropTransaction' as never, params: [row.tx_hash] as never });
    } finally {
      await client.request({ method: 'evm_setAutomine' as never, params: [true] as never });
    }
    // (Within the drop period the signer would send the same bytes again, which heals a forgotten
    // transaction; past it, one the node does not know fails.)
    expect((await usdt(id)).held > 0n).toBe(true);
    offsetMs += 2 * HOURS;
    expect(await confirmBroadcast(signerDeps, 'local')).toBe(1);
    const listed = await injectJson<{ items: Array<{ status: string; reason: string }> }>(
      app,
      token,
      'GET',
      `${API_PREFIX}/user/listWithdrwal`,
    );
    expect(listed.body.data.items[0]?.status).toBe('failed');
    expect(listed.body.data.items[0]?.reason).toContain('dropped');
    expect(await usdt(id)).toEqual({ available: 500n * USDT, held: 0n });
    const notes = await testApp.database.db
      .selectFrom('notify_notifications')
      .select('template')
      .where('user_id', '=', id)
      .execute();
    expect(notes.map((n) => n.template)).toEqual(['withdrawal_failed']);
    const alerts = await testApp.database.db
      .selectFrom('platform_alerts')
      .select('kind')
      .where('dedupe_key', '=', submitted.body.data.id)
      .execute();
    expect(alerts.map((a) => a.kind)).toEqual(['withdrawal_dropped']);

    // Native ETH to another user's entry: signed with the dropped transaction's nonce.
    const other = await createUserWithSession(testApp);
    await transfer(testApp.database.db, {
      book: 'live',
      asset: 'ETH',
      from: { kind: 'clearing', name: 'deposits:local' },
      to: { kind: 'available', userId: other.id },
      amount: 10n ** 18n,
      reason: 'deposit',
      idempotencyKey: `test-fund-eth:${other.id}`,
    });
    const ethRecipient = newRecipient();
    await confirmedEntry(other.token, ethRecipient);
    offsetMs += 25 * HOURS;
    const eth = await injectJson<{ id: string }>(app, other.token, 'POST', W, {
      asset: 'ETH',
      network: 'local',
      address: ethRecipient,
      amount: '0.5',
    });
    expect(eth.body.code).toBe(20003);
    const ethItem = await reviews.findBySource(testApp.database.db, 'withdrawal', `withdrawal:${eth.body.data.id}`);
    for (let i = 0; i < (ethItem?.requiredApprovals ?? 0); i += 1) {
      await reviews.approve('withdrawal', ethItem?.id ?? '', actor((await operator()).id), 'en');
    }
    await signerPass(signerDeps, 'local');
    const ethRow = await testApp.database.db
      .selectFrom('payments_withdrawals')
      .select(['nonce', 'status'])
      .where('id', '=', eth.body.data.id)
      .executeTakeFirstOrThrow();
    expect(ethRow).toEqual({ nonce: String(nonce), status: 'broadcast' });
    await chain.mine(1);
    await signerPass(signerDeps, 'local');
    const ethDone = await injectJson<{ items: Array<{ status: string }> }>(
      app,
      other.token,
      'GET',
      `${API_PREFIX}/user/listWithdrwal`,
    );
    expect(ethDone.body.data.items[0]?.status).toBe('completed');
    expect(await client.getBalance({ address: ethRecipient })).toBe(5n * 10n ** 17n);
    expect(await auditLedger(testApp.database.db)).toEqual([]);
  }, 120_000);
  it('a hot wallet short of the token or of gas raises an alert and the withdrawal waits, unsigned', async () => {
    const { id, token } = await createUserWithSession(testApp);
    await fund(id, 500n * USDT, `poor:${id}`);
    const recipient = newRecipient();
    await confirmedEntry(token, recipient);
    offsetMs += 25 * HOURS;
    const submitted = await injectJson<{ id: string }>(app, token, 'POST', W, {
      asset: 'USDT',
      network: 'local',
      address: recipient,
      amount: '30',
    });
    const item = await reviews.findBySource(testApp.database.db, 'withdrawal', `withdrawal:${submitted.body.data.id}`);
    await reviews.approve('withdrawal', item?.id ?? '', actor((await operator()).id), 'en');
    const poorKey = `0x${'cd'.repeat(32)}` as `0x${string}`;
    const poor: SignerDeps = { ...signerDeps, signerKey: poorKey };
    const statusOf = async () =>
      (
        await testApp.database.db
          .selectFrom('payments_withdrawals')
          .select('status')
          .where('id', '=', submitted.body.data.id)
          .executeTakeFirstOrThrow()
      ).status;
    const openAlerts = async (kind: string) =>
      (
        await testApp.database.db
          .selectFrom('platform_alerts')
          .select('kind')
          .where('kind', '=', kind)
          .where('resolved_at', 'is', null)
          .execute()
      ).length;
    await signApproved(poor, 'local');
    expect(await statusOf()).toBe('approved');
    expect(await openAlerts('hot_wallet_low_funds')).toBe(1);
    await chain.mint('USDT', privateKeyToAccount(poorKey).address, 100n * USDT);
    await signApproved(poor, 'local');
    expect(await statusOf()).toBe('approved');
    expect(await openAlerts('hot_wallet_low_gas')).toBe(1);
    // The funded hot wallet then sends it.
    await signerPass(signerDeps, 'local');
    expect(await statusOf()).toBe('broadcast');
  });
  it('a transaction that reverts on chain fails: hold released with the reason, user told, alert', async () => {
    const { id, token } = await createUserWithSession(testApp);
    await fund(id, 500n * USDT, `revert:${id}`);
    const recipient = newRecipient();
    await confirmedEntry(token, recipient);
    offsetMs += 25 * HOURS;
    const submitted = await injectJson<{ id: string }>(app, token, 'POST', W, {
      asset: 'USDT',
      network: 'local',
      address: recipient,
      amount: '40',
    });
    const item = await reviews.findBySource(testApp.database.db, 'withdrawal', `withdrawal:${submitted.body.data.id}`);
    await reviews.approve('withdrawal', item?.id ?? '', actor((await operator()).id), 'en');
    // Stands in for any transfer the token refuses when mined: it reverts a transfer to address 0
    // (which the address book itself never accepts).
    await testApp.database.db
      .updateTable('payments_withdrawals')
      .set({ address: `0x${'0'.repeat(40)}` })
      .where('id', '=', submitted.body.data.id)
      .execute();
    await signerPass(signerDeps, 'local');
    await chain.mine(2);
    await signerPass(signerDeps, 'local');
    const listed = await injectJson<{ items: Array<{ status: string; reason: string; txHash: string | null }> }>(
      app,
      token,
      'GET',
      `${API_PREFIX}/user/listWithdrwal`,
    );
    expect(listed.body.data.items[0]?.status).toBe('failed');
    expect(listed.body.data.items[0]?.reason).toContain('reverted');
    expect(listed.body.data.items[0]?.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await usdt(id)).toEqual({ available: 500n * USDT, held: 0n });
    const alerts = await testApp.database.db
      .selectFrom('platform_alerts')
      .select('kind')
      .where('dedupe_key', '=', submitted.body.data.id)
      .execute();
    expect(alerts.map((a) => a.kind)).toEqual(['withdrawal_reverted']);
    expect(await auditLedger(testApp.database.db)).toEqual([]);
  }, 60_000);
});
