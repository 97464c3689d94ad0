import { sql } from 'kysely';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAppDatabase } from '../../database.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import type { Clock } from '../clock.js';
import { migrate } from '../db/migrate.js';
import { createJobs, type Jobs, retryDelayMs } from './jobs.js';

/**
 * The platform's durable jobs (issue 15) on a real PostgreSQL: run once, never twice under two
 * competing workers, retried with backoff then failed with the error, a dead worker's lease taken
 * back, singleton keys, and enqueueing inside the caller's transaction.
 */

type LogLine = { level: 'error' | 'warn' | 'info'; obj: object; msg?: string };
function recordingLog() {
  const lines: LogLine[] = [];
  return {
    lines,
    error: (obj: object, msg?: string) => lines.push({ level: 'error', obj, msg }),
    warn: (obj: object, msg?: string) => lines.push({ level: 'warn', obj, msg }),
    info: (obj: object, msg?: string) => lines.push({ level: 'info', obj, msg }),
  };
}

/** A clock the test moves. */
function movableClock(start = Date.now()): Clock & { advance(ms: number): void } {
  let at = start;
  return { now: () => new Date(at), advance: (ms) => (at += ms) };
}

async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const startedAt = Date.now();
  while (!(await condition())) {
    if (Date.now() - startedAt > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let database: TestDatabase;
const started: Jobs[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.url);
});
afterAll(async () => {
  await Promise.all(started.map((jobs) => jobs.stop()));
  await database.drop();
});
beforeEach(async () => {
  await Promise.all(started.splice(0).map((jobs) => jobs.stop()));
  await sql`TRUNCATE platform_jobs`.execute(database.db);
});

const jobRows = () => database.db.selectFrom('platform_jobs').selectAll().orderBy('id').execute();

describe('platform jobs', () => {
  it('runs an enqueued job once, with its payload, and marks it done', async () => {
    const clock = movableClock();
    const jobs = createJobs({ db: database.db, log: recordingLog(), clock, pollMs: 20 });
    const seen: unknown[] = [];
    jobs.define<{ n: number; tags: string[] }>('test.once', async (payload, ctx) => {
      seen.push({ payload, attempt: ctx.attempt });
    });
    const id = await jobs.enqueue(database.db, 'test.once', { n: 7, tags: ['a', 'b'] });
    expect(id).toMatch(/^\d+$/);
    started.push(jobs);
    await jobs.start();
    await until(async () => (await jobRows())[0]?.state === 'done');
    // Further polls do not run it again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toEqual([{ payload: { n: 7, tags: ['a', 'b'] }, attempt: 1 }]);
    const [row] = await jobRows();
    expect(row).toMatchObject({ state: 'done', attempts: 1, locked_by: null, locked_until: null, last_error: null });
    expect(row?.finished_at).toEqual(clock.now());
  });

  it('does not run a job before its time', async () => {
    const clock = movableClock();
    const jobs = createJobs({ db: database.db, log: recordingLog(), clock });
    let runs = 0;
    jobs.define('test.later', async () => {
      runs += 1;
    });
    await jobs.enqueue(database.db, 'test.later', {}, { runAt: new Date(clock.now().getTime() + 60_000) });
    expect(await jobs.drain()).toBe(0);
    expect(await jobs.counts()).toMatchObject({ queued: 1, due: 0, running: 0, oldestDueAt: null });
    clock.advance(60_000);
    expect(await jobs.counts()).toMatchObject({ queued: 1, due: 1, oldestDueAt: clock.now() });
    expect(await jobs.drain()).toBe(1);
    expect(runs).toBe(1);
  });

  it('never runs a job twice when two workers on two pools compete for 200 jobs', async () => {
    const clock = movableClock();
    const secondDb = createAppDatabase(database.url, { max: 5 });
    try {
      const handled = new Map<string, string[]>();
      const make = (db: typeof database.db, worker: string) => {
        const jobs = createJobs({ db, log: recordingLog(), clock, pollMs: 5, concurrency: 8, workerId: worker });
        jobs.define<{ i: number }>('test.race', async (_payload, ctx) => {
          handled.set(ctx.id, [...(handled.get(ctx.id) ?? []), worker]);
          // A little work, so the workers overlap.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
        });
        return jobs;
      };
      const first = make(database.db, 'worker-a');
      const second = make(secondDb, 'worker-b');
      const ids: string[] = [];
      for (let i = 0; i < 200; i += 1) {
        const id = await first.enqueue(database.db, 'test.race', { i });
        if (id) ids.push(id);
      }
      expect(ids).toHaveLength(200);
      started.push(first, second);
      await Promise.all([first.start(), second.start()]);
      await until(async () => (await first.counts()).queued + (await first.counts()).running === 0, 20_000);
      await Promise.all([first.stop(), second.stop()]);

      expect([...handled.keys()].sort()).toEqual([...ids].sort());
      const twice = [...handled].filter(([, workers]) => workers.length !== 1);
      expect(twice).toEqual([]);
      // Both workers took part (the claim is shared, not one worker taking everything).
      const byWorker = new Set([...handled.values()].flat());
      expect(byWorker).toEqual(new Set(['worker-a', 'worker-b']));
      const rows = await jobRows();
      expect(rows.every((row) => row.state === 'done' && row.attempts === 1)).toBe(true);
    } finally {
      await secondDb.destroy();
    }
  }, 30_000);

  it('retries a throwing handler with exponential backoff, then marks it failed with the last error', async () => {
    const clock = movableClock();
    const log = recordingLog();
    const registry = new Registry();
    const jobs = createJobs({ db: database.db, log, clock, registry });
    let calls = 0;
    jobs.define(
      'test.flaky',
      async (_payload, ctx) => {
        calls += 1;
        throw new Error(`boom ${ctx.attempt}`);
      },
      { retries: 2, backoffMs: 1000 },
    );
    const id = await jobs.enqueue(database.db, 'test.flaky', {});
    const rowOf = async () => (await jobRows()).find((row) => row.id === id);

    expect(await jobs.drain()).toBe(1);
    expect(await rowOf()).toMatchObject({ state: 'queued', attempts: 1, last_error: 'Error: boom 1' });
    expect((await rowOf())?.run_at).toEqual(new Date(clock.now().getTime() + 1000));
    // Not due yet: nothing runs.
    clock.advance(999);
    expect(await jobs.drain()).toBe(0);
    clock.advance(1);
    expect(await jobs.drain()).toBe(1);
    // The second delay doubles.
    expect(await rowOf()).toMatchObject({ state: 'queued', attempts: 2, last_error: 'Error: boom 2' });
    expect((await rowOf())?.run_at).toEqual(new Date(clock.now().getTime() + 2000));
    clock.advance(2000);
    expect(await jobs.drain()).toBe(1);
    const failed = await rowOf();
    expect(failed).toMatchObject({ state: 'failed', attempts: 3, max_attempts: 3, last_error: 'Error: boom 3' });
    expect(failed?.finished_at).toEqual(clock.now());
    expect(calls).toBe(3);
    clock.advance(60 * 60 * 1000);
    expect(await jobs.drain()).toBe(0);
    expect(calls).toBe(3);

    expect(log.lines.filter((line) => line.level === 'error')).toHaveLength(1);
    expect(await jobs.counts()).toMatchObject({ queued: 0, running: 0, failedLastDay: 1 });
    expect(await jobs.recentFailures()).toEqual([
      {
        id,
        name: 'test.flaky',
        attempts: 3,
        maxAttempts: 3,
        lastError: 'Error: boom 3',
        failedAt: failed?.finished_at,
      },
    ]);
    const metrics = await registry.getSingleMetricAsString('openbourse_jobs_finished_total');
    expect(metrics).toContain('openbourse_jobs_finished_total{name="test.flaky",outcome="retried"} 2');
    expect(metrics).toContain('openbourse_jobs_finished_total{name="test.flaky",outcome="failed"} 1');
    expect(await registry.getSingleMetricAsString('openbourse_jobs')).toContain(
      'openbourse_jobs{state="failed_24h"} 1',
    );
  });

  it('computes the backoff as base · 2^(attempt−1), capped', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 500, 3000))).toEqual([500, 1000, 2000, 3000]);
    expect(retryDelayMs(10_000, 1000, 3_600_000)).toBe(3_600_000);
  });

  it('takes back a job whose worker died holding it, once the lease expires', async () => {
    const clock = movableClock();
    const log = recordingLog();
    // The dead worker: it claimed the job (through the real claim) and never came back.
    const dead = createJobs({ db: database.db, log: recordingLog(), clock, leaseMs: 30_000, workerId: 'dead' });
    let deadRuns = 0;
    dead.define('test.lease', () => {
      deadRuns += 1;
      return new Promise<void>(() => undefined); // hangs forever, like a crashed process
    });
    const id = await dead.enqueue(database.db, 'test.lease', {});
    void dead.drain();
    await until(() => deadRuns === 1);
    expect((await jobRows())[0]).toMatchObject({ state: 'running', locked_by: 'dead', attempts: 1 });

    const alive = createJobs({ db: database.db, log, clock, leaseMs: 30_000, workerId: 'alive' });
    const ran: string[] = [];
    alive.define('test.lease', async (_payload, ctx) => {
      ran.push(`${ctx.id}#${ctx.attempt}`);
    });
    // Within the lease: not taken.
    clock.advance(29_999);
    expect(await alive.drain()).toBe(0);
    expect(ran).toEqual([]);
    clock.advance(2);
    expect(await alive.drain()).toBe(1);
    expect(ran).toEqual([`${id}#2`]);
    expect((await jobRows())[0]).toMatchObject({ state: 'done', attempts: 2 });
    expect(log.lines.some((line) => line.level === 'warn' && /lease expired/.test(line.msg ?? ''))).toBe(true);
  });

  it('keeps a lease alive while the handler runs, so a slow job is not taken back', async () => {
    const clock = movableClock();
    const slow = createJobs({
      db: database.db,
      log: recordingLog(),
      clock,
      leaseMs: 300,
      pollMs: 20,
      workerId: 'slow',
    });
    let finish: () => void = () => undefined;
    slow.define(
      'test.slow',
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    await slow.enqueue(database.db, 'test.slow', {});
    started.push(slow);
    await slow.start();
    await until(async () => (await jobRows())[0]?.state === 'running');
    const before = (await jobRows())[0]?.locked_until;
    clock.advance(250);
    // The heartbeat (every third of the lease) moves locked_until past the clock.
    await until(async () => ((await jobRows())[0]?.locked_until?.getTime() ?? 0) > (before?.getTime() ?? 0));
    // Past the first lease's end: without the heartbeat the job would be taken back now.
    clock.advance(250);
    expect(clock.now().getTime()).toBeGreaterThan(before?.getTime() ?? Number.POSITIVE_INFINITY);
    const other = createJobs({ db: database.db, log: recordingLog(), clock, workerId: 'other' });
    other.define('test.slow', async () => undefined);
    expect(await other.drain()).toBe(0);
    finish();
    await until(async () => (await jobRows())[0]?.state === 'done');
  });

  it('refuses a second unfinished job with the same singleton key, and accepts one after it finished', async () => {
    const clock = movableClock();
    const jobs = createJobs({ db: database.db, log: recordingLog(), clock });
    jobs.define('test.single', async () => undefined);
    jobs.define('test.other', async () => undefined);
    const first = await jobs.enqueue(database.db, 'test.single', { n: 1 }, { singletonKey: 'sweep:local' });
    expect(first).not.toBeNull();
    expect(await jobs.enqueue(database.db, 'test.single', { n: 2 }, { singletonKey: 'sweep:local' })).toBeNull();
    // Another key, or another name with the key, is a different job.
    expect(await jobs.enqueue(database.db, 'test.single', {}, { singletonKey: 'sweep:sepolia' })).not.toBeNull();
    expect(await jobs.enqueue(database.db, 'test.other', {}, { singletonKey: 'sweep:local' })).not.toBeNull();
    expect(await jobs.enqueue(database.db, 'test.single', {})).not.toBeNull();
    const held = (await jobRows()).filter((row) => row.singleton_key === 'sweep:local' && row.name === 'test.single');
    expect(held).toHaveLength(1);
    await jobs.drain();
    expect(await jobs.enqueue(database.db, 'test.single', { n: 3 }, { singletonKey: 'sweep:local' })).not.toBeNull();
  });

  it('enqueues inside the caller transaction: nothing remains when it rolls back', async () => {
    const clock = movableClock();
    const jobs = createJobs({ db: database.db, log: recordingLog(), clock });
    jobs.define('test.trx', async () => undefined);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await jobs.enqueue(trx, 'test.trx', { kept: false });
        // Visible inside the transaction …
        expect(await trx.selectFrom('platform_jobs').select('id').execute()).toHaveLength(1);
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await jobRows()).toEqual([]);
    await database.db.transaction().execute((trx) => jobs.enqueue(trx, 'test.trx', { kept: true }));
    expect((await jobRows()).map((row) => row.payload)).toEqual([{ kept: true }]);
  });

  it('refuses an unknown job name and a second definition', async () => {
    const jobs = createJobs({ db: database.db, log: recordingLog(), clock: movableClock() });
    await expect(jobs.enqueue(database.db, 'test.unknown', {})).rejects.toThrow(/not defined/);
    jobs.define('test.defined', async () => undefined);
    expect(() => jobs.define('test.defined', async () => undefined)).toThrow(/already defined/);
  });

  it('stops cleanly: waits for the running handler, and claims nothing after', async () => {
    const clock = movableClock();
    const jobs = createJobs({ db: database.db, log: recordingLog(), clock, pollMs: 10 });
    let release: () => void = () => undefined;
    let finished = false;
    jobs.define('test.stop', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      finished = true;
    });
    await jobs.enqueue(database.db, 'test.stop', {});
    await jobs.start();
    await until(async () => (await jobRows())[0]?.state === 'running');
    const stopping = jobs.stop();
    let hasStopped = false;
    void stopping.then(() => {
      hasStopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hasStopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
    expect((await jobRows())[0]?.state).toBe('done');
    await jobs.enqueue(database.db, 'test.stop', {});
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await jobRows())[1]?.state).toBe('queued');
  });

  it('on stop, aborts a handler outliving the grace period and queues it again, the attempt not counted', async () => {
    const clock = movableClock();
    const jobs = createJobs({ db: database.db, log: recordingLog(), clock, pollMs: 10, stopGraceMs: 30 });
    jobs.define('test.abort', (_payload, ctx) => {
      return new Promise<void>((_resolve, reject) => {
        ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason));
      });
    });
    await jobs.enqueue(database.db, 'test.abort', {});
    await jobs.start();
    await until(async () => (await jobRows())[0]?.state === 'running');
    await jobs.stop();
    expect((await jobRows())[0]).toMatchObject({ state: 'queued', attempts: 0, locked_by: null });
  });
});
