import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Clock } from '../clock.js';
import type { DbView } from '../db/database.js';
import type { PlatformTables } from '../db/platform.tables.js';
import {
  claimDueJobs,
  countJobs,
  extendLeases,
  insertJob,
  type JobRow,
  listRecentFailures,
  markAttemptFailed,
  markDone,
  pruneFinished,
  recoverExpiredLeases,
  requeueInterrupted,
} from './jobs.repository.js';

/**
 * The platform's durable background work (issue 15): a job is a row in `platform_jobs`,
 * enqueued by any instance (inside the caller's transaction when given one, so it exists exactly
 * when the caller's change does) and run by the workers of every instance that started the
 * worker loop. A worker claims due jobs with `FOR UPDATE SKIP LOCKED` and leases them; while it
 * runs them it extends the lease, so a job is never run by two workers at once while its worker
 * lives; a worker that dies (crash, lost database) lets the lease expire, and whichever worker
 * polls next takes the job back. A throwing handler is retried with exponential backoff up to
 * its attempts, then the job is marked failed with the last error (the dashboard shows it).
 *
 * Delivery is at least once: a handler must be idempotent (a lease can expire under a worker
 * that is merely very slow, and a crash after the work but before `done` runs it again).
 * Time is the injected clock's, so tests move scheduled work forward by moving the clock.
 */

export type JobsLog = {
  error(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
};

export type JobContext = {
  id: string;
  /** This attempt's number, from 1. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the worker stops (after its grace period): a long handler should give up. */
  signal: AbortSignal;
};

export type JobHandler<P> = (payload: P, ctx: JobContext) => Promise<void>;

export type JobDefinitionOptions = {
  /** Retries after the first attempt (default 4: five attempts in all). */
  retries?: number;
  /** The first retry's delay; each next one doubles it (default 1 s), up to `maxBackoffMs`. */
  backoffMs?: number;
  /** The longest delay between two attempts (default one hour). */
  maxBackoffMs?: number;
};

export type EnqueueOptions = {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** At most one unfinished (queued or running) job of this name holds the key: a second is refused. */
  singletonKey?: string;
};

export type JobCounts = {
  /** Waiting, due or scheduled later. */
  queued: number;
  /** Of the queued, those whose time has come. */
  due: number;
  running: number;
  /** Failed for good in the last 24 hours. */
  failedLastDay: number;
  /** When the longest-waiting due job fell due; null when none waits. */
  oldestDueAt: Date | null;
};

export type FailedJob = {
  id: string;
  name: string;
  attempts: number;
  maxAttempts: number;
  lastError: string;
  failedAt: Date;
};

export type Jobs = {
  /** Registers the handler of a job name (once per name). Define before enqueueing. */
  define<P>(name: string, handler: JobHandler<P>, options?: JobDefinitionOptions): void;
  /**
   * Queues a job; `db` may be the caller's transaction (the job exists only if it commits).
   * Returns its id, or null when `singletonKey` is held by an unfinished job of that name.
   */
  enqueue<P>(db: DbView<PlatformTables>, name: string, payload: P, options?: EnqueueOptions): Promise<string | null>;
  /** Starts this instance's worker loop (only where the server role includes the worker). */
  start(): Promise<void>;
  /** Stops claiming and waits for the running handlers (aborting their signal after the grace period). */
  stop(): Promise<void>;
  /**
   * Runs every due job now, on this instance, until none is due; the number run. For tests and
   * tools; works whether or not the loop runs.
   */
  drain(): Promise<number>;
  counts(): Promise<JobCounts>;
  recentFailures(limit?: number): Promise<FailedJob[]>;
  readonly workerId: string;
};

export type CreateJobsOptions = {
  db: DbView<PlatformTables>;
  log: JobsLog;
  clock: Clock;
  /** prom-client registry for the jobs' metrics (none when absent). */
  registry?: Registry;
  /** How often an idle worker asks for due jobs (default 1 s). */
  pollMs?: number;
  /** Jobs one worker runs at once (default 4). */
  concurrency?: number;
  /** How long a claim holds without the worker extending it (default 60 s; extended every third of it). */
  leaseMs?: number;
  /** How long `stop()` lets running handlers finish before aborting their signal (default 10 s). */
  stopGraceMs?: number;
  /** Done jobs are forgotten after this long (default 7 days), failed ones after `keepFailedMs` (30 days). */
  keepDoneMs?: number;
  keepFailedMs?: number;
  /** Names this worker in `locked_by` (default host:pid:random). */
  workerId?: string;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
const ERROR_TEXT_MAX = 2000;

type Definition = {
  handler: JobHandler<unknown>;
  maxAttempts: number;
  backoffMs: number;
  maxBackoffMs: number;
};

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > ERROR_TEXT_MAX ? `${text.slice(0, ERROR_TEXT_MAX - 1)}…` : text;
}

/** The delay before attempt `attempt + 1`, after `attempt` failed: backoff · 2^(attempt−1), capped. */
export function retryDelayMs(attempt: number, backoffMs: number, maxBackoffMs: number): number {
  return Math.min(maxBackoffMs, backoffMs * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
}

export function createJobs(options: CreateJobsOptions): Jobs {
  const { db, log, clock } = options;
  const pollMs = options.pollMs ?? 1000;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const leaseMs = options.leaseMs ?? 60_000;
  const stopGraceMs = options.stopGraceMs ?? 10_000;
  const keepDoneMs = options.keepDoneMs ?? 7 * DAY_MS;
  const keepFailedMs = options.keepFailedMs ?? 30 * DAY_MS;
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const definitions = new Map<string, Definition>();
  const metrics = options.registry ? createJobMetrics(options.registry) : null;

  /** Jobs running on this instance, by id. */
  const inFlight = new Map<string, Promise<void>>();
  let stopController = new AbortController();
  let loopDone: Promise<void> | null = null;
  let isStopping = false;
  let wake: (() => void) | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let lastPruneAt = 0;

  const now = () => clock.now();
  const later = (ms: number) => new Date(now().getTime() + ms);

  const runJob = async (row: JobRow): Promise<void> => {
    const definition = definitions.get(row.name);
    const startedAt = performance.now();
    const context: JobContext = {
      id: row.id,
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
      signal: stopController.signal,
    };
    try {
      if (!definition) throw new Error(`no handler is defined for job "${row.name}"`);
      await definition.handler(row.payload, context);
    } catch (error) {
      metrics?.duration.observe({ name: row.name }, (performance.now() - startedAt) / 1000);
      if (isStopping && context.signal.aborted) {
        // Interrupted by shutdown: not the job's fault, so the attempt does not count.
        // Not requeued (the database went away too): the lease runs out and another worker takes it.
        await requeueInterrupted(db, row.id, workerId, now()).catch((requeueError: unknown) =>
          log.warn(
            { job: row.name, jobId: row.id, err: errorText(requeueError) },
            'could not requeue an interrupted job',
          ),
        );
        metrics?.finished.inc({ name: row.name, outcome: 'interrupted' });
        return;
      }
      const text = errorText(error);
      const isLast = row.attempts >= row.max_attempts;
      const delay = definition ? retryDelayMs(row.attempts, definition.backoffMs, definition.maxBackoffMs) : 0;
      const retryAt = isLast ? null : later(delay);
      const recorded = await markAttemptFailed(db, { id: row.id, worker: workerId, now: now(), error: text, retryAt })
        .then((isMine) => isMine)
        .catch((markError: unknown) => {
          // The database is away: the lease expires and the job is taken back later.
          log.warn({ job: row.name, jobId: row.id, err: errorText(markError) }, 'could not record a job failure');
          return false;
        });
      if (isLast) {
        log.error(
          { job: row.name, jobId: row.id, attempts: row.attempts, err: text },
          'background job failed for good after its last attempt',
        );
      } else {
        log.warn(
          { job: row.name, jobId: row.id, attempt: row.attempts, retryInMs: delay, err: text },
          'background job attempt failed; retrying later',
        );
      }
      if (recorded) metrics?.finished.inc({ name: row.name, outcome: isLast ? 'failed' : 'retried' });
      return;
    }
    metrics?.duration.observe({ name: row.name }, (performance.now() - startedAt) / 1000);
    const isMine = await markDone(db, row.id, workerId, now()).catch((markError: unknown) => {
      log.warn({ job: row.name, jobId: row.id, err: errorText(markError) }, 'could not mark a job done');
      return false;
    });
    if (isMine) metrics?.finished.inc({ name: row.name, outcome: 'done' });
    else log.warn({ job: row.name, jobId: row.id }, 'a job finished after its lease was taken back');
  };

  const track = (row: JobRow) => {
    const running = runJob(row)
      .catch((error: unknown) =>
        log.error({ job: row.name, jobId: row.id, err: errorText(error) }, 'job runner failed'),
      )
      .finally(() => {
        inFlight.delete(row.id);
        wake?.();
      });
    inFlight.set(row.id, running);
  };

  /** One round: take back expired leases, forget old finished jobs now and then, claim and start due jobs. */
  const pollOnce = async (): Promise<number> => {
    const at = now();
    const recovered = await recoverExpiredLeases(db, at);
    for (const job of recovered) {
      log.warn(
        { job: job.name, jobId: job.id, worker: job.locked_by, state: job.state },
        'took back a job whose lease expired (its worker stopped answering)',
      );
    }
    if (at.getTime() - lastPruneAt >= PRUNE_EVERY_MS) {
      lastPruneAt = at.getTime();
      await pruneFinished(db, new Date(at.getTime() - keepDoneMs), new Date(at.getTime() - keepFailedMs));
    }
    const free = concurrency - inFlight.size;
    if (free <= 0 || isStopping) return 0;
    const claimed = await claimDueJobs(db, {
      names: [...definitions.keys()],
      worker: workerId,
      now: at,
      lockedUntil: new Date(at.getTime() + leaseMs),
      limit: free,
    });
    for (const row of claimed) track(row);
    return claimed.length;
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });

  const loop = async () => {
    while (!isStopping) {
      let claimed = 0;
      try {
        claimed = await pollOnce();
      } catch (error) {
        log.warn({ err: errorText(error) }, 'the jobs worker could not poll; trying again');
      }
      if (isStopping) break;
      // Straight on while there is work and room; otherwise wait for the interval or a free slot.
      if (claimed === 0 || inFlight.size >= concurrency) await sleep(pollMs);
    }
  };

  const extendAll = () => {
    const ids = [...inFlight.keys()];
    if (ids.length === 0) return;
    extendLeases(db, workerId, ids, later(leaseMs)).catch((error: unknown) =>
      log.warn({ err: errorText(error) }, 'could not extend the running jobs’ leases'),
    );
  };

  return {
    workerId,
    define(name, handler, definitionOptions = {}) {
      if (definitions.has(name)) throw new Error(`job "${name}" is already defined`);
      const retries = definitionOptions.retries ?? 4;
      if (!Number.isInteger(retries) || retries < 0 || retries > 999) throw new Error(`job "${name}": bad retries`);
      definitions.set(name, {
        handler: handler as JobHandler<unknown>,
        maxAttempts: retries + 1,
        backoffMs: definitionOptions.backoffMs ?? 1000,
        maxBackoffMs: definitionOptions.maxBackoffMs ?? 60 * 60 * 1000,
      });
      wake?.();
    },
    async enqueue(target, name, payload, enqueueOptions = {}) {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`job "${name}" is not defined`);
      const id = await insertJob(target, {
        name,
        payload,
        maxAttempts: definition.maxAttempts,
        runAt: enqueueOptions.runAt ?? now(),
        singletonKey: enqueueOptions.singletonKey ?? null,
        createdAt: now(),
      });
      if (id !== null) metrics?.enqueued.inc({ name });
      return id;
    },
    async start() {
      if (loopDone) return;
      isStopping = false;
      stopController = new AbortController();
      heartbeat = setInterval(extendAll, Math.max(50, Math.floor(leaseMs / 3)));
      heartbeat.unref();
      loopDone = loop();
      log.info({ worker: workerId, jobs: [...definitions.keys()] }, 'jobs worker started');
    },
    async stop() {
      isStopping = true;
      wake?.();
      await loopDone;
      loopDone = null;
      if (inFlight.size > 0) {
        const graceful = Promise.allSettled([...inFlight.values()]);
        let graceTimer: NodeJS.Timeout | undefined;
        const grace = new Promise<void>((resolve) => {
          graceTimer = setTimeout(resolve, stopGraceMs);
        });
        await Promise.race([graceful, grace]);
        clearTimeout(graceTimer);
        stopController.abort(new Error('the jobs worker is stopping'));
        await Promise.allSettled([...inFlight.values()]);
      }
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
    },
    async drain() {
      let total = 0;
      for (;;) {
        const claimed = await pollOnce();
        await Promise.allSettled([...inFlight.values()]);
        total += claimed;
        if (claimed === 0) return total;
      }
    },
    async counts() {
      const at = now();
      const row = await countJobs(db, at, new Date(at.getTime() - DAY_MS));
      return {
        queued: row.queued,
        due: row.due,
        running: row.running,
        failedLastDay: row.failedSince,
        oldestDueAt: row.oldestDueAt,
      };
    },
    async recentFailures(limit = 10) {
      const rows = await listRecentFailures(db, limit);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        attempts: row.attempts,
        maxAttempts: row.max_attempts,
        lastError: row.last_error ?? '',
        failedAt: row.finished_at ?? new Date(0),
      }));
    },
  };

  function createJobMetrics(registry: Registry) {
    const enqueued = new Counter({
      name: 'openbourse_jobs_enqueued_total',
      help: 'Background jobs enqueued by this instance, by name',
      labelNames: ['name'] as const,
      registers: [registry],
    });
    const finished = new Counter({
      name: 'openbourse_jobs_finished_total',
      help: 'Background job attempts this instance finished, by name and outcome (done, retried, failed, interrupted)',
      labelNames: ['name', 'outcome'] as const,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'openbourse_job_duration_seconds',
      help: 'How long a background job attempt ran on this instance, by name',
      labelNames: ['name'] as const,
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
      registers: [registry],
    });
    new Gauge({
      name: 'openbourse_jobs_in_flight',
      help: 'Background jobs running on this instance now',
      registers: [registry],
      collect() {
        this.set(inFlight.size);
      },
    });
    new Gauge({
      name: 'openbourse_jobs',
      help: 'Background jobs in the deployment by state (queued, due, running, failed_24h), asked at each scrape',
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        try {
          const at = now();
          const row = await countJobs(db, at, new Date(at.getTime() - DAY_MS));
          this.set({ state: 'queued' }, row.queued);
          this.set({ state: 'due' }, row.due);
          this.set({ state: 'running' }, row.running);
          this.set({ state: 'failed_24h' }, row.failedSince);
        } catch {
          // The database is away: the scrape keeps the last values (health shows the database down).
        }
      },
    });
    return { enqueued, finished, duration };
  }
}
