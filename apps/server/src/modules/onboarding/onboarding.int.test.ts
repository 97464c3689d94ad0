import type { AppropriatenessAnswers, TAppropriatenessState, TOnboardingState, TPosition } from '@openbourse/contracts';
import { parseAmount } from '@openbourse/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPERIENCED_ANSWERS } from '../../test/appropriateness.js';
import { injectJson } from '../../test/inject-json.js';
import type { TestApp } from '../../test/test-app.js';
import { createUserWithSession } from '../../test/test-users.js';
import { createPricedTestApp } from '../../test/trading-test-app.js';
import { transfer } from '../ledger/index.js';

/**
 * Onboarding on real PostgreSQL (issue 16, fix 7): the first choice, the appropriateness answers,
 * and trading's refusal of a live open before they are given (10193). The clock is fixed on a
 * Thursday afternoon, when crypto trades; BTCUSDT is priced by the test.
 */
const AT = Date.parse('2026-11-26T15:00:00Z');
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createPricedTestApp({ at: AT, prices: { BTCUSDT: '65000' } });
});
afterAll(() => testApp.close());

const LOW_EXPERIENCE: AppropriatenessAnswers = {
  leveragedExperience: 'none',
  tradingFrequency: 'never',
  leverageLoss: 'not_sure',
  stopOut: 'not_sure',
  fundsSource: 'savings',
};

async function call<T>(token: string, method: 'GET' | 'POST', path: string, payload?: object, book = 'NO') {
  const response = await testApp.app.inject({
    method,
    url: `/swx/customer${path}`,
    headers: { authorization: token, virtually: book },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as { code: number; data: T; msg: string } };
}

async function fundedUser(amount: string) {
  const user = await createUserWithSession(testApp);
  await testApp.database.db.transaction().execute((trx) =>
    transfer(trx, {
      book: 'live',
      asset: 'USDT',
      from: { kind: 'treasury' },
      to: { kind: 'available', userId: user.id },
      amount: parseAmount(amount, 6),
      reason: 'deposit',
      idempotencyKey: `onboarding-test:${user.id}`,
    }),
  );
  return user;
}

const ORDER = { code: 'BTCUSDT', side: 'long', lots: '0.01', leverage: 2 } as const;
const openPositions = (userId: string) =>
  testApp.database.db.selectFrom('trading_positions').select('order_no').where('user_id', '=', userId).execute();

describe('the first choice', () => {
  it('is null until made, then remembered per user', async () => {
    const user = await createUserWithSession(testApp);
    const other = await createUserWithSession(testApp);
    expect((await call<TOnboardingState>(user.token, 'GET', '/user/onboarding')).body.data).toEqual({ choice: null });
    const chosen = await call<TOnboardingState>(user.token, 'POST', '/user/onboarding', { choice: 'demo' });
    expect(chosen.body).toMatchObject({ code: 200, data: { choice: 'demo' } });
    // Per user, whatever the book the request names.
    expect((await call<TOnboardingState>(user.token, 'GET', '/user/onboarding', undefined, 'YES')).body.data).toEqual({
      choice: 'demo',
    });
    await call(user.token, 'POST', '/user/onboarding', { choice: 'dismissed' });
    expect((await call<TOnboardingState>(user.token, 'GET', '/user/onboarding')).body.data).toEqual({
      choice: 'dismissed',
    });
    expect((await call<TOnboardingState>(other.token, 'GET', '/user/onboarding')).body.data).toEqual({ choice: null });
  });

  it('refuses an unknown choice and a visitor', async () => {
    const user = await createUserWithSession(testApp);
    const wrong = await call(user.token, 'POST', '/user/onboarding', { choice: 'maybe' });
    expect(wrong).toMatchObject({ status: 400, body: { code: 10100 } });
    const visitor = await injectJson(testApp.app, null, 'GET', '/swx/customer/user/onboarding');
    expect(visitor.status).toBe(401);
  });
});

describe('the appropriateness check', () => {
  it('answers not answered at first, then stores experienced answers with no warning', async () => {
    const user = await createUserWithSession(testApp);
    const before = await call<TAppropriatenessState>(user.token, 'GET', '/user/appropriateness');
    expect(before.body.data).toEqual({
      answered: false,
      outcome: null,
      acknowledged: false,
      answers: null,
      answeredAt: null,
    });
    const answered = await call<TAppropriatenessState>(user.token, 'POST', '/user/appropriateness', {
      answers: EXPERIENCED_ANSWERS,
    });
    expect(answered.body).toMatchObject({
      code: 200,
      data: { answered: true, outcome: 'appropriate', acknowledged: true, answers: EXPERIENCED_ANSWERS },
    });
    expect(answered.body.data.answeredAt).toBe(new Date(AT).toISOString());
    const after = await call<TAppropriatenessState>(user.token, 'GET', '/user/appropriateness');
    expect(after.body.data).toEqual(answered.body.data);
    const rows = await testApp.database.db
      .selectFrom('onboarding_appropriateness')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'appropriate', acknowledged_at: null, answers: EXPERIENCED_ANSWERS });
  });

  it('warns on little experience: without the acknowledgement 10194 and nothing stored; with it, stored', async () => {
    const user = await createUserWithSession(testApp);
    const refused = await call(user.token, 'POST', '/user/appropriateness', { answers: LOW_EXPERIENCE });
    expect(refused).toMatchObject({ status: 400, body: { code: 10194, data: { outcome: 'warning' } } });
    const notAcknowledged = await call(user.token, 'POST', '/user/appropriateness', {
      answers: LOW_EXPERIENCE,
      acknowledged: false,
    });
    expect(notAcknowledged.body.code).toBe(10194);
    expect((await call<TAppropriatenessState>(user.token, 'GET', '/user/appropriateness')).body.data.answered).toBe(
      false,
    );

    const acknowledged = await call<TAppropriatenessState>(user.token, 'POST', '/user/appropriateness', {
      answers: LOW_EXPERIENCE,
      acknowledged: true,
    });
    expect(acknowledged.body.data).toMatchObject({ answered: true, outcome: 'warning', acknowledged: true });
    const [row] = await testApp.database.db
      .selectFrom('onboarding_appropriateness')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(row?.acknowledged_at?.toISOString()).toBe(new Date(AT).toISOString());
  });

  it('a single warning sign is enough: borrowed money, or a wrong answer on stop-out', async () => {
    const user = await createUserWithSession(testApp);
    for (const answers of [
      { ...EXPERIENCED_ANSWERS, fundsSource: 'borrowed' },
      { ...EXPERIENCED_ANSWERS, stopOut: 'nothing' },
      { ...EXPERIENCED_ANSWERS, leverageLoss: 'loses_10_percent' },
    ]) {
      expect((await call(user.token, 'POST', '/user/appropriateness', { answers })).body.code).toBe(10194);
    }
  });

  it('keeps every answer; the newest stands', async () => {
    const user = await createUserWithSession(testApp);
    await call(user.token, 'POST', '/user/appropriateness', { answers: LOW_EXPERIENCE, acknowledged: true });
    await call(user.token, 'POST', '/user/appropriateness', { answers: EXPERIENCED_ANSWERS });
    const state = await call<TAppropriatenessState>(user.token, 'GET', '/user/appropriateness');
    expect(state.body.data).toMatchObject({ outcome: 'appropriate', answers: EXPERIENCED_ANSWERS });
    const rows = await testApp.database.db
      .selectFrom('onboarding_appropriateness')
      .select('outcome')
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.outcome)).toEqual(['warning', 'appropriate']);
  });

  it('refuses unknown answers, missing questions and extra fields (10100)', async () => {
    const user = await createUserWithSession(testApp);
    for (const answers of [
      { ...EXPERIENCED_ANSWERS, leveragedExperience: 'lots' },
      { leveragedExperience: 'none' },
      { ...EXPERIENCED_ANSWERS, shoeSize: '42' },
    ]) {
      const answer = await call(user.token, 'POST', '/user/appropriateness', { answers, acknowledged: true });
      expect(answer).toMatchObject({ status: 400, body: { code: 10100 } });
    }
    expect((await call<TAppropriatenessState>(user.token, 'GET', '/user/appropriateness')).body.data.answered).toBe(
      false,
    );
  });
});

describe('a live open before the answers', () => {
  it('is refused with 10193 and changes nothing; after answering the same order opens', async () => {
    const user = await fundedUser('10000');
    const refused = await call(user.token, 'POST', '/contracts/open', ORDER);
    expect(refused).toMatchObject({ status: 403, body: { code: 10193 } });
    expect(refused.body.msg).toBe('Complete the appropriateness questions before your first live trade.');
    expect(await openPositions(user.id)).toEqual([]);
    // A pending order is a live open too.
    const pending = await call(user.token, 'POST', '/contracts/open', { ...ORDER, type: 'limit', price: '60000' });
    expect(pending.body.code).toBe(10193);
    // The refusal speaks the request's language.
    const inGerman = await testApp.app.inject({
      method: 'POST',
      url: '/swx/customer/contracts/open',
      headers: { authorization: user.token, virtually: 'NO', lang: 'de' },
      payload: ORDER,
    });
    expect(inGerman.json()).toMatchObject({
      code: 10193,
      msg: 'Beantworten Sie vor Ihrem ersten Live-Handel die Fragen zur Angemessenheit.',
    });

    await call(user.token, 'POST', '/user/appropriateness', { answers: EXPERIENCED_ANSWERS });
    const opened = await call<TPosition>(user.token, 'POST', '/contracts/open', ORDER);
    expect(opened.body).toMatchObject({ code: 200, data: { status: 'open', code: 'BTCUSDT' } });
  });

  it('is let through after acknowledged warning answers (a warning, not a ban)', async () => {
    const user = await fundedUser('10000');
    await call(user.token, 'POST', '/user/appropriateness', { answers: LOW_EXPERIENCE, acknowledged: true });
    const opened = await call<TPosition>(user.token, 'POST', '/contracts/open', ORDER);
    expect(opened.body.code).toBe(200);
  });

  it('a malformed order hears its own reason first', async () => {
    const user = await fundedUser('10000');
    const unknown = await call(user.token, 'POST', '/contracts/open', { ...ORDER, code: 'NOPEUSDT' });
    expect(unknown.body.code).not.toBe(10193);
    expect(unknown.body.code).not.toBe(200);
  });

  it('a demo open never needs the answers', async () => {
    const user = await createUserWithSession(testApp);
    const opened = await call<TPosition>(user.token, 'POST', '/contracts/open', ORDER, 'YES');
    expect(opened.body).toMatchObject({ code: 200, data: { status: 'open' } });
    expect((await call<TAppropriatenessState>(user.token, 'GET', '/user/appropriateness')).body.data.answered).toBe(
      false,
    );
  });
});
