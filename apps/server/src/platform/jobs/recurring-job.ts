import type { Clock } from '../clock.js';
import type { DbView } from '../db/database.js';
import type { PlatformTables } from '../db/platform.tables.js';
import type { Jobs } from './jobs.js';

export type RecurringJobOptions = {
  jobs: Pick<Jobs, 'enqueue'>;
  db: DbView<PlatformTables>;
  /** The job's name (defined by the module); also its singleton key. */
  name: string;
  /** How long after being asked for a run is due (0: at once). */
  dueAfterMs: number;
  /** How often this instance asks. */
  askEveryMs: number;
  clock: Clock;
  log: { warn(obj: object, msg?: string): void };
};

export type RecurringJob = {
  /** Asks for a run now (nothing when one is queued or running already). */
  ask(): Promise<void>;
  /** Asks now, then every `askEveryMs` until stopped. */
  start(): Promise<void>;
  stop(): void;
};

/**
 * A module's periodic work on the platform's durable jobs: each instance asks for a run every
 * `askEveryMs`, due `dueAfterMs` later; the singleton key keeps one queued or running at a time
 * across instances, and whichever worker claims it runs it. A failed ask is logged, not thrown:
 * the next ask tries again.
 */
export function recurringJob(options: RecurringJobOptions): RecurringJob {
  let timer: NodeJS.Timeout | null = null;
  const ask = async () => {
    try {
      await options.jobs.enqueue(
        options.db,
        options.name,
        {},
        { singletonKey: options.name, runAt: new Date(options.clock.now().getTime() + options.dueAfterMs) },
      );
    } catch (error) {
      options.log.warn({ err: String(error), job: options.name }, 'could not ask for a recurring job');
    }
  };
  return {
    ask,
    start: async () => {
      await ask();
      timer = setInterval(() => void ask(), options.askEveryMs);
      timer.unref();
    },
    stop: () => {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
