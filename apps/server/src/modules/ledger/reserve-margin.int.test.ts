import { parseAmount } from '@openbourse/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../database.js';
import { migrate } from '../../platform/db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { auditLedger } from './ledger.audit.js';
import { getBalance, release, transfer } from './ledger.service.js';
import { reserveMargins } from './reserve-margin.js';

let database: TestDatabase;
let db: Db;
const usdt = (text: string) => parseAmount(text, 6);

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.url);
  db = database.db;
});
afterAll(() => database.drop());

const reservation = (userId: string, key: string, margin: string, fee: string) => ({
  book: 'live' as const,
  userId,
  subaccount: '',
  margin: usdt(margin),
  fee: usdt(fee),
  reference: { type: 'position', id: key },
  holdKey: `test:${key}:margin`,
  feeKey: `test:${key}:fee`,
});

describe('reserving margins for a group of opens', () => {
  it('carries each owner’s balance from one reservation to the next and refuses what the check refuses, alone', async () => {
    const [rich, broke] = ['5001', '5002'];
    await db.transaction().execute((trx) =>
      transfer(trx, {
        book: 'live',
        asset: 'USDT',
        from: { kind: 'treasury' },
        to: { kind: 'available', userId: rich },
        amount: usdt('100'),
        reason: 'deposit',
        idempotencyKey: `reserve-deposit:${rich}`,
      }),
    );
    const seen: Array<[string, bigint]> = [];
    const answers = await db.transaction().execute((trx) =>
      reserveMargins(
        trx,
        'USDT',
        [
          reservation(rich, 'a', '60', '1'),
          reservation(rich, 'b', '40', '0'),
          reservation(broke, 'c', '1', '0'),
          reservation(rich, 'd', '30', '1'),
        ],
        async (open, available) => {
          seen.push([open.reference.id, available]);
          return available >= open.margin + open.fee;
        },
      ),
    );
    // 100 − (60 + 1) = 39 left for b (40: refused), still 39 for d (30 + 1: taken), 8 left.
    expect(seen).toEqual([
      ['a', usdt('100')],
      ['b', usdt('39')],
      ['c', 0n],
      ['d', usdt('39')],
    ]);
    expect(answers.map((answer) => answer !== null)).toEqual([true, false, false, true]);
    expect(await getBalance(db, 'live', 'USDT', { kind: 'available', userId: rich })).toBe(usdt('8'));
    expect(await getBalance(db, 'live', 'USDT', { kind: 'held', userId: rich })).toBe(usdt('90'));
    expect(await getBalance(db, 'live', 'USDT', { kind: 'available', userId: broke })).toBe(0n);

    // Each answer is the hold of its own margin: releasing a's gives back its 60.
    await db
      .transaction()
      .execute((trx) => release(trx, { holdId: answers[0]?.holdId as string, idempotencyKey: 'test:a:release' }));
    expect(await getBalance(db, 'live', 'USDT', { kind: 'available', userId: rich })).toBe(usdt('68'));
    expect(await auditLedger(db)).toEqual([]);
  });

  it('moves nothing when every reservation is refused', async () => {
    const userId = '5003';
    const answers = await db
      .transaction()
      .execute((trx) => reserveMargins(trx, 'USDT', [reservation(userId, 'e', '1', '1')], () => false));
    expect(answers).toEqual([null]);
    expect(await getBalance(db, 'live', 'USDT', { kind: 'held', userId })).toBe(0n);
  });
});
