import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { inRetriedTransaction, isTransientConflict } from './retried-transaction.js';

describe('a transaction run again when PostgreSQL rolls it back as a deadlock victim', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await sql`CREATE TABLE counters (id int PRIMARY KEY, value int NOT NULL)`.execute(database.db);
    await sql`INSERT INTO counters VALUES (1, 0), (2, 0)`.execute(database.db);
  });
  afterAll(() => database.drop());

  it('two transactions locking two rows in opposite orders both commit, the victim on its second run (#13)', async () => {
    // Each takes its first row, waits until the other has taken its own, then asks for the
    // other's: a deadlock PostgreSQL breaks by rolling one of them back (40P01).
    let firstLocks = 0;
    let bothHoldOne: () => void = () => undefined;
    const barrier = new Promise<void>((resolve) => {
      bothHoldOne = resolve;
    });
    let runs = 0;
    const incrementBoth = (first: number, second: number) =>
      inRetriedTransaction(database.db, async (trx) => {
        runs += 1;
        await sql`UPDATE counters SET value = value + 1 WHERE id = ${first}`.execute(trx);
        firstLocks += 1;
        if (firstLocks === 2) bothHoldOne();
        await barrier;
        await sql`UPDATE counters SET value = value + 1 WHERE id = ${second}`.execute(trx);
      });
    await Promise.all([incrementBoth(1, 2), incrementBoth(2, 1)]);
    expect(runs).toBe(3);
    const rows = await sql<{ id: number; value: number }>`SELECT id, value FROM counters ORDER BY id`.execute(
      database.db,
    );
    // Each committed once: both rows counted twice, the victim's first run left nothing.
    expect(rows.rows).toEqual([
      { id: 1, value: 2 },
      { id: 2, value: 2 },
    ]);
  });

  it('does not run again for any other error', async () => {
    let runs = 0;
    await expect(
      inRetriedTransaction(database.db, async (trx) => {
        runs += 1;
        await sql`INSERT INTO counters VALUES (1, 0)`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(runs).toBe(1);
  });

  it('knows the two codes of a lost lock race and nothing else', () => {
    expect(isTransientConflict({ code: '40P01' })).toBe(true);
    expect(isTransientConflict({ code: '40001' })).toBe(true);
    expect(isTransientConflict({ code: '23505' })).toBe(false);
    expect(isTransientConflict(null)).toBe(false);
  });
});
