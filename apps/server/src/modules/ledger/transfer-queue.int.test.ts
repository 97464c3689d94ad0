import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../database.js';
import { migrate } from '../../platform/db/migrate.js';
import { AppError } from '../../platform/errors/app-error.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { auditLedger } from './ledger.audit.js';
import { getBalance, type TransferInput } from './ledger.service.js';
import { createTransferQueue } from './transfer-queue.js';

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.url);
  db = database.db;
});
afterAll(() => database.drop());

const fromTreasury = (userId: string, amount: bigint, key: string): TransferInput => ({
  book: 'live',
  asset: 'USDT',
  from: { kind: 'treasury' },
  to: { kind: 'available', userId },
  amount,
  reason: 'deposit',
  idempotencyKey: key,
});
const toFees = (userId: string, amount: bigint, key: string): TransferInput => ({
  book: 'live',
  asset: 'USDT',
  from: { kind: 'available', userId },
  to: { kind: 'fees' },
  amount,
  reason: 'trade_fee',
  idempotencyKey: key,
});
const available = (userId: string) => getBalance(db, 'live', 'USDT', { kind: 'available', userId });

describe('the single-writer transfer queue', () => {
  it('merges concurrent callers into one commit and answers each with its own results', async () => {
    const queue = createTransferQueue(db);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, caller) =>
        queue.submit([
          fromTreasury(`70${caller}`, 5n, `q1:${caller}:a`),
          fromTreasury(`70${caller}`, 7n, `q1:${caller}:b`),
        ]),
      ),
    );
    for (const results of answers) {
      expect(results.map((r) => [r.amount, r.isNew])).toEqual([
        [5n, true],
        [7n, true],
      ]);
      expect(new Set(results.map((r) => r.creditAccountId)).size).toBe(1);
    }
    // created_at is the transaction's start: the first caller's commit began at once, the
    // other nineteen queued behind it and shared a second one.
    const commits = new Set(answers.flat().map((r) => r.createdAt.getTime()));
    expect(commits.size).toBeLessThanOrEqual(2);
    // 5 + 7 = 12 minor units for each of the twenty callers.
    for (let caller = 0; caller < 20; caller += 1) expect(await available(`70${caller}`)).toBe(12n);
    expect(await auditLedger(db)).toEqual([]);
  });

  it('refuses one caller’s bad batch without failing the others merged with it', async () => {
    const queue = createTransferQueue(db);
    const [good, bad, alsoGood] = await Promise.allSettled([
      queue.submit([fromTreasury('801', 100n, 'q2:good')]),
      // 10 in, 11 out: 802's second transfer overdraws, so its batch is refused.
      queue.submit([fromTreasury('802', 10n, 'q2:bad:in'), toFees('802', 11n, 'q2:bad:out')]),
      queue.submit([fromTreasury('803', 3n, 'q2:also-good')]),
    ]);
    expect(good.status).toBe('fulfilled');
    expect(alsoGood.status).toBe('fulfilled');
    expect(bad.status).toBe('rejected');
    expect(bad.status === 'rejected' && bad.reason instanceof AppError && bad.reason.code).toBe(10011);
    expect(await available('801')).toBe(100n);
    // All-or-nothing per caller: the refused batch's first transfer did not stay either.
    expect(await available('802')).toBe(0n);
    expect(await available('803')).toBe(3n);
    expect(await auditLedger(db)).toEqual([]);
  });

  it('answers a key two callers share with one transfer, the second as a replay', async () => {
    const queue = createTransferQueue(db);
    const [first, second] = await Promise.all([
      queue.submit([fromTreasury('901', 50n, 'q3:shared')]),
      queue.submit([fromTreasury('901', 50n, 'q3:shared')]),
    ]);
    expect(first?.[0]?.id).toBe(second?.[0]?.id);
    expect([first?.[0]?.isNew, second?.[0]?.isNew].sort()).toEqual([false, true]);
    expect(await available('901')).toBe(50n);
    await queue.drain();
    expect(await auditLedger(db)).toEqual([]);
  });
});
