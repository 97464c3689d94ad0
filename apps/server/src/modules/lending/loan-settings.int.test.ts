import {
  CATALOGUE,
  messageFor,
  type TAdminLoanSetting,
  type TLoanSetting,
  type TLoanSettingCreateRequest,
} from '@openbourse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createUserWithSession } from '../../test/test-users.js';
import { ledgerAssetDecimals } from '../ledger/index.js';
import { SANDBOX_LOAN_SETTINGS, seedLoanSettings } from './index.js';

/**
 * Loan settings (issue 17) on PostgreSQL: the public list's shape (enabled products only), the
 * back office's create, update and enable/disable with their audit rows, the rules' refusals with
 * the catalogue's codes, optimistic versions under concurrent updates, and the sandbox seed run
 * by two seeders at once.
 */
let testApp: TestApp;
let adminToken: string;

type Answer<T> = { status: number; body: { code: number; data: T; msg: string } };

async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: object = {},
): Promise<Answer<T>> {
  const response = await testApp.app.inject({
    method,
    url,
    headers: { authorization: adminToken, 'x-request-id': 'loan-settings-test', ...headers },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Answer<T>['body'] };
}

const publicList = async () => {
  const response = await testApp.app.inject({ method: 'GET', url: '/swx/customer/index/listLoanSettings' });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: { items: TLoanSetting[] } }).data.items;
};
const create = (payload: object) => call<TAdminLoanSetting>('POST', '/swx/admin/loan-settings', payload);
const update = (id: string, payload: object, headers: object = {}) =>
  call<TAdminLoanSetting>('POST', `/swx/admin/loan-settings/${id}`, payload, headers);
const setEnabled = (id: string, payload: object) =>
  call<TAdminLoanSetting>('POST', `/swx/admin/loan-settings/${id}/enabled`, payload);
const auditOf = (id: string) =>
  testApp.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_type', '=', 'loan_setting')
    .where('target_id', '=', id)
    .orderBy('id')
    .execute();
const assets = () => ({ assetDecimals: (code: string) => ledgerAssetDecimals(testApp.database.db, code) });

const CRYPTO: TLoanSettingCreateRequest = {
  kind: 'crypto_backed',
  asset: 'USDT',
  terms: [90, 7, 30],
  dailyRate: '0.00030',
  interestFreeDays: 0,
  limits: [
    { verification: 'unverified', minAmount: '50', maxAmount: '50000' },
    { verification: 'verified', minAmount: '50.0', maxAmount: '200000' },
  ],
  collateralAssets: ['BTC', 'ETH'],
  initialLtv: '0.5',
  marginCallLtv: '0.7',
  liquidationLtv: '0.8',
  reason: 'crypto-backed product',
};
const UNSECURED: TLoanSettingCreateRequest = {
  kind: 'unsecured',
  asset: 'USDT',
  terms: [7, 14, 30],
  dailyRate: '0.0005',
  interestFreeDays: 3,
  limits: [{ verification: 'verified', minAmount: '100', maxAmount: '5000' }],
  collateralAssets: [],
  initialLtv: null,
  marginCallLtv: null,
  liquidationLtv: null,
  reason: 'unsecured product',
};
/** The update body of a product as created, from a version. */
const editable = ({ kind: _kind, ...rest }: TLoanSettingCreateRequest, version: number) => ({ ...rest, version });

beforeAll(async () => {
  testApp = await createTestApp();
  adminToken = (await createUserWithSession(testApp, ['admin'])).token;
}, 60_000);
afterAll(() => testApp.close());

describe('loan settings', () => {
  it('creates products disabled, lists only enabled ones publicly in the exact shape, and audits each change', async () => {
    const crypto = await create(CRYPTO);
    expect(crypto.body.code, crypto.body.msg).toBe(200);
    expect(crypto.body.data).toMatchObject({ enabled: false, version: 1, terms: [7, 30, 90], dailyRate: '0.0003' });
    const unsecured = await create(UNSECURED);
    expect(unsecured.body.code, unsecured.body.msg).toBe(200);
    expect(await publicList()).toEqual([]);

    const enabled = await setEnabled(crypto.body.data.id, { enabled: true, version: 1, reason: 'launch' });
    expect(enabled.body.data).toMatchObject({ enabled: true, version: 2 });
    await setEnabled(unsecured.body.data.id, { enabled: true, version: 1, reason: 'launch' });

    const listed = await publicList();
    // Unsecured first, then crypto-backed; exactly the issue's fields, decimals as strings.
    expect(listed).toEqual([
      {
        id: unsecured.body.data.id,
        kind: 'unsecured',
        asset: 'USDT',
        terms: [7, 14, 30],
        dailyRate: '0.0005',
        interestFreeDays: 3,
        limits: [{ verification: 'verified', minAmount: '100', maxAmount: '5000' }],
        collateralAssets: [],
        initialLtv: null,
        marginCallLtv: null,
        liquidationLtv: null,
      },
      {
        id: crypto.body.data.id,
        kind: 'crypto_backed',
        asset: 'USDT',
        terms: [7, 30, 90],
        dailyRate: '0.0003',
        interestFreeDays: 0,
        limits: [
          { verification: 'unverified', minAmount: '50', maxAmount: '50000' },
          { verification: 'verified', minAmount: '50', maxAmount: '200000' },
        ],
        collateralAssets: ['BTC', 'ETH'],
        initialLtv: '0.5',
        marginCallLtv: '0.7',
        liquidationLtv: '0.8',
      },
    ]);

    // Disabling takes it off the public list; the back office still lists it.
    const disabled = await setEnabled(unsecured.body.data.id, { enabled: false, version: 2, reason: 'paused' });
    expect(disabled.body.data).toMatchObject({ enabled: false, version: 3 });
    expect((await publicList()).map((item) => item.id)).toEqual([crypto.body.data.id]);
    const admin = await call<{ items: TAdminLoanSetting[] }>('GET', '/swx/admin/loan-settings');
    expect(admin.body.data.items.map((item) => [item.id, item.enabled])).toEqual([
      [unsecured.body.data.id, false],
      [crypto.body.data.id, true],
    ]);
    // Setting the state it has writes nothing.
    await setEnabled(unsecured.body.data.id, { enabled: false, version: 3, reason: 'again' });

    const rows = await auditOf(unsecured.body.data.id);
    expect(rows.map((row) => row.action)).toEqual([
      'lending.settings.create',
      'lending.settings.enable',
      'lending.settings.disable',
    ]);
    expect(rows[0]).toMatchObject({ before: null, after: { kind: 'unsecured', enabled: false, version: 1 } });
    expect(rows[2]).toMatchObject({
      before: { enabled: true, version: 2 },
      after: { enabled: false, version: 3 },
      reason: 'paused',
      request_id: 'loan-settings-test',
    });
  });

  it('updates from the version read, with before and after in the audit log; the same values write nothing', async () => {
    const created = (await create(CRYPTO)).body.data;
    const changed = await update(created.id, { ...editable(CRYPTO, 1), dailyRate: '0.0004', reason: 'rate up' });
    expect(changed.body.code, changed.body.msg).toBe(200);
    expect(changed.body.data).toMatchObject({ dailyRate: '0.0004', version: 2 });
    const same = await update(created.id, { ...editable(CRYPTO, 2), dailyRate: '0.00040', reason: 'again' });
    expect(same.body.data.version).toBe(2);
    const rows = await auditOf(created.id);
    expect(rows.map((row) => row.action)).toEqual(['lending.settings.create', 'lending.settings.update']);
    expect(rows[1]).toMatchObject({
      before: { dailyRate: '0.0003', version: 1 },
      after: { dailyRate: '0.0004', version: 2 },
      reason: 'rate up',
    });
    expect(rows[1]?.actor_user_id).not.toBeNull();
  });

  it('lets one of two concurrent updates from the same version through; the other gets 10200 and changes nothing', async () => {
    const created = (await create(CRYPTO)).body.data;
    const [a, b] = await Promise.all([
      update(created.id, { ...editable(CRYPTO, 1), dailyRate: '0.0004', reason: 'a' }),
      update(created.id, { ...editable(CRYPTO, 1), dailyRate: '0.0006', reason: 'b' }),
    ]);
    const codes = [a.body.code, b.body.code].sort((x, y) => x - y);
    expect(codes).toEqual([200, CATALOGUE.LOAN_SETTING_CHANGED.code]);
    const winner = a.body.code === 200 ? a : b;
    const loser = a.body.code === 200 ? b : a;
    expect(loser.status).toBe(409);
    expect(loser.body.data).toEqual({ version: 2 });
    const admin = await call<{ items: TAdminLoanSetting[] }>('GET', '/swx/admin/loan-settings');
    const stored = admin.body.data.items.find((item) => item.id === created.id);
    expect(stored).toMatchObject({ version: 2, dailyRate: winner.body.data.dailyRate });
    expect((await auditOf(created.id)).filter((row) => row.action === 'lending.settings.update')).toHaveLength(1);
    // The refusal reads in the caller's language (every language has its text; catalogue.test.ts).
    const german = await update(created.id, { ...editable(CRYPTO, 1), reason: 'stale' }, { 'accept-language': 'de' });
    expect(german.body.msg).toBe(messageFor(CATALOGUE.LOAN_SETTING_CHANGED.code, 'de'));
  });

  it.each([
    ['LTVs out of order', { ...CRYPTO, marginCallLtv: '0.85' }, 'INVALID_INPUT', 'body.liquidationLtv'],
    ['an initial LTV of 0', { ...CRYPTO, initialLtv: '0' }, 'INVALID_INPUT', 'body.initialLtv'],
    ['a missing LTV', { ...CRYPTO, liquidationLtv: null }, 'INVALID_INPUT', 'body.liquidationLtv'],
    ['an LTV of 1', { ...CRYPTO, liquidationLtv: '1' }, 'INVALID_INPUT', 'body.liquidationLtv'],
    ['no collateral', { ...CRYPTO, collateralAssets: [] }, 'INVALID_INPUT', 'body.collateralAssets'],
    [
      'the loan asset as collateral',
      { ...CRYPTO, collateralAssets: ['USDT'] },
      'INVALID_INPUT',
      'body.collateralAssets',
    ],
    [
      'an unknown collateral',
      { ...CRYPTO, collateralAssets: ['BTC', 'DOGE'] },
      'UNKNOWN_ASSET',
      'body.collateralAssets.1',
    ],
    ['an unknown asset', { ...UNSECURED, asset: 'XYZ' }, 'UNKNOWN_ASSET', 'body.asset'],
    [
      'an unverified limit on an unsecured product',
      { ...UNSECURED, limits: [{ verification: 'unverified', minAmount: '1', maxAmount: '2' }, UNSECURED.limits[0]] },
      'INVALID_INPUT',
      'body.limits.0.verification',
    ],
    [
      'no verified limit',
      { ...CRYPTO, limits: [{ verification: 'unverified', minAmount: '1', maxAmount: '2' }] },
      'INVALID_INPUT',
      'body.limits',
    ],
    [
      'a maximum below the minimum',
      { ...UNSECURED, limits: [{ verification: 'verified', minAmount: '100', maxAmount: '99' }] },
      'INVALID_INPUT',
      'body.limits.0.maxAmount',
    ],
    [
      'more decimals than the asset has',
      { ...UNSECURED, limits: [{ verification: 'verified', minAmount: '0.0000001', maxAmount: '99' }] },
      'INVALID_INPUT',
      'body.limits.0.minAmount',
    ],
    ['a repeated term', { ...UNSECURED, terms: [7, 7] }, 'INVALID_INPUT', 'body.terms'],
    [
      'interest-free days as long as a term',
      { ...UNSECURED, interestFreeDays: 7 },
      'INVALID_INPUT',
      'body.interestFreeDays',
    ],
    ['a daily rate of 10%', { ...UNSECURED, dailyRate: '0.1' }, 'INVALID_INPUT', 'body.dailyRate'],
    ['LTVs on an unsecured product', { ...UNSECURED, initialLtv: '0.5' }, 'INVALID_INPUT', 'body.initialLtv'],
    ['a rate as a number', { ...UNSECURED, dailyRate: 0.0005 }, 'INVALID_INPUT', 'body.dailyRate'],
  ] as const)('refuses %s with its code, naming the field, and writes nothing', async (_name, payload, code, path) => {
    const before = await testApp.database.db
      .selectFrom('lending_loan_settings')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await create(payload);
    expect(refused.body.code).toBe(CATALOGUE[code].code);
    const issues = (refused.body.data as unknown as { issues: { path: string }[] }).issues;
    expect(issues.map((issue) => issue.path)).toContain(path);
    const after = await testApp.database.db
      .selectFrom('lending_loan_settings')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('answers 10199 for an id that names no product, and refuses the kind in an update', async () => {
    const missing = await update('999999', editable(UNSECURED, 1));
    expect(missing.body.code).toBe(CATALOGUE.LOAN_SETTING_NOT_FOUND.code);
    const created = (await create(UNSECURED)).body.data;
    const withKind = await update(created.id, { ...editable(UNSECURED, 1), kind: 'crypto_backed' });
    // The kind is chosen once: an update's schema has none, so it is dropped and the product stays unsecured.
    expect(withKind.body.code).toBe(200);
    expect(withKind.body.data).toMatchObject({ kind: 'unsecured', version: 1 });
  });

  it('seeds the sandbox products once, enabled, with two seeders at once and again later', async () => {
    await testApp.database.db.deleteFrom('lending_loan_settings').execute();
    const at = new Date('2026-05-01T00:00:00Z');
    const counts = await Promise.all([
      seedLoanSettings(testApp.database.db, assets(), at),
      seedLoanSettings(testApp.database.db, assets(), at),
    ]);
    expect(counts[0] + counts[1]).toBe(SANDBOX_LOAN_SETTINGS.length);
    expect(await seedLoanSettings(testApp.database.db, assets(), at)).toBe(0);
    const listed = await publicList();
    expect(listed.map((item) => [item.kind, item.asset, item.collateralAssets])).toEqual([
      ['unsecured', 'USDT', []],
      ['crypto_backed', 'USDT', ['BTC', 'ETH']],
    ]);
    expect(listed[0]?.limits.map((limit) => limit.verification)).toEqual(['verified']);
    const seeded = await testApp.database.db
      .selectFrom('audit_log')
      .select('target_id')
      .where('action', '=', 'lending.settings.seed')
      .execute();
    expect(seeded).toHaveLength(2);
    // A product an operator disabled stays disabled when the seed runs again.
    const unsecured = listed[0];
    if (!unsecured) throw new Error('no unsecured product');
    await setEnabled(unsecured.id, { enabled: false, version: 1, reason: 'not in this sandbox' });
    expect(await seedLoanSettings(testApp.database.db, assets(), at)).toBe(0);
    expect((await publicList()).map((item) => item.kind)).toEqual(['crypto_backed']);
  });
});
