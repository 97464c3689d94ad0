import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TLoan } from '@openbourse/contracts';
import { Decimal, parseAmount } from '@openbourse/money';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../platform/clock.js';
import { plainPng } from '../../test/images.js';
import { createLendingTestApp } from '../../test/lending-test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { createUserWithSession } from '../../test/test-users.js';
import { uploadImage } from '../../test/upload-rows.js';
import { auditLedger, getBalance, transfer } from '../ledger/index.js';

/**
 * Crypto-backed loans over random price paths, stale prices, days passing and random repayments,
 * through the whole app on PostgreSQL and its real ledger (the domain's own property test runs the
 * same rules on a model ledger, many more times). After every step: the USDT and the BTC of the
 * treasury and the borrower together are what they were (money is never created or lost), the
 * borrower's held BTC is the loan's collateral, no balance is negative, the ledger's audit is
 * clean, and a stale price changed nothing.
 */
const DAY_MS = 86_400_000;
const AT = Date.UTC(2026, 6, 1, 12, 0, 30);
let offsetMs = 0;
const clock: Clock = { now: () => new Date(AT + offsetMs) };
let testApp: TestApp;
let dataDir: string;
let settingId: string;

type Envelope<T> = { code: number; data: T; msg: string };

async function call<T>(method: 'GET' | 'POST', url: string, token: string, body?: object) {
  const response = await testApp.app.inject({
    method,
    url,
    headers: { authorization: token, virtually: 'NO' },
    ...(body ? { payload: body } : {}),
  });
  return response.json() as Envelope<T>;
}

async function tick(price: string, ageMs = 0) {
  testApp.app.services.marketHub.ingest('test', [{ code: 'BTCUSDT', price, time: AT + offsetMs - ageMs }]);
  await testApp.app.services.lending.engine.idle();
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'loans-property-'));
  ({ testApp, cryptoSettingId: settingId } = await createLendingTestApp({
    clock,
    dataDir,
    fileStoreKey: randomBytes(32).toString('hex'),
  }));
}, 90_000);

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Step =
  | { kind: 'price'; price: number }
  | { kind: 'stale'; price: number }
  | { kind: 'days'; days: number }
  | { kind: 'repay'; share: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.integer({ min: 15_000, max: 70_000 }).map((price) => ({ kind: 'price' as const, price })),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 20_000 }).map((price) => ({ kind: 'stale' as const, price })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 20 }).map((days) => ({ kind: 'days' as const, days })) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 100 }).map((share) => ({ kind: 'repay' as const, share })) },
);

describe('crypto-backed loans on the real ledger', () => {
  it('conserve money, keep collateral = held, never go negative, and ignore stale prices', async () => {
    const db = testApp.database.db;
    /**
     * Every user's balances of the asset (available and held) and the treasury's together: what
     * loans move between (older runs' loans keep living and may be liquidated by this run's prices,
     * so the sum is over every borrower).
     */
    const pooled = async (asset: string): Promise<bigint> => {
      const users = await db
        .selectFrom('ledger_accounts')
        .select((eb) => eb.fn.sum<string>('balance').as('total'))
        .where('book', '=', 'live')
        .where('asset', '=', asset)
        .where('kind', 'in', ['available', 'held'])
        .executeTakeFirst();
      return BigInt(users?.total ?? '0') + (await getBalance(db, 'live', asset, { kind: 'treasury' }));
    };
    const totals = async (userId: string) => ({
      usdt: await pooled('USDT'),
      btc: await pooled('BTC'),
      usdtAvailable: await getBalance(db, 'live', 'USDT', { kind: 'available', userId }),
      btcAvailable: await getBalance(db, 'live', 'BTC', { kind: 'available', userId }),
      btcHeld: await getBalance(db, 'live', 'BTC', { kind: 'held', userId }),
    });
    await fc.assert(
      fc.asyncProperty(
        // Up to the loan four-eyes threshold (10,000): paid out at once on signing.
        fc.integer({ min: 100, max: 10_000 }),
        fc.array(stepArbitrary, { minLength: 3, maxLength: 12 }),
        async (amount, steps) => {
          // Time only moves forward (the hub keeps no price older than its last one).
          offsetMs += DAY_MS;
          await tick('60000');
          const user = await createUserWithSession(testApp);
          await db.transaction().execute((trx) =>
            transfer(trx, {
              book: 'live',
              asset: 'BTC',
              from: { kind: 'clearing', name: 'deposits:property' },
              to: { kind: 'available', userId: user.id },
              amount: parseAmount('0.5', 8),
              reason: 'deposit',
              idempotencyKey: `property-deposit:${user.id}`,
            }),
          );
          const offer = await call<TLoan>('POST', '/swx/customer/user/loan', user.token, {
            settingId,
            amount: String(amount),
            term: 90,
            collateralAsset: 'BTC',
            collateralAmount: '0.5',
          });
          expect(offer.code, offer.msg).toBe(200);
          const signatureFileId = await uploadImage(testApp, user.token, await plainPng(80, 30), 's.png');
          const signed = await call<TLoan>('POST', `/swx/customer/user/loan/${offer.data.id}/sign`, user.token, {
            signatureFileId,
            typedName: 'Property Test',
          });
          expect(signed.code, signed.msg).toBe(200);
          const start = await totals(user.id);
          for (const step of steps) {
            const before = await call<TLoan>('GET', `/swx/customer/user/loan/${offer.data.id}`, user.token);
            if (step.kind === 'price') await tick(String(step.price));
            if (step.kind === 'stale') {
              await tick(String(step.price), 20_000);
              const after = await call<TLoan>('GET', `/swx/customer/user/loan/${offer.data.id}`, user.token);
              expect(after.data.collateral?.amount).toBe(before.data.collateral?.amount);
              expect(after.data.status).toBe(before.data.status);
            }
            if (step.kind === 'days') {
              offsetMs += step.days * DAY_MS;
              await testApp.app.services.lending.runUpkeep();
            }
            if (step.kind === 'repay' && before.data.canRepay) {
              const outstanding = Decimal.parse(before.data.outstanding);
              const available = Decimal.fromMinorUnits((await totals(user.id)).usdtAvailable, 6);
              const wanted = outstanding.mul(Decimal.fromInteger(step.share)).div(Decimal.fromInteger(100), 6, 'floor');
              const repayment = Decimal.min(wanted, available);
              if (repayment.isPositive()) {
                const answer = await call<TLoan>(
                  'POST',
                  `/swx/customer/user/repayLoan?loanId=${offer.data.id}&amount=${repayment.toString()}`,
                  user.token,
                );
                expect(answer.code, answer.msg).toBe(200);
              }
            }
            const now = await totals(user.id);
            expect(now.usdt).toBe(start.usdt);
            expect(now.btc).toBe(start.btc);
            expect(now.usdtAvailable >= 0n && now.btcAvailable >= 0n && now.btcHeld >= 0n).toBe(true);
            const loan = await call<TLoan>('GET', `/swx/customer/user/loan/${offer.data.id}`, user.token);
            // What the loan holds now (zero once it is closed) is what the ledger holds for it.
            expect(Decimal.fromMinorUnits(now.btcHeld, 8).toString()).toBe(loan.data.collateral?.amount);
          }
          expect(await auditLedger(db)).toEqual([]);
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);
});
