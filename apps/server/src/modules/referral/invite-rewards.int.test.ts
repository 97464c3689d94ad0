import { randomBytes } from 'node:crypto';
import { CATALOGUE, type TInviteResponse, type TInviteRewardSettings } from '@openbourse/contracts';
import { parseAmount } from '@openbourse/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAppropriateness } from '../../test/appropriateness.js';
import { notificationCount } from '../../test/notification-rows.js';
import { latestCodeFor, startSmtpSink } from '../../test/smtp-sink.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignableUser, createUserWithSession } from '../../test/test-users.js';
import { QUIET_SANDBOX_FEED } from '../../test/trading-test-app.js';
import { insertUploadRow } from '../../test/upload-rows.js';
import { auditLedger, getBalance, transfer } from '../ledger/index.js';
import { recordReferralStep } from './index.js';

/**
 * The invite programme on real PostgreSQL (issue 20): the steps come from the real events (a
 * registration with the code, a manual deposit credited on an operator's approval, a live open),
 * each once; an operator reserves the budget from treasury (or is refused and nothing moves);
 * the payer pays each step once however many runs at once, stops when the budget cannot pay,
 * and the ledger stays balanced.
 */

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;
const BTC_ADDRESS = '1BoatSLRHtKNngkdXEeobR76b53LETtpyT';
let sink: Sink;
let testApp: TestApp;
let admin: { id: string; token: string };
let reviewer: { id: string; token: string };

async function call<T>(token: string | null, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await testApp.app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(payload ? { payload } : {}),
  });
  return response.json() as { code: number; data: T; msg: string };
}

const usdt = (text: string) => parseAmount(text, 6);
const db = () => testApp.database.db;
const escrow = () => getBalance(db(), 'live', 'USDT', { kind: 'escrow', name: 'invite' });
const treasury = () => getBalance(db(), 'live', 'USDT', { kind: 'treasury' });
const available = (userId: string) => getBalance(db(), 'live', 'USDT', { kind: 'available', userId });
const settings = async () => (await call<TInviteRewardSettings>(admin.token, 'GET', '/swx/admin/invite-rewards')).data;
const pay = () => testApp.app.services.referral.payRewards();

async function fundTreasury(amount: string, key: string) {
  await db()
    .transaction()
    .execute((trx) =>
      transfer(trx, {
        book: 'live',
        asset: 'USDT',
        from: { kind: 'clearing', name: 'invite-test:capital' },
        to: { kind: 'treasury' },
        amount: usdt(amount),
        reason: 'treasury_capital',
        idempotencyKey: `invite-test:${key}`,
      }),
    );
}

async function setRewards(body: {
  budget: string;
  rewards?: Array<{ step: 'register' | 'fund' | 'trade'; amount: string }>;
  version?: number;
}) {
  const version = body.version ?? (await settings()).version;
  return call<TInviteRewardSettings>(admin.token, 'POST', '/swx/admin/invite-rewards', {
    asset: 'USDT',
    rewards: body.rewards ?? [
      { step: 'register', amount: '1' },
      { step: 'fund', amount: '2' },
      { step: 'trade', amount: '3' },
    ],
    budget: body.budget,
    version,
    reason: 'invite programme test',
  });
}

let counter = 0;
/** Registers through the API with an e-mailed code, as the web's register page does. */
async function register(inviteCode?: string) {
  counter += 1;
  const userName = `invitee${Date.now().toString(36)}${counter}`;
  const email = `${userName}@example.test`;
  expect((await call(null, 'POST', '/swx/customer/login/sendCode', { email, type: 'register' })).code).toBe(200);
  const code = latestCodeFor(sink.mails, email);
  const password = 'Correct-Horse-42';
  const answer = await call<{ token: string; id: number }>(null, 'POST', '/swx/customer/login/register', {
    userName,
    email,
    password,
    confirmPassword: password,
    code,
    ...(inviteCode ? { inviteCode } : {}),
  });
  expect(answer.code).toBe(200);
  return { id: String(answer.data.id), token: answer.data.token, email };
}

/** A manual BTC deposit claimed with a proof and credited on a reviewer's approval. */
async function depositByClaim(user: { id: string; token: string }) {
  const claim = await call<{ id: string }>(user.token, 'POST', '/swx/customer/user/recharge', {
    asset: 'BTC',
    network: 'bitcoin',
    amount: '0.02',
    txHash: randomBytes(32).toString('hex'),
    fromLast6: 'abc123',
    proofFileId: await insertUploadRow(testApp, user.id),
  });
  expect(claim.code).toBe(20002);
  const queue = await call<{ items: Array<{ id: string; userId: string }> }>(
    reviewer.token,
    'GET',
    '/swx/admin/queues/deposit?status=pending',
  );
  const item = queue.data.items.find((entry) => entry.userId === user.id);
  expect(item).toBeDefined();
  const approved = await call(reviewer.token, 'POST', `/swx/admin/queues/deposit/${item?.id}/approve`);
  expect(approved.code).toBe(200);
}

async function openLive(user: { token: string }) {
  return call(user.token, 'POST', '/swx/customer/contracts/open', {
    code: 'BTCUSDT',
    side: 'long',
    lots: '0.01',
    leverage: 2,
  });
}

const stepsOf = (userId: string) =>
  db().selectFrom('referral_events').select('step').where('user_id', '=', userId).orderBy('step').execute();

beforeAll(async () => {
  sink = await startSmtpSink();
  // SERVER_ROLE api: no job worker of its own, so the payer runs only when the test runs it.
  testApp = await createTestApp({
    ...QUIET_SANDBOX_FEED,
    SERVER_ROLE: 'api',
    SMTP_URL: sink.url,
    DEPOSIT_ADDRESS_BTC: BTC_ADDRESS,
  });
  testApp.app.services.marketHub.ingest('sandbox', [{ code: 'BTCUSDT', price: '65000', time: Date.now() - 1000 }]);
  await testApp.app.services.tradingEngine.idle();
  admin = await createUserWithSession(testApp, ['admin']);
  reviewer = await createUserWithSession(testApp, ['reviewer']);
}, 120_000);

afterAll(async () => {
  await testApp?.close();
  await sink?.close();
});

describe('the invite programme', () => {
  it('reserves the budget from treasury when set; a treasury that cannot fund it moves nothing (10201)', async () => {
    expect(await settings()).toMatchObject({ status: 'none', budget: '0', paid: '0', version: 0 });
    const before = await treasury();
    const refused = await setRewards({ budget: '1000000' });
    expect(refused.code).toBe(CATALOGUE.TREASURY_CANNOT_FUND.code);
    expect(await escrow()).toBe(0n);
    expect(await treasury()).toBe(before);
    expect(await settings()).toMatchObject({ status: 'none', budget: '0', version: 0 });

    await fundTreasury('100', 'capital-1');
    const set = await setRewards({ budget: '9' });
    expect(set.code).toBe(200);
    expect(set.data).toMatchObject({ status: 'active', budget: '9', paid: '0', remaining: '9', version: 1 });
    expect(set.data.rewards).toEqual([
      { step: 'register', amount: '1' },
      { step: 'fund', amount: '2' },
      { step: 'trade', amount: '3' },
    ]);
    expect(await escrow()).toBe(usdt('9'));
    expect(await treasury()).toBe(before + usdt('100') - usdt('9'));
    // Someone else's change first: 10235, nothing moves.
    expect((await setRewards({ budget: '50', version: 0 })).code).toBe(CATALOGUE.INVITE_SETTINGS_CHANGED.code);
    expect(await escrow()).toBe(usdt('9'));
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'reason', 'actor_user_id'])
      .where('action', '=', 'referral.invite_rewards.set')
      .execute();
    expect(audit).toEqual([
      { action: 'referral.invite_rewards.set', reason: 'invite programme test', actor_user_id: admin.id },
    ]);
    expect(await auditLedger(db())).toEqual([]);
  });

  it('records Register, Fund and Trade once each from the real events, and pays each once with two runs at once', async () => {
    const inviter = await createSignableUser(testApp);
    const inviterToken = await inviter.signIn();
    const invitee = await register(inviter.inviteCode);
    const uninvited = await register();
    expect(await stepsOf(invitee.id)).toEqual([{ step: 'register' }]);
    expect(await stepsOf(uninvited.id)).toEqual([]);

    await depositByClaim(invitee);
    await depositByClaim(uninvited);
    expect(await stepsOf(invitee.id)).toEqual([{ step: 'fund' }, { step: 'register' }]);

    // Margin for the opens (the claim credited BTC): a second credit is no second Fund step.
    await fundTreasury('1000', `margin-${invitee.id}`);
    await db()
      .transaction()
      .execute((trx) =>
        transfer(trx, {
          book: 'live',
          asset: 'USDT',
          from: { kind: 'treasury' },
          to: { kind: 'available', userId: invitee.id },
          amount: usdt('1000'),
          reason: 'deposit',
          idempotencyKey: `invite-test:margin:${invitee.id}`,
        }),
      );
    await answerAppropriateness(testApp.app, invitee.token);
    expect((await openLive(invitee)).code).toBe(200);
    expect((await openLive(invitee)).code).toBe(200);
    expect(await stepsOf(invitee.id)).toEqual([{ step: 'fund' }, { step: 'register' }, { step: 'trade' }]);
    expect(await stepsOf(uninvited.id)).toEqual([]);

    // Two payer runs at once (two instances): each step pays once.
    const runs = await Promise.all([pay(), pay()]);
    expect(runs.reduce((sum, run) => sum + run.paid, 0)).toBe(3);
    expect((await pay()).paid).toBe(0);
    expect(await available(inviter.id)).toBe(usdt('6'));
    expect(await notificationCount(db() as never, inviter.id, 'invite_reward')).toBe(3);
    expect(await escrow()).toBe(usdt('3'));
    expect(await settings()).toMatchObject({ status: 'active', paid: '6', remaining: '3' });

    const page = await call<TInviteResponse>(inviterToken, 'GET', '/swx/customer/user/invite');
    expect(page.code).toBe(200);
    expect(page.data.code).toBe(inviter.inviteCode);
    expect(page.data.link).toBe(`/pass/register?invite=${inviter.inviteCode}`);
    expect(page.data.invitees).toHaveLength(1);
    const [listed] = page.data.invitees;
    expect(listed?.name).toMatch(/^i\*\*\*\d@e\*\*\*\.test$/);
    expect(listed?.name).not.toContain(invitee.email.split('@')[0]);
    expect(listed?.steps.map((step) => [step.step, step.at !== null, step.reward?.amount])).toEqual([
      ['register', true, '1'],
      ['fund', true, '2'],
      ['trade', true, '3'],
    ]);
    expect(page.data.totals).toEqual({ invitees: 1, funded: 1, traded: 1, rewards: [{ asset: 'USDT', amount: '6' }] });
    expect(page.data.programme).toEqual({
      status: 'active',
      rewards: [
        { step: 'register', amount: '1', asset: 'USDT' },
        { step: 'fund', amount: '2', asset: 'USDT' },
        { step: 'trade', amount: '3', asset: 'USDT' },
      ],
    });
    // The invitee sees their own (empty) programme page, never the inviter's.
    const own = await call<TInviteResponse>(invitee.token, 'GET', '/swx/customer/user/invite');
    expect(own.data.invitees).toEqual([]);
    expect(own.data.totals.invitees).toBe(0);
    expect(await auditLedger(db())).toEqual([]);
  }, 60_000);

  it('stops when the remaining budget cannot pay a reward: nothing partial, the page says so', async () => {
    const inviter = await createSignableUser(testApp);
    const inviterToken = await inviter.signIn();
    const first = await register(inviter.inviteCode);
    const second = await register(inviter.inviteCode);
    // Fund of the first comes after both registrations: 1 + 1 paid, then 2 > the 1 left.
    await recordReferralStep(db(), first.id, 'fund');
    expect(await pay()).toEqual({ paid: 2, stopped: true });
    expect(await available(inviter.id)).toBe(usdt('2'));
    expect(await escrow()).toBe(usdt('1'));
    expect(await settings()).toMatchObject({ status: 'budget_spent', paid: '8', remaining: '1' });
    expect(await pay()).toEqual({ paid: 0, stopped: true });
    const page = await call<TInviteResponse>(inviterToken, 'GET', '/swx/customer/user/invite');
    expect(page.data.programme.status).toBe('budget_spent');
    expect(page.data.invitees.map((invitee) => invitee.steps[1]?.reward)).toEqual([null, null]);
    void second;

    // Below what was paid: 10234, nothing moves.
    expect((await setRewards({ budget: '7' })).code).toBe(CATALOGUE.INVITE_BUDGET_BELOW_PAID.code);
    expect(await escrow()).toBe(usdt('1'));
    // Lowered to what was paid: the 1 left returns to treasury; still stopped.
    const before = await treasury();
    const lowered = await setRewards({ budget: '8' });
    expect(lowered.data).toMatchObject({ status: 'budget_spent', remaining: '0' });
    expect(await escrow()).toBe(0n);
    expect(await treasury()).toBe(before + usdt('1'));
    // Raised again: active, paying steps from now on (the Fund recorded while stopped stays unpaid).
    const raised = await setRewards({ budget: '20' });
    expect(raised.data).toMatchObject({ status: 'active', remaining: '12' });
    expect(await pay()).toEqual({ paid: 0, stopped: false });
    const third = await register(inviter.inviteCode);
    expect(await pay()).toEqual({ paid: 1, stopped: false });
    expect(await available(inviter.id)).toBe(usdt('3'));
    expect(third.id).toBeTruthy();
    expect(await auditLedger(db())).toEqual([]);
  }, 60_000);
});
