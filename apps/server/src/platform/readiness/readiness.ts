/**
 * What `/readyz` answers, and how a part of the app says it is still loading (issue 13, fix 7).
 *
 * The server listens first; what starts slowly (the sandbox's simulated past; later a local chain
 * node or background computations) runs after listening and is reported by name until it
 * settles. Checks (the database answers, every migration is applied) are asked on every
 * `/readyz`. A module receives only the `StartupWork` face: it names its slow work, and the
 * platform decides when it runs and what readiness says meanwhile.
 */

/** The face modules get: slow start-up work, run after the server listens. */
export type StartupWork = {
  /**
   * Runs `work` once the server listens (at once when it already does); until it settles,
   * readiness names `part` as loading. A failure is logged and stops counting as loading: the
   * part is not retried, the instance serves without it.
   */
  afterListen(part: string, work: () => Promise<void>): void;
};

export type ReadinessCheck = () => Promise<boolean>;

export type ReadinessReport = { isReady: true } | { isReady: false; loading: string[] };

export type Readiness = StartupWork & {
  /** A condition asked on every report; `part` is named while it answers false or fails. */
  addCheck(part: string, check: ReadinessCheck): void;
  /** Starts the deferred work (the app calls it when the server listens). Idempotent. */
  begin(): void;
  report(): Promise<ReadinessReport>;
  /** Names of the work still loading (checks are not asked). */
  loading(): string[];
  /** Resolves when no work is loading any more (tests and benchmarks; begin() first). */
  settled(): Promise<void>;
};

type Logger = {
  error(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
};

export function createReadiness(log: Logger): Readiness {
  const checks: Array<{ part: string; check: ReadinessCheck }> = [];
  const pending: Array<{ part: string; work: () => Promise<void> }> = [];
  /** Parts in flight, in the order they were named (one part may be named more than once). */
  const running = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  let hasBegun = false;

  const run = (part: string, work: () => Promise<void>) => {
    running.set(part, (running.get(part) ?? 0) + 1);
    const startedAt = performance.now();
    let started: Promise<void>;
    try {
      started = work();
    } catch (error) {
      started = Promise.reject(error);
    }
    const done: Promise<void> = started
      .then(
        () => log.info({ part, ms: Math.round(performance.now() - startedAt) }, 'start-up work done'),
        (error: unknown) =>
          log.error(
            { part, err: error instanceof Error ? error.message : String(error) },
            'start-up work failed; serving without it',
          ),
      )
      .finally(() => {
        const left = (running.get(part) ?? 1) - 1;
        if (left > 0) running.set(part, left);
        else running.delete(part);
        inFlight.delete(done);
      });
    inFlight.add(done);
  };

  const loading = () => [...new Set([...pending.map((entry) => entry.part), ...running.keys()])];

  return {
    afterListen(part, work) {
      if (hasBegun) run(part, work);
      else pending.push({ part, work });
    },
    addCheck(part, check) {
      checks.push({ part, check });
    },
    begin() {
      if (hasBegun) return;
      hasBegun = true;
      for (const { part, work } of pending.splice(0)) run(part, work);
    },
    loading,
    async report() {
      const failing = await Promise.all(
        checks.map(async ({ part, check }) => {
          const isMet = await check().catch((error: unknown) => {
            log.warn({ part, err: error instanceof Error ? error.message : String(error) }, 'readiness check failed');
            return false;
          });
          return isMet ? null : part;
        }),
      );
      const parts = [...failing.filter((part): part is string => part !== null), ...loading()];
      return parts.length === 0 ? { isReady: true } : { isReady: false, loading: parts };
    },
    async settled() {
      while (inFlight.size > 0 || (hasBegun && pending.length > 0)) await Promise.allSettled([...inFlight]);
    },
  };
}
