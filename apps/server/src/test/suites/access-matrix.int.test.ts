import { randomUUID } from 'node:crypto';
import {
  BOOKLESS_RECORDS,
  CATALOGUE,
  isSuccessCode,
  LEFT_OUT,
  OWN_UPLOAD,
  type OwnedRecord,
} from '@openbourse/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLedger, ledgerAssetDecimals, transfer } from '../../modules/ledger/index.js';
import { seedLendingCapital, seedLoanSettings } from '../../modules/lending/index.js';
import { notifyUser } from '../../modules/notify/index.js';
import { seedSavingsProducts } from '../../modules/savings/index.js';
import { type RegisteredRoute, registeredRoutes } from '../../platform/http/route.js';
import { answerAppropriateness } from '../appropriateness.js';
import { multipartBody, plainPng } from '../images.js';
import { insertOptionsSeriesForTests } from '../options-series.js';
import { insertSmartProductForTests } from '../smart-products.js';
import type { TestApp } from '../test-app.js';
import { createSignableUser } from '../test-users.js';
import { findAnswerProblem } from './answer-check.js';
import { type FuzzValue, jsonSchemaOf, sampleFromSchema, toJsonText } from './fuzz-values.js';
import { createSuiteApp, fundLive } from './suite-app.js';

/**
 * The access matrix (#13), generated from the route table: every route × a visitor, user B on
 * user A's records, both books, each operator role, an admin without two-factor authentication,
 * a revoked and an expired token. What each
 * cell must answer follows from the route's declared auth level and its owner declaration
 * (`owner` beside the route in packages/contracts): a later issue's routes join by declaring them.
 *
 * - Protected routes answer a visitor, a revoked and an expired token 401; an operator level
 *   refuses other roles with 10107 (admin holds every role), and an operator without two-factor
 *   with 10144 (#14); `live-user` refuses the demo book.
 * - A route pointed at a record (`{ record, at }`) refuses everyone but its owner in its own book,
 *   and the owner's own request succeeds (so the refusals are not schema failures).
 * - No answer to anyone else carries user A's identifiers (but for an operator a route declared
 *   `owner: 'operator'` admits: the back office shows any user), and A's balances and orders are
 *   the same after everyone else has called every route.
 */

const ROLE_LEVELS = ['reviewer', 'support', 'admin'] as const;
type Role = 'user' | (typeof ROLE_LEVELS)[number];

type MatrixCaller = {
  name: string;
  /** How the caller signs in for one route; null: no token at all. */
  token: (() => Promise<string>) | null;
  book: 'live' | 'demo';
  roles: Role[];
  /** Signed in with a token that is no longer valid. */
  invalidToken?: boolean;
  /** An operator whose two-factor authentication is off: refused every operator route (#14). */
  twoFactorOff?: boolean;
};

const isOperatorLevel = (auth: RegisteredRoute['auth']): boolean =>
  auth === 'operator' || (ROLE_LEVELS as readonly string[]).includes(auth);

/** Whether the caller holds a role the operator level names (`operator`: any operator role). */
function holdsLevelRole(route: RegisteredRoute, caller: MatrixCaller): boolean {
  if (route.auth === 'operator') return caller.roles.some((role) => role !== 'user');
  return caller.roles.includes('admin') || caller.roles.some((role) => role === route.auth);
}

type Cell = { route: string; caller: string; expected: string; status: number; code: number; body: string };

/** A request the route's schemas accept, pointed at `recordId` where its owner declaration says. */
function requestFor(route: RegisteredRoute, recordId: string | null, ownUpload: string): InjectOptions {
  const owner = route.owner;
  const part = (name: 'body' | 'query' | 'params', schema: z.ZodType | undefined) => {
    const json = jsonSchemaOf(schema);
    const value = (json ? sampleFromSchema(json) : {}) as Record<string, FuzzValue>;
    if (owner && typeof owner === 'object' && recordId !== null) {
      const [where, field] = owner.at.split('.') as [string, string];
      if (where === name) value[field] = recordId;
      // `with` completes the part the record is named in (the body when it is named in the path).
      const completes = where === 'params' ? 'body' : where;
      if (name === completes && owner.with) {
        for (const [key, filler] of Object.entries(owner.with)) {
          if (filler === LEFT_OUT) delete value[key];
          else value[key] = (filler === OWN_UPLOAD ? ownUpload : filler) as FuzzValue;
        }
      }
    }
    return value;
  };
  const params = part('params', route.params);
  const query = part('query', route.query);
  const url =
    route.path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(String(params[name] ?? 'x'))) +
    (Object.keys(query).length
      ? `?${Object.entries(query)
          .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
          .join('&')}`
      : '');
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return {
    method: route.method,
    url,
    headers: hasBody ? { 'content-type': 'application/json' } : {},
    ...(hasBody ? { payload: toJsonText(part('body', route.body)) } : {}),
  };
}

function isAdmitted(route: RegisteredRoute, caller: MatrixCaller): boolean {
  if (route.auth === 'public') return true;
  if (caller.token === null || caller.invalidToken) return false;
  if (route.auth === 'live-user') return caller.book === 'live';
  if (route.auth === 'user') return true;
  if (caller.twoFactorOff) return false;
  return holdsLevelRole(route, caller);
}

/** The refusal a caller the level does not admit gets. */
function refusalFor(route: RegisteredRoute, caller: MatrixCaller): keyof typeof CATALOGUE {
  if (caller.token === null || caller.invalidToken) return 'NOT_LOGGED_IN';
  if (route.auth === 'live-user') return 'DEMO_NOT_ALLOWED';
  if (isOperatorLevel(route.auth) && holdsLevelRole(route, caller) && caller.twoFactorOff) {
    return 'OPERATOR_TOTP_REQUIRED';
  }
  return 'FORBIDDEN';
}

/**
 * Whether a field that names a user holds this id: `userId`, `ownerId`…, or `id` in an object that
 * describes a user (it has a user name or an e-mail). Content and orders have ids of their own.
 */
function holdsUserId(value: unknown, userId: string): boolean {
  if (Array.isArray(value)) return value.some((item) => holdsUserId(item, userId));
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const isUser = ['userName', 'user_name', 'email'].some((key) => key in record);
  return Object.entries(record).some(
    ([key, item]) =>
      ((/^(uid|user_?id|owner_?id|invited_?by|customer_?id)$/i.test(key) || (key === 'id' && isUser)) &&
        String(item) === userId) ||
      holdsUserId(item, userId),
  );
}

/**
 * Whether an answer is a success: a success code, or — for a route whose answer is declared as
 * plain bytes (a CSV, an uploaded image) — a 2xx that is not the JSON envelope.
 */
function succeeded(route: RegisteredRoute, answer: { status: number; code: number; contentType: string }): boolean {
  if (isSuccessCode(answer.code)) return true;
  return (
    route.response instanceof z.ZodString &&
    answer.status >= 200 &&
    answer.status < 300 &&
    !answer.contentType.startsWith('application/json')
  );
}

const AUTH_REFUSALS: number[] = [
  CATALOGUE.NOT_LOGGED_IN.code,
  CATALOGUE.FORBIDDEN.code,
  CATALOGUE.DEMO_NOT_ALLOWED.code,
  CATALOGUE.ABNORMAL_USER_STATUS.code,
  CATALOGUE.OPERATOR_TOTP_REQUIRED.code,
];

describe('the access matrix', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createSuiteApp();
  }, 120_000);
  afterAll(() => testApp.close());

  const fund = (userId: string) => fundLive(testApp, userId, '100000');

  async function call(options: InjectOptions, token: string | null, book: 'live' | 'demo') {
    const headers = { ...(options.headers ?? {}), virtually: book === 'demo' ? 'YES' : 'NO' } as Record<string, string>;
    if (token) headers.authorization = token;
    const response = await testApp.app.inject({ ...options, headers });
    let code = -1;
    try {
      code = (response.json() as { code: number }).code;
    } catch {
      // A plain-text answer (a CSV download) has no code; the checks below say what it may be.
    }
    return {
      status: response.statusCode,
      code,
      body: response.body,
      contentType: String(response.headers['content-type'] ?? ''),
    };
  }

  it('every protected route declares whose records it touches, and nothing is served undeclared', () => {
    const undeclaredProtected = registeredRoutes(testApp.app)
      .filter((route) => route.auth !== 'public' && route.owner === undefined)
      .map((route) => `${route.method} ${route.path}`);
    expect(undeclaredProtected).toEqual([]);
    const declared = new Set(registeredRoutes(testApp.app).map((route) => `${route.method} ${route.path}`));
    const servedOutsideDeclarations = testApp.app.routeTable
      .flatMap((route) =>
        (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ ...route, method })),
      )
      .filter((route) => route.method !== 'HEAD' && !declared.has(`${route.method} ${route.url}`))
      .filter((route) => route.auth !== 'public')
      .map((route) => `${route.method} ${route.url} ${route.auth}`);
    // A protected route served without a declaration has no owner to check: it must not exist.
    expect(servedOutsideDeclarations).toEqual([]);
  });

  it('answers every cell as the route declares, and never shows one user what is another’s', async () => {
    const userA = await createSignableUser(testApp);
    await fund(userA.id);
    const tokenA = await userA.signIn();
    // Both may trade live: the appropriateness questions are answered (issue 16, 10193).
    await answerAppropriateness(testApp.app, tokenA);
    const userB = await createSignableUser(testApp);
    await fund(userB.id);
    await answerAppropriateness(testApp.app, await userB.signIn());
    const revoked = await createSignableUser(testApp);
    const expired = await createSignableUser(testApp);
    const operators = Object.fromEntries(
      await Promise.all(ROLE_LEVELS.map(async (role) => [role, await createSignableUser(testApp, [role])] as const)),
    );
    const adminWithoutTwoFactor = await createSignableUser(testApp, ['admin'], { totp: false });

    const ordersOfA: string[] = [];
    let addressBookEntries = 0;
    /**
     * Makers of the records a route can be pointed at; a record kind added in contracts needs one
     * here. A maker may look at the route it makes the record for (a rating needs a closed conversation).
     */
    const makeRecord: Record<OwnedRecord, (route?: RegisteredRoute) => Promise<string>> = {
      'open-position': () => openFor(tokenA, { orderType: 'market' }),
      'pending-order': () => openFor(tokenA, { orderType: 'limit', price: '30000' }),
      notification: () =>
        testApp.database.db
          .transaction()
          .execute(async (trx) => (await notifyUser(trx, { userId: userA.id, template: 'kyc_passed', params: {} })).id),
      upload: async () => {
        const form = multipartBody([{ name: 'file', data: await plainPng(), filename: 'a.png' }]);
        const answer = await call({ method: 'POST', url: '/swx/customer/upload', ...form }, tokenA, 'live');
        const id = (JSON.parse(answer.body) as { data: { id?: string } | null }).data?.id;
        if (answer.code !== 200 || !id) throw new Error(`could not make a record: ${answer.body}`);
        return id;
      },
      'withdrawal-address': async () => {
        addressBookEntries += 1;
        const answer = await call(
          {
            method: 'POST',
            url: '/swx/customer/user/withdrawalAddresses',
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({
              network: 'ethereum',
              address: `0x${addressBookEntries.toString(16).padStart(40, '0')}`,
              label: 'A',
            }),
          },
          tokenA,
          'live',
        );
        const id = (JSON.parse(answer.body) as { data: { id?: string } | null }).data?.id;
        if (answer.code !== 200 || !id) throw new Error(`could not make a record: ${answer.body}`);
        return id;
      },
      'loan-offer': () => offerLoanToA(),
      loan: async () => {
        const id = await offerLoanToA();
        const signed = await call(
          {
            method: 'POST',
            url: `/swx/customer/user/loan/${id}/sign`,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ signatureFileId: await ownUploadOfA(), typedName: 'Borrower A' }),
          },
          tokenA,
          'live',
        );
        if (signed.code !== 200) throw new Error(`could not make a record: ${signed.body}`);
        return id;
      },
      'smart-order': async () => {
        // A product of its own each time: a user runs one plan of a product at a time.
        const product = await insertSmartProductForTests(testApp.database.db);
        const answer = await call(
          {
            method: 'POST',
            url: '/swx/customer/order/buySmart',
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ productId: product, amount: '100', days: 7 }),
          },
          tokenA,
          'live',
        );
        const id = (JSON.parse(answer.body) as { data: { id?: string } | null }).data?.id;
        if (answer.code !== CATALOGUE.PURCHASE_SUCCEEDED.code || !id) {
          throw new Error(`could not make a record: ${answer.body}`);
        }
        return id;
      },
      'options-order': async () => {
        // A's one contract of a BTCUSDT call (the suite's live BTC price), its payout reserved from the lending capital.
        const db = testApp.database.db;
        await db.transaction().execute((trx) => seedLendingCapital(trx, 6));
        const seriesId = await insertOptionsSeriesForTests(db, new Date());
        const chain = JSON.parse(
          (await testApp.app.inject({ method: 'GET', url: '/swx/customer/user/listOptionsConfig?code=BTCUSDT' })).body,
        ) as { data: { expiries: Array<{ series: Array<{ seriesId: string; quoteId: string | null }> }> } };
        const quoteId = chain.data.expiries
          .flatMap((expiry) => expiry.series)
          .find((one) => one.seriesId === seriesId)?.quoteId;
        const answer = await call(
          {
            method: 'POST',
            url: '/swx/customer/order/buyOptions',
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ seriesId, quantity: 1, quoteId }),
          },
          tokenA,
          'live',
        );
        const id = (JSON.parse(answer.body) as { data: { id?: string } | null }).data?.id;
        if (answer.code !== CATALOGUE.PURCHASE_SUCCEEDED.code || !id) {
          throw new Error(`could not make a record: ${answer.body}`);
        }
        return id;
      },
      'savings-order': async () => {
        // A's order of the sandbox's 7-day product, its interest reserved from the lending capital.
        const db = testApp.database.db;
        await seedSavingsProducts(db, { assetDecimals: (code) => ledgerAssetDecimals(db, code) }, new Date());
        await db.transaction().execute((trx) => seedLendingCapital(trx, 6));
        const product = await db
          .selectFrom('savings_products')
          .select('id')
          .where('seed_key', '=', 'sandbox-usdt-7d')
          .executeTakeFirstOrThrow();
        const answer = await call(
          {
            method: 'POST',
            url: '/swx/customer/financial/invest',
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ productId: product.id, amount: '100' }),
          },
          tokenA,
          'live',
        );
        const id = (JSON.parse(answer.body) as { data: { id?: string } | null }).data?.id;
        if (answer.code !== CATALOGUE.PURCHASE_SUCCEEDED.code || !id)
          throw new Error(`could not make a record: ${answer.body}`);
        return id;
      },
      'support-conversation': async (route) => {
        if (route?.path.endsWith('/rating')) {
          // A closed conversation of A's with one message, as an agent's close leaves it (A's open
          // one stays open for the other routes: one conversation not closed per user).
          const db = testApp.database.db;
          const at = new Date();
          const row = await db
            .insertInto('support_conversations')
            .values({
              user_id: userA.id,
              visitor_id: null,
              language: 'en',
              status: 'closed',
              created_at: at,
              first_user_message_at: at,
              last_message_at: at,
              closed_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await db
            .insertInto('support_messages')
            .values({ conversation_id: row.id, author: 'user', text: 'Thank you', created_at: at })
            .execute();
          return String(row.id);
        }
        return openSupportConversationOfA();
      },
      'support-file': async () => {
        // A fresh image of A's, sent in A's open conversation.
        const fileId = await makeRecord.upload();
        const conversationId = await openSupportConversationOfA();
        const answer = await call(
          {
            method: 'POST',
            url: `/swx/customer/support/conversations/${conversationId}/messages`,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ fileId }),
          },
          tokenA,
          'live',
        );
        if (answer.code !== 200) throw new Error(`could not make a record: ${answer.body}`);
        return fileId;
      },
      alert: async () => {
        const answer = await call(
          {
            method: 'POST',
            url: '/swx/customer/alerts',
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ code: 'BTCUSDT', direction: 'above', price: '9999999' }),
          },
          tokenA,
          'live',
        );
        const id = (JSON.parse(answer.body) as { data: { id?: string } | null }).data?.id;
        if (answer.code !== 200 || !id) throw new Error(`could not make a record: ${answer.body}`);
        return id;
      },
    };
    async function openFor(token: string, order: Record<string, string>): Promise<string> {
      const answer = await call(
        {
          method: 'POST',
          url: '/swx/customer/contracts/open',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ code: 'BTCUSDT', side: 'long', lots: '0.01', leverage: 2, ...order }),
        },
        token,
        'live',
      );
      const orderNo = (JSON.parse(answer.body) as { data: { orderNo?: string } | null }).data?.orderNo;
      if (answer.code !== 200 || !orderNo) throw new Error(`could not make a record: ${answer.body}`);
      ordersOfA.push(orderNo);
      return orderNo;
    }
    /** A's support conversation not closed (the one there is, or a new one). */
    async function openSupportConversationOfA(): Promise<string> {
      const answer = await call(
        {
          method: 'POST',
          url: '/swx/customer/support/conversations',
          headers: { 'content-type': 'application/json' },
          payload: '{}',
        },
        tokenA,
        'live',
      );
      const id = (JSON.parse(answer.body) as { data: { id?: string } | null }).data?.id;
      if (answer.code !== 200 || !id) throw new Error(`could not make a record: ${answer.body}`);
      return id;
    }
    let uploadOfA: string | null = null;
    /** One image of A's, named wherever a request must name an upload of the owner (OWN_UPLOAD). */
    async function ownUploadOfA(): Promise<string> {
      uploadOfA ??= await makeRecord.upload();
      return uploadOfA;
    }
    /** A fresh BTC price, as a live feed keeps it: a loan is never priced on a stale one. */
    const freshBtcPrice = () =>
      testApp.app.services.marketHub.ingest('sandbox', [{ code: 'BTCUSDT', price: '65000', time: Date.now() }]);
    /** A crypto-backed loan offered to A (awaiting its signature): the sandbox products and capital, BTC. */
    async function offerLoanToA(): Promise<string> {
      const db = testApp.database.db;
      await seedLoanSettings(db, { assetDecimals: (code) => ledgerAssetDecimals(db, code) }, new Date());
      await db.transaction().execute(async (trx) => {
        await seedLendingCapital(trx, 6);
        await transfer(trx, {
          book: 'live',
          asset: 'BTC',
          from: { kind: 'clearing', name: 'deposits:suite' },
          to: { kind: 'available', userId: userA.id },
          // 0.02 BTC: 0.01 locked for the loan, the rest for what the owner may add to it.
          amount: 2_000_000n,
          reason: 'deposit',
          idempotencyKey: `suite-btc-deposit:${userA.id}:${randomUUID()}`,
        });
      });
      const setting = await db
        .selectFrom('lending_loan_settings')
        .select('id')
        .where('kind', '=', 'crypto_backed')
        .executeTakeFirstOrThrow();
      freshBtcPrice();
      const answer = await call(
        {
          method: 'POST',
          url: '/swx/customer/user/loan',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({
            settingId: setting.id,
            amount: '100',
            term: 7,
            collateralAsset: 'BTC',
            collateralAmount: '0.01',
          }),
        },
        tokenA,
        'live',
      );
      const id = (JSON.parse(answer.body) as { data: { id?: string } | null }).data?.id;
      if (answer.code !== 200 || !id) throw new Error(`could not make a record: ${answer.body}`);
      return id;
    }
    // A's standing records, so every listing has something of A's that must not show.
    await makeRecord['open-position']();
    await makeRecord['pending-order']();

    const callers: MatrixCaller[] = [
      { name: 'visitor', token: null, book: 'live', roles: [] },
      { name: 'user B (live)', token: userB.signIn, book: 'live', roles: ['user'] },
      { name: 'user B (demo)', token: userB.signIn, book: 'demo', roles: ['user'] },
      ...ROLE_LEVELS.map((role) => ({
        name: role,
        token: (operators[role] as { signIn: () => Promise<string> }).signIn,
        book: 'live' as const,
        roles: [role],
      })),
      {
        name: 'an admin without two-factor',
        token: adminWithoutTwoFactor.signIn,
        book: 'live',
        roles: ['admin'],
        twoFactorOff: true,
      },
      {
        name: 'a revoked token',
        token: async () => {
          const token = await revoked.signIn();
          await call({ method: 'POST', url: '/swx/customer/login/logout' }, token, 'live');
          return token;
        },
        book: 'live',
        roles: ['user'],
        invalidToken: true,
      },
      {
        name: 'an expired token',
        token: async () => {
          const token = await expired.signIn();
          await testApp.database.db
            .updateTable('sessions')
            .set({ expires_at: new Date(Date.now() - 60_000) })
            .where('user_id', '=', expired.id)
            .execute();
          return token;
        },
        book: 'live',
        roles: ['user'],
        invalidToken: true,
      },
    ];

    // The operators' session routes (#14) may end A's sessions: A's later requests sign in afresh
    // (a session is not A's money or orders, which the snapshot compares).
    async function snapshotOfA(token = tokenA): Promise<string> {
      const parts = await Promise.all(
        [
          '/swx/customer/user/balances',
          '/swx/customer/contracts/orders?status=open',
          '/swx/customer/contracts/orders?status=pending',
        ].map(async (url) => (await call({ method: 'GET', url }, token, 'live')).body),
      );
      return parts.join('\n');
    }

    const routes = registeredRoutes(testApp.app);
    const recordOf = new Map<RegisteredRoute, string>();
    for (const route of routes) {
      if (typeof route.owner === 'object') recordOf.set(route, await makeRecord[route.owner.record](route));
    }
    // A's identifiers: names and numbers unique enough to find as text, and A's id (a small
    // number) wherever an answer names a user by id.
    const markersOfA = () => [userA.userName, userA.email, userA.inviteCode, ...ordersOfA];
    const namesUserA = (body: string) => {
      try {
        return holdsUserId(JSON.parse(body), userA.id);
      } catch {
        return new RegExp(`\\b${userA.id}\\b`).test(body) && /user/i.test(body);
      }
    };

    const wrong: Cell[] = [];
    let cells = 0;
    let leaks = 0;
    const before = await snapshotOfA();

    for (const route of routes) {
      const routeName = `${route.method} ${route.path}`;
      const request = requestFor(route, recordOf.get(route) ?? null, await ownUploadOfA());
      for (const caller of callers) {
        const token = caller.token ? await caller.token() : null;
        const answer = await call(request, token, caller.book);
        cells += 1;
        const cell = (expected: string): Cell => ({
          route: routeName,
          caller: caller.name,
          expected,
          status: answer.status,
          code: answer.code,
          body: answer.body.slice(0, 160),
        });
        const problem = findAnswerProblem(answer, { plainSuccess: route.response instanceof z.ZodString });
        if (problem) wrong.push(cell(`an answer within the envelope (${problem.kind}: ${problem.detail})`));
        // A route declared `owner: 'operator'` shows any user's records to the operators it
        // admits (the back office's users pages, #14): A's there is no leak.
        const mayShowAnyUser = route.owner === 'operator' && isAdmitted(route, caller);
        const leaked = mayShowAnyUser
          ? null
          : (markersOfA().find((marker) => answer.body.includes(marker)) ??
            (namesUserA(answer.body) ? `id ${userA.id}` : null));
        if (leaked) {
          leaks += 1;
          wrong.push(cell(`nothing of user A's (it showed ${leaked})`));
        }
        if (!isAdmitted(route, caller)) {
          const refusal = CATALOGUE[refusalFor(route, caller)];
          if (answer.code !== refusal.code || answer.status !== refusal.status) wrong.push(cell(`${refusal.code}`));
        } else if (AUTH_REFUSALS.includes(answer.code)) {
          wrong.push(cell('admitted by its auth level'));
        } else if (typeof route.owner === 'object' && succeeded(route, answer)) {
          wrong.push(cell(`a refusal: the ${route.owner.record} is user A's`));
        }
      }
      // User A in the other book: a record lives in the book it was made in (a notification is
      // the user's in both books: BOOKLESS_RECORDS, not refused there).
      if (typeof route.owner === 'object' && !BOOKLESS_RECORDS.includes(route.owner.record)) {
        const answer = await call(request, await userA.signIn(), 'demo');
        cells += 1;
        if (succeeded(route, answer) || answer.status >= 500) {
          wrong.push({
            route: routeName,
            caller: 'user A (demo book)',
            expected: 'a refusal: the record is in the live book',
            status: answer.status,
            code: answer.code,
            body: answer.body.slice(0, 160),
          });
        }
      }
    }

    // Everyone else has called every route: A's money and orders are as they were.
    const tokenAfter = await userA.signIn();
    const after = await snapshotOfA(tokenAfter);
    if (after !== before) {
      wrong.push({
        route: '(all)',
        caller: 'everyone but A',
        expected: "A's state unchanged",
        status: 0,
        code: 0,
        body: after,
      });
    }

    // The owner's own requests succeed, so the refusals above were about ownership, not input.
    for (const [route, recordId] of recordOf) {
      freshBtcPrice();
      const answer = await call(requestFor(route, recordId, await ownUploadOfA()), tokenAfter, 'live');
      cells += 1;
      if (!succeeded(route, answer)) {
        wrong.push({
          route: `${route.method} ${route.path}`,
          caller: 'user A (owner)',
          expected: 'success',
          status: answer.status,
          code: answer.code,
          body: answer.body.slice(0, 160),
        });
      }
    }

    expect(await auditLedger(testApp.database.db)).toEqual([]);
    process.stdout.write(
      `[access matrix] ${routes.length} routes × ${callers.length} callers: ${cells} cells checked, ` +
        `${wrong.length} answered otherwise than declared, ${leaks} leaks\n`,
    );
    expect(recordOf.size).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  }, 300_000);
});
