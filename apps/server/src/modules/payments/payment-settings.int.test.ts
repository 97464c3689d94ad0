import type { TPaymentAssetSettings } from '@openbourse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createUserWithSession } from '../../test/test-users.js';
import { findAssetSettings } from './index.js';

/** Payments settings per asset (#14): stored now, read by the payments issue; validated and audited. */
let testApp: TestApp;
let adminToken: string;
let userToken: string;

async function call<T>(token: string | null, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await testApp.app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: token } : {}), 'x-request-id': 'payment-settings-test' },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as { code: number; data: T } };
}
const update = (asset: string, payload: object, token: string | null = adminToken) =>
  call<TPaymentAssetSettings>(token, 'POST', `/swx/admin/payment-settings/${asset}`, payload);
const auditRows = () =>
  testApp.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'payments.settings.update').execute();

beforeAll(async () => {
  testApp = await createTestApp();
  adminToken = (await createUserWithSession(testApp, ['admin'])).token;
  userToken = (await createUserWithSession(testApp)).token;
}, 60_000);
afterAll(() => testApp.close());

describe('the back-office payments settings', () => {
  it('lists the seeded minimums (SPEC §9) as decimal strings', async () => {
    const listed = await call<{ items: TPaymentAssetSettings[] }>(adminToken, 'GET', '/swx/admin/payment-settings');
    expect(listed.status).toBe(200);
    const byAsset = Object.fromEntries(listed.body.data.items.map((item) => [item.asset, item]));
    expect(byAsset.USDT).toMatchObject({
      depositMinimum: '120',
      withdrawalMinimum: '0',
      withdrawalMaximum: null,
      withdrawalFeeRate: '0',
    });
    expect(byAsset.BTC?.depositMinimum).toBe('0.015');
    expect(byAsset.ETH?.depositMinimum).toBe('0.2');
  });

  it('changes an asset with one audit row, and the payments face reads the new values', async () => {
    const changed = await update('USDT', {
      depositMinimum: '150.5',
      withdrawalMinimum: '20',
      withdrawalMaximum: '50000',
      withdrawalFeeRate: '0.001',
      reason: 'new limits',
    });
    expect(changed.body).toMatchObject({
      code: 200,
      data: { asset: 'USDT', depositMinimum: '150.5', withdrawalMaximum: '50000', withdrawalFeeRate: '0.001' },
    });
    expect(await findAssetSettings(testApp.database.db, 'USDT')).toMatchObject({
      depositMinimum: '150.5',
      withdrawalMinimum: '20',
    });
    // The same values again change nothing and write nothing.
    await update('USDT', { depositMinimum: '150.50', reason: 'again' });
    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      target_type: 'payment_asset',
      target_id: 'USDT',
      before: { depositMinimum: '120', withdrawalMaximum: null },
      after: { depositMinimum: '150.5', withdrawalMaximum: '50000' },
      reason: 'new limits',
      request_id: 'payment-settings-test',
    });
  });

  it('refuses negative amounts, numbers, a minimum above the maximum and an unknown asset; nothing changes', async () => {
    const before = await findAssetSettings(testApp.database.db, 'USDT');
    const rowsBefore = (await auditRows()).length;
    expect((await update('USDT', { depositMinimum: '-1', reason: 'no' })).body.code).toBe(10100);
    expect((await update('USDT', { depositMinimum: 100, reason: 'no' })).body.code).toBe(10100);
    expect((await update('USDT', { withdrawalFeeRate: '1', reason: 'no' })).body.code).toBe(10100);
    expect((await update('USDT', { withdrawalMinimum: '60000', reason: 'no' })).body.code).toBe(10100);
    expect((await update('USDT', { withdrawalMaximum: '10', reason: 'no' })).body.code).toBe(10100);
    expect((await update('DOGE', { depositMinimum: '1', reason: 'no' })).body.code).toBe(10100);
    expect((await update('USDT', { depositMinimum: '1' })).body.code).toBe(10100);
    expect(await findAssetSettings(testApp.database.db, 'USDT')).toEqual(before);
    expect((await auditRows()).length).toBe(rowsBefore);
  });

  it('answers a visitor 401 and a plain user 403', async () => {
    expect((await update('USDT', { depositMinimum: '1', reason: 'x' }, null)).status).toBe(401);
    expect((await update('USDT', { depositMinimum: '1', reason: 'x' }, userToken)).status).toBe(403);
    expect((await call(userToken, 'GET', '/swx/admin/payment-settings')).status).toBe(403);
  });
});
