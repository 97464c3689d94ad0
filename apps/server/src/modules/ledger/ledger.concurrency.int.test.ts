import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAppDatabase as createDatabase, type Db } from '../../database.js';
import { migrate } from '../../platform/db/migrate.js';
import { AppError } from '../../platform/errors/app-error.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { auditLedger } from './ledger.audit.js';
import { type AccountRef, getBalance, transfer } from './ledger.service.js';

/**
 * 50 concurrent clients, each on its own connection, moving money at random between 19 user
 * accounts and the treasury. Consistent lock order means no deadlock reaches a client; every
 * refusal is a catalogue code (insufficient balance); afterwards the audit is clean and no
 * user balance is negative.
 */
let database: TestDatabase;
let pool: Db;
const USERS = Array.from({ length: 19 }, (_, i) => String(5000 + i));
const CLIENTS = 50;
const TRANSFERS_PER_CLIENT = 30;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.url);
  pool = createDatabase(database.url, { max: CLIENTS });
  // Every user starts with 1,000 units from the treasury.
  await pool.transaction().execute(async (trx) => {
    for (const user of USERS) {
      await transfer(trx, {
        book: 'live',
        asset: 'USDT',
        from: { kind: 'treasury' },
        to: { kind: 'available', userId: user },
        amount: 1000n,
        reason: 'deposit',
        idempotencyKey: `seed:${user}`,
      });
    }
  });
});
afterAll(async () => {
  await pool.destroy();
  await database.drop();
});

it('lets 50 clients transfer at once over 20 accounts without deadlock, lost update or negative balance', async () => {
  const accounts: AccountRef[] = [
    { kind: 'treasury' },
    ...USERS.map((userId) => ({ kind: 'available' as const, userId })),
  ];
  let seed = 42;
  const random = (n: number) => {
    // A small deterministic generator: the same run every time.
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  const plans = Array.from({ length: CLIENTS }, (_, client) =>
    Array.from({ length: TRANSFERS_PER_CLIENT }, (_, n) => {
      const from = random(accounts.length);
      const to = (from + 1 + random(accounts.length - 1)) % accounts.length;
      return {
        from: accounts[from] as AccountRef,
        to: accounts[to] as AccountRef,
        amount: BigInt(1 + random(120)),
        key: `c${client}:${n}`,
      };
    }),
  );
  const unexpected: unknown[] = [];
  let refused = 0;
  await Promise.all(
    plans.map(async (plan) => {
      for (const step of plan) {
        try {
          await pool.transaction().execute((trx) =>
            transfer(trx, {
              book: 'live',
              asset: 'USDT',
              from: step.from,
              to: step.to,
              amount: step.amount,
              reason: 'adjustment',
              operator: { id: '1', reason: 'load' },
              idempotencyKey: step.key,
            }),
          );
        } catch (error) {
          if (error instanceof AppError && error.code === 10011) refused += 1;
          else unexpected.push(error);
        }
      }
    }),
  );
  expect(unexpected).toEqual([]);
  expect(await auditLedger(pool)).toEqual([]);
  let total = 0n;
  for (const user of USERS) {
    const balance = await getBalance(pool, 'live', 'USDT', { kind: 'available', userId: user });
    expect(balance).toBeGreaterThanOrEqual(0n);
    total += balance;
  }
  // Nothing was created or lost: users plus treasury still net to zero.
  expect(total + (await getBalance(pool, 'live', 'USDT', { kind: 'treasury' }))).toBe(0n);
  expect(refused).toBeLessThan(CLIENTS * TRANSFERS_PER_CLIENT);
}, 120_000);
