import { type Selectable, sql } from 'kysely';
import type { DbView } from '../db/database.js';
import type { PlatformTables } from '../db/platform.tables.js';

/** Every statement on `platform_jobs`, in one place. */

export type JobRow = Selectable<PlatformTables['platform_jobs']>;
type Db = DbView<PlatformTables>;

/** Inserts a queued job; false when an unfinished job of that name holds the singleton key. */
export async function insertJob(
  db: Db,
  job: {
    name: string;
    payload: unknown;
    maxAttempts: number;
    runAt: Date;
    singletonKey: string | null;
    createdAt: Date;
  },
): Promise<string | null> {
  const row = await db
    .insertInto('platform_jobs')
    .values({
      name: job.name,
      payload: JSON.stringify(job.payload ?? null),
      state: 'queued',
      max_attempts: job.maxAttempts,
      run_at: job.runAt,
      singleton_key: job.singletonKey,
      created_at: job.createdAt,
    })
    // The partial unique index (name, singleton_key) among queued and running jobs.
    // (Literals, not parameters: PostgreSQL must prove the predicate implies the index's.)
    .onConflict((conflict) =>
      conflict
        .columns(['name', 'singleton_key'])
        .where(sql<boolean>`singleton_key IS NOT NULL AND state IN ('queued', 'running')`)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Claims up to `limit` due jobs among `names` for `worker`: marks them running, counts the
 * attempt and leases them until `lockedUntil`. SKIP LOCKED: concurrent claimers never see the
 * rows another one is taking, so a job is claimed by one worker at a time.
 */
export async function claimDueJobs(
  db: Db,
  input: { names: readonly string[]; worker: string; now: Date; lockedUntil: Date; limit: number },
): Promise<JobRow[]> {
  if (input.names.length === 0 || input.limit <= 0) return [];
  const { rows } = await sql<JobRow>`
    UPDATE platform_jobs
    SET state = 'running', attempts = attempts + 1, locked_by = ${input.worker}, locked_until = ${input.lockedUntil}
    WHERE id IN (
      SELECT id FROM platform_jobs
      WHERE state = 'queued' AND run_at <= ${input.now} AND name = ANY(${[...input.names]}::text[])
      ORDER BY run_at, id
      LIMIT ${input.limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING *`.execute(db);
  return rows.sort((a, b) => a.run_at.getTime() - b.run_at.getTime() || Number(a.id) - Number(b.id));
}

/**
 * Takes back the jobs whose lease expired (their worker died or lost the database): queued again
 * at once, or failed when that was their last attempt. Returns what it recovered.
 */
export async function recoverExpiredLeases(
  db: Db,
  now: Date,
): Promise<Array<Pick<JobRow, 'id' | 'name' | 'state' | 'locked_by'>>> {
  const { rows } = await sql<Pick<JobRow, 'id' | 'name' | 'state' | 'locked_by'>>`
    WITH expired AS (
      SELECT id, locked_by FROM platform_jobs
      WHERE state = 'running' AND locked_until < ${now}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE platform_jobs AS job
    SET state = CASE WHEN job.attempts >= job.max_attempts THEN 'failed' ELSE 'queued' END,
        finished_at = CASE WHEN job.attempts >= job.max_attempts THEN ${now}::timestamptz ELSE NULL END,
        run_at = ${now},
        last_error = 'the lease expired: worker ' || expired.locked_by || ' stopped answering',
        locked_by = NULL,
        locked_until = NULL
    FROM expired
    WHERE job.id = expired.id
    RETURNING job.id, job.name, job.state, expired.locked_by`.execute(db);
  return rows;
}

/** Extends the leases `worker` still holds on `ids`. */
export async function extendLeases(db: Db, worker: string, ids: readonly string[], lockedUntil: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('platform_jobs')
    .set({ locked_until: lockedUntil })
    .where('id', 'in', [...ids])
    .where('state', '=', 'running')
    .where('locked_by', '=', worker)
    .execute();
}

/** Marks a job done; false when `worker` no longer held it (its lease expired and was taken back). */
export async function markDone(db: Db, id: string, worker: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('platform_jobs')
    .set({ state: 'done', finished_at: now, locked_by: null, locked_until: null })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .where('locked_by', '=', worker)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** An attempt failed: queued again at `retryAt`, or failed for good when `retryAt` is null. */
export async function markAttemptFailed(
  db: Db,
  input: { id: string; worker: string; now: Date; error: string; retryAt: Date | null },
): Promise<boolean> {
  const result = await db
    .updateTable('platform_jobs')
    .set(
      input.retryAt
        ? { state: 'queued', run_at: input.retryAt, last_error: input.error, locked_by: null, locked_until: null }
        : { state: 'failed', finished_at: input.now, last_error: input.error, locked_by: null, locked_until: null },
    )
    .where('id', '=', input.id)
    .where('state', '=', 'running')
    .where('locked_by', '=', input.worker)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A job interrupted by shutdown: queued again at once, the attempt not counted. */
export async function requeueInterrupted(db: Db, id: string, worker: string, now: Date): Promise<void> {
  await db
    .updateTable('platform_jobs')
    .set((eb) => ({
      state: 'queued',
      run_at: now,
      attempts: eb('attempts', '-', 1),
      locked_by: null,
      locked_until: null,
    }))
    .where('id', '=', id)
    .where('state', '=', 'running')
    .where('locked_by', '=', worker)
    .execute();
}

export type JobCountsRow = {
  queued: number;
  due: number;
  running: number;
  failedSince: number;
  oldestDueAt: Date | null;
};

/** Queued (and of those, due), running, failed since `failedSince`, and the oldest due job's time. */
export async function countJobs(db: Db, now: Date, failedSince: Date): Promise<JobCountsRow> {
  const { rows } = await sql<{
    queued: string;
    due: string;
    running: string;
    failed_since: string;
    oldest_due_at: Date | null;
  }>`
    SELECT
      count(*) FILTER (WHERE state = 'queued') AS queued,
      count(*) FILTER (WHERE state = 'queued' AND run_at <= ${now}) AS due,
      count(*) FILTER (WHERE state = 'running') AS running,
      count(*) FILTER (WHERE state = 'failed' AND finished_at >= ${failedSince}) AS failed_since,
      min(run_at) FILTER (WHERE state = 'queued' AND run_at <= ${now}) AS oldest_due_at
    FROM platform_jobs
    WHERE state IN ('queued', 'running') OR (state = 'failed' AND finished_at >= ${failedSince})`.execute(db);
  const row = rows[0];
  return {
    queued: Number(row?.queued ?? 0),
    due: Number(row?.due ?? 0),
    running: Number(row?.running ?? 0),
    failedSince: Number(row?.failed_since ?? 0),
    oldestDueAt: row?.oldest_due_at ?? null,
  };
}

/** The last failed jobs, newest first. */
export function listRecentFailures(
  db: Db,
  limit: number,
): Promise<Array<Pick<JobRow, 'id' | 'name' | 'attempts' | 'max_attempts' | 'last_error' | 'finished_at'>>> {
  return db
    .selectFrom('platform_jobs')
    .select(['id', 'name', 'attempts', 'max_attempts', 'last_error', 'finished_at'])
    .where('state', '=', 'failed')
    .where('finished_at', 'is not', null)
    .orderBy('finished_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Forgets finished jobs: done ones finished before `doneBefore`, failed ones before `failedBefore`. */
export async function pruneFinished(db: Db, doneBefore: Date, failedBefore: Date): Promise<number> {
  const result = await db
    .deleteFrom('platform_jobs')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'done'), eb('finished_at', '<', doneBefore)]),
        eb.and([eb('state', '=', 'failed'), eb('finished_at', '<', failedBefore)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
