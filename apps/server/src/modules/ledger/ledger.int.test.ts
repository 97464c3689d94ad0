import { parseAmount } from '@openbourse/money';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../database.js';
import { migrate } from '../../platform/db/migrate.js';
import { AppError } from '../../platform/errors/app-error.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { auditLedger } from './ledger.audit.js';
import {
  capture,
  getBalance,
  getBalances,
  hold,
  listEntries,
  release,
  transfer,
  transferBatch,
} from './ledger.service.js';

let database: TestDatabase;
let db: Db;
let users = 0;
const newUser = () => {
  users += 1;
  return String(1000 + users);
};
const usdt = (text: string) => parseAmount(text, 6);
const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
};
/** Runs `work` in a transaction, as every caller of the ledger does. */
const inTransaction = <T>(work: (trx: Db) => Promise<T>) => db.transaction().execute((trx) => work(trx));
/** Money arriving from the treasury into a user's available account. */
const deposit = (
  book: 'live' | 'demo',
  asset: string,
  user: string,
  amount: bigint,
  key: string,
  reason: 'deposit' | 'demo_funding' = 'deposit',
) =>
  inTransaction((trx) =>
    transfer(trx, {
      book,
      asset,
      from: { kind: 'treasury' },
      to: { kind: 'available', userId: user },
      amount,
      reason,
      idempotencyKey: key,
    }),
  );

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.url);
  db = database.db;
});
afterAll(() => database.drop());

describe('ledger scenarios on real PostgreSQL', () => {
  it('funds a demo book from the demo treasury and keeps every balance a sum', async () => {
    const user = newUser();
    // 100,000 USDT at 6 decimals = 100,000 × 10^6 = 100,000,000,000 minor units.
    await deposit('demo', 'USDT', user, usdt('100000'), `demo-funding:${user}`, 'demo_funding');
    expect(await getBalance(db, 'demo', 'USDT', { kind: 'available', userId: user })).toBe(100_000_000_000n);
    // The live book saw nothing.
    expect(await getBalance(db, 'live', 'USDT', { kind: 'available', userId: user })).toBe(0n);
    expect(await auditLedger(db)).toEqual([]);
  });

  it('moves 18-decimal ETH down to one wei, exactly', async () => {
    const user = newUser();
    // 1.5 ETH in, then 0.499999999999999999 out: 1.5 − 0.499999999999999999 = 1.000000000000000001 ETH.
    await inTransaction(async (trx) => {
      await transfer(trx, {
        book: 'live',
        asset: 'ETH',
        from: { kind: 'clearing', name: 'ethereum' },
        to: { kind: 'available', userId: user },
        amount: parseAmount('1.5', 18),
        reason: 'deposit',
        idempotencyKey: `eth-in:${user}`,
      });
      await transfer(trx, {
        book: 'live',
        asset: 'ETH',
        from: { kind: 'available', userId: user },
        to: { kind: 'clearing', name: 'ethereum' },
        amount: parseAmount('0.499999999999999999', 18),
        reason: 'withdrawal',
        idempotencyKey: `eth-out:${user}`,
      });
    });
    expect(await getBalance(db, 'live', 'ETH', { kind: 'available', userId: user })).toBe(1_000_000_000_000_000_001n);
    // The outside world (clearing) is exactly the mirror image: −1.000000000000000001 ETH net for this user.
    const balances = await getBalances(db, 'live', user);
    expect(balances.find((b) => b.asset === 'ETH')).toMatchObject({
      available: 1_000_000_000_000_000_001n,
      held: 0n,
      decimals: 18,
    });
  });

  it('answers a repeated idempotency key with the first transfer and moves nothing; other parameters are refused', async () => {
    const user = newUser();
    const input = {
      book: 'live' as const,
      asset: 'USDT',
      from: { kind: 'treasury' as const },
      to: { kind: 'available' as const, userId: user },
      amount: usdt('10'),
      reason: 'adjustment' as const,
      operator: { id: '1', reason: 'goodwill credit' },
      idempotencyKey: `repeat:${user}`,
    };
    const first = await inTransaction((trx) => transfer(trx, input));
    const second = await inTransaction((trx) => transfer(trx, input));
    expect(second).toMatchObject({ id: first.id, isNew: false });
    expect(await getBalance(db, 'live', 'USDT', { kind: 'available', userId: user })).toBe(10_000_000n);
    expect(await codeOf(inTransaction((trx) => transfer(trx, { ...input, amount: usdt('11') })))).toBe(10128);
    expect(await getBalance(db, 'live', 'USDT', { kind: 'available', userId: user })).toBe(10_000_000n);
  });

  it('refuses to take more than a user has and moves nothing', async () => {
    const user = newUser();
    await deposit('live', 'USDT', user, usdt('5'), `in:${user}`, 'deposit');
    // 5 − 5.000001 < 0: refused.
    const outcome = await codeOf(
      inTransaction((trx) =>
        transfer(trx, {
          book: 'live',
          asset: 'USDT',
          from: { kind: 'available', userId: user },
          to: { kind: 'fees' },
          amount: usdt('5.000001'),
          reason: 'trade_fee',
          idempotencyKey: `fee:${user}`,
        }),
      ),
    );
    expect(outcome).toBe(10011);
    expect(await getBalance(db, 'live', 'USDT', { kind: 'available', userId: user })).toBe(5_000_000n);
  });

  it('holds, releases once, and refuses a capture of a released hold', async () => {
    const user = newUser();
    await deposit('live', 'USDC', user, usdt('100'), `in:${user}`, 'deposit');
    // Hold 30 of 100: available 70, held 30.
    const { holdId } = await inTransaction((trx) =>
      hold(trx, {
        book: 'live',
        asset: 'USDC',
        userId: user,
        amount: usdt('30'),
        reason: 'nft_bid_hold',
        idempotencyKey: `hold:${user}`,
      }),
    );
    expect((await getBalances(db, 'live', user)).find((b) => b.asset === 'USDC')).toMatchObject({
      available: 70_000_000n,
      held: 30_000_000n,
    });
    await inTransaction((trx) => release(trx, { holdId, idempotencyKey: `release:${user}` }));
    // The same release again answers its first result; another release or a capture is refused.
    expect(await codeOf(inTransaction((trx) => release(trx, { holdId, idempotencyKey: `release:${user}` })))).toBe(
      'ok',
    );
    expect(
      await codeOf(inTransaction((trx) => release(trx, { holdId, idempotencyKey: `release-again:${user}` }))),
    ).toBe(10130);
    expect(
      await codeOf(
        inTransaction((trx) =>
          capture(trx, { holdId, to: { kind: 'fees' }, reason: 'capture', idempotencyKey: `capture:${user}` }),
        ),
      ),
    ).toBe(10130);
    expect((await getBalances(db, 'live', user)).find((b) => b.asset === 'USDC')).toMatchObject({
      available: 100_000_000n,
      held: 0n,
    });
  });

  it('captures a hold into another account', async () => {
    const user = newUser();
    await inTransaction(async (trx) => {
      await transfer(trx, {
        book: 'live',
        asset: 'USDT',
        from: { kind: 'treasury' },
        to: { kind: 'available', userId: user },
        amount: usdt('50'),
        reason: 'deposit',
        idempotencyKey: `in:${user}`,
      });
      const { holdId } = await hold(trx, {
        book: 'live',
        asset: 'USDT',
        userId: user,
        amount: usdt('20'),
        reason: 'nft_bid_hold',
        idempotencyKey: `hold:${user}`,
      });
      await capture(trx, {
        holdId,
        to: { kind: 'charity', name: 'clean-water' },
        reason: 'donation',
        idempotencyKey: `capture:${user}`,
      });
    });
    // 50 − 20 = 30 left; the charity account received 20.
    expect(await getBalance(db, 'live', 'USDT', { kind: 'available', userId: user })).toBe(30_000_000n);
    expect(await getBalance(db, 'live', 'USDT', { kind: 'charity', name: 'clean-water' })).toBe(20_000_000n);
  });

  it.each([
    ['zero', 0n, 10131],
    ['a negative amount', -1n, 10131],
    ['an astronomically large amount', 10n ** 40n, 10131],
  ])('refuses %s and moves nothing', async (_label, amount, code) => {
    const user = newUser();
    expect(
      await codeOf(
        inTransaction((trx) =>
          transfer(trx, {
            book: 'live',
            asset: 'USDT',
            from: { kind: 'treasury' },
            to: { kind: 'available', userId: user },
            amount,
            reason: 'deposit',
            idempotencyKey: `bad:${user}`,
          }),
        ),
      ),
    ).toBe(code);
    expect(await getBalance(db, 'live', 'USDT', { kind: 'available', userId: user })).toBe(0n);
  });

  it('refuses an unknown asset', async () => {
    const user = newUser();
    expect(
      await codeOf(
        inTransaction((trx) =>
          transfer(trx, {
            book: 'live',
            asset: 'DOGE',
            from: { kind: 'treasury' },
            to: { kind: 'available', userId: user },
            amount: 1n,
            reason: 'deposit',
            idempotencyKey: `doge:${user}`,
          }),
        ),
      ),
    ).toBe(10129);
  });

  it('cannot join two books in one transfer, even by hand-written SQL', async () => {
    const user = newUser();
    await deposit('demo', 'USDT', user, 1n, `x-demo:${user}`, 'demo_funding');
    await deposit('live', 'USDT', user, 1n, `x-live:${user}`, 'deposit');
    const accounts = await db
      .selectFrom('ledger_accounts')
      .select(['id', 'book'])
      .where('user_id', '=', user)
      .execute();
    const demo = accounts.find((a) => a.book === 'demo')?.id;
    const live = accounts.find((a) => a.book === 'live')?.id;
    const crossing = sql`INSERT INTO ledger_transfers (book, asset, debit_account_id, credit_account_id, amount, reason, idempotency_key, request_hash)
      VALUES ('demo', 'USDT', ${demo}, ${live}, 1, 'adjustment', ${`cross:${user}`}, 'x')`;
    await expect(crossing.execute(db)).rejects.toThrow(/foreign key/);
  });

  it('lists a statement newest first, signed from the user side, with the balance after each entry', async () => {
    const user = newUser();
    await inTransaction(async (trx) => {
      await transfer(trx, {
        book: 'live',
        asset: 'USDT',
        from: { kind: 'treasury' },
        to: { kind: 'available', userId: user },
        amount: usdt('12'),
        reason: 'deposit',
        idempotencyKey: `s1:${user}`,
      });
      await transfer(trx, {
        book: 'live',
        asset: 'USDT',
        from: { kind: 'available', userId: user },
        to: { kind: 'fees' },
        amount: usdt('2'),
        reason: 'trade_fee',
        idempotencyKey: `s2:${user}`,
      });
    });
    const { entries, total } = await listEntries(db, { book: 'live', userId: user, page: 1, size: 10 });
    expect(total).toBe(2);
    // 12 in (balance 12), then 2 out (balance 10); newest first.
    expect(entries.map((e) => [e.reason, e.amount, e.balanceAfter])).toEqual([
      ['trade_fee', -2_000_000n, 10_000_000n],
      ['deposit', 12_000_000n, 12_000_000n],
    ]);
    const fees = await listEntries(db, { book: 'live', userId: user, reason: 'trade_fee', page: 1, size: 10 });
    expect(fees.total).toBe(1);
  });

  it('applies a batch all or nothing', async () => {
    const user = newUser();
    const outcome = await codeOf(
      inTransaction((trx) =>
        transferBatch(trx, [
          {
            book: 'live',
            asset: 'USDT',
            from: { kind: 'treasury' },
            to: { kind: 'available', userId: user },
            amount: usdt('1'),
            reason: 'deposit',
            idempotencyKey: `b1:${user}`,
          },
          {
            book: 'live',
            asset: 'USDT',
            from: { kind: 'available', userId: user },
            to: { kind: 'fees' },
            amount: usdt('2'),
            reason: 'trade_fee',
            idempotencyKey: `b2:${user}`,
          },
        ]),
      ),
    );
    expect(outcome).toBe(10011);
    expect(await getBalance(db, 'live', 'USDT', { kind: 'available', userId: user })).toBe(0n);
  });

  it('the audit finds a stored balance that drifted from its entries', async () => {
    const user = newUser();
    await deposit('live', 'BTC', user, 5n, `btc:${user}`, 'deposit');
    expect(await auditLedger(db)).toEqual([]);
    await db
      .updateTable('ledger_accounts')
      .set({ balance: '6' })
      .where('user_id', '=', user)
      .where('asset', '=', 'BTC')
      .execute();
    const findings = await auditLedger(db);
    expect(findings.map((f) => f.invariant)).toEqual(
      expect.arrayContaining(['stored balance equals its entries', 'balances sum to zero per asset and book']),
    );
    await db
      .updateTable('ledger_accounts')
      .set({ balance: '5' })
      .where('user_id', '=', user)
      .where('asset', '=', 'BTC')
      .execute();
    expect(await auditLedger(db)).toEqual([]);
  });
});
