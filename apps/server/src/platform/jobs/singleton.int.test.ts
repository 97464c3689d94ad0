import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { migrate } from '../db/migrate.js';
import { runSingleton, SINGLETON_LOCK_CLASS, type Singleton, type SingletonOptions } from './singleton.js';

/**
 * Singleton workers (issue 15): of several contenders for one key exactly one runs its loop;
 * stopping it, or its connection dropping, hands the lead to another within the retry interval.
 */

const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };
const RETRY_MS = 100;

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const startedAt = Date.now();
  while (!(await condition())) {
    if (Date.now() - startedAt > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A contender whose loop counts as "running" from its start until its signal aborts and it returns. */
function contender(name: string, connection: SingletonOptions['connection'], lockKey: string, running: Set<string>) {
  const log: string[] = [];
  let overlaps = 0;
  const singleton = runSingleton({
    connection,
    lockKey,
    name,
    log: quiet,
    retryMs: RETRY_MS,
    loop: async (signal) => {
      if (running.size > 0) overlaps += 1;
      running.add(name);
      log.push('start');
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      running.delete(name);
      log.push('end');
    },
  });
  return { name, singleton, log, overlaps: () => overlaps };
}

/** Which backend holds the singleton lock for `key` in this test's database (none: null). */
async function lockHolderPid(db: Kysely<unknown>, key: string): Promise<number | null> {
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_locks
    WHERE locktype = 'advisory' AND granted AND classid = ${SINGLETON_LOCK_CLASS}
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND objid = (hashtext(${key})::bigint & 4294967295)::oid AND objsubid = 2`.execute(db);
  return rows[0]?.pid ?? null;
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.url);
});
afterAll(() => database.drop());

describe.each([
  ['a dedicated connection', 'string'],
  ['a client held from a pg pool', 'pool'],
] as const)('runSingleton on %s', (_label, kind) => {
  const pools: pg.Pool[] = [];
  const connection = (): SingletonOptions['connection'] => {
    if (kind === 'string') return { connectionString: database.url };
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    pool.on('error', () => undefined);
    pools.push(pool);
    return { pool };
  };
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
  });

  it('lets exactly one of three contenders lead; stopping the leader hands over to one other', async () => {
    const running = new Set<string>();
    const key = `test-singleton-${kind}-handover-${randomUUID()}`;
    const contenders = ['a', 'b', 'c'].map((name) => contender(name, connection(), key, running));
    const all: Singleton[] = contenders.map((entry) => entry.singleton);
    try {
      await until(() => running.size === 1);
      // Give the others several retries: still exactly one.
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 4));
      expect(running.size).toBe(1);
      expect(all.filter((singleton) => singleton.isLeader())).toHaveLength(1);
      const leader = contenders.find((entry) => entry.singleton.isLeader());
      expect(leader && running.has(leader.name)).toBe(true);
      expect(await lockHolderPid(database.db as unknown as Kysely<unknown>, key)).not.toBeNull();

      const stoppedAt = Date.now();
      await leader?.singleton.stop();
      expect(leader?.log).toEqual(['start', 'end']);
      expect(leader?.singleton.isLeader()).toBe(false);
      await until(() => running.size === 1);
      // Within a few retry intervals (generous: test machines are busy).
      expect(Date.now() - stoppedAt).toBeLessThan(RETRY_MS * 10);
      const next = contenders.find((entry) => entry.singleton.isLeader());
      expect(next).toBeDefined();
      expect(next?.name).not.toBe(leader?.name);
      expect(contenders.reduce((sum, entry) => sum + entry.overlaps(), 0)).toBe(0);
    } finally {
      await Promise.all(all.map((singleton) => singleton.stop()));
    }
    expect(running.size).toBe(0);
    // Every contender stopped: the lock is free.
    expect(await lockHolderPid(database.db as unknown as Kysely<unknown>, key)).toBeNull();
  });

  it('aborts the loop when the lock connection drops, and another contender takes over', async () => {
    const running = new Set<string>();
    const key = `test-singleton-${kind}-drop-${randomUUID()}`;
    const first = contender('first', connection(), key, running);
    await until(() => first.singleton.isLeader() && running.has('first'));
    const second = contender('second', connection(), key, running);
    try {
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 2));
      expect(second.singleton.isLeader()).toBe(false);
      const pid = await lockHolderPid(database.db as unknown as Kysely<unknown>, key);
      expect(pid).not.toBeNull();
      // The database kills the leader's session (as a restart or a network cut would).
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      } finally {
        await admin.end();
      }
      await until(() => first.log.includes('end'));
      // A contender leads again (the second, or the first once reconnected): exactly one.
      await until(() => running.size === 1);
      expect([first, second].filter((entry) => entry.singleton.isLeader())).toHaveLength(1);
      expect(first.log.slice(0, 2)).toEqual(['start', 'end']);
      expect(await lockHolderPid(database.db as unknown as Kysely<unknown>, key)).not.toBe(pid);
    } finally {
      await Promise.all([first.singleton.stop(), second.singleton.stop()]);
    }
  });
});
