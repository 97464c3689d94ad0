import type { Clock } from '../../platform/clock.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { recurringJob } from '../../platform/jobs/recurring-job.js';
import type { AppModule } from '../../platform/module.js';
import type { SavingsAssets, SavingsContext, SavingsDb } from './savings.context.js';
import { savingsAdminPlugin, savingsPlugin } from './savings.routes.js';
import { type AccrualResult, runSavingsAccrual } from './savings-accrual.js';

/** The accrual job's name; one is queued or running at a time (its singleton key). */
export const SAVINGS_ACCRUAL_JOB = 'savings.accrual';
/** The accrual runs about this often: earned days change once a day, maturity is paid within this. */
const ACCRUAL_EVERY_MS = 10 * 60_000;
/** How often an instance asks for the next run (a queued or running job holds the singleton key). */
const ASK_EVERY_MS = 5 * 60_000;

export type SavingsModuleDeps = {
  db: SavingsDb;
  /** The ledger's assets (their decimals), filled at the composition root. */
  assets: SavingsAssets;
  /**
   * Business time: subscriptions, earned days, maturity. In a test deployment (`TEST_CLOCK`) a
   * clock the journeys move forward; otherwise the platform's.
   */
  clock: Clock;
  /** The platform jobs' clock: when the next accrual run is due. */
  jobsClock: Clock;
  jobs: Pick<Jobs, 'define' | 'enqueue'>;
  apiPrefix: string;
  adminPrefix: string;
  log: { warn(obj: object, msg?: string): void };
};

export type SavingsService = {
  /** Runs the accrual now (the job's work): earned days and earnings, maturity settled once. */
  runAccrual(): Promise<AccrualResult>;
};

/**
 * Fixed-term savings (issue 18; SPEC §2 `/financial`, §4 "Financial order"): products kept by
 * operators (audited) and listed to investors; subscriptions that reserve the principal and the
 * whole promised interest in escrow at once (the interest from the treasury: SPEC §0 rule 4);
 * the daily accrual job that settles matured orders; early redemption with the disclosed penalty.
 */
export function createSavingsModule(deps: SavingsModuleDeps): AppModule<SavingsService> {
  const ctx: SavingsContext = { db: deps.db, assets: deps.assets, clock: deps.clock };
  // A durable job on the platform's queue: whichever worker claims it runs it, the singleton key
  // keeps one queued at a time across instances, and each order is changed under its row lock.
  deps.jobs.define(SAVINGS_ACCRUAL_JOB, async () => {
    await runSavingsAccrual(ctx);
  });
  const recurring = recurringJob({
    jobs: deps.jobs,
    db: deps.db,
    name: SAVINGS_ACCRUAL_JOB,
    dueAfterMs: ACCRUAL_EVERY_MS,
    askEveryMs: ASK_EVERY_MS,
    clock: deps.jobsClock,
    log: deps.log,
  });
  return {
    name: 'savings',
    service: { runAccrual: () => runSavingsAccrual(ctx) },
    register: async (app) => {
      await app.register(savingsPlugin, { prefix: deps.apiPrefix, ctx });
      await app.register(savingsAdminPlugin, { prefix: deps.adminPrefix, ctx });
    },
    start: async () => {
      await recurring.start();
    },
    stop: async () => {
      recurring.stop();
    },
    publishes: [],
    subscribes: [],
  };
}
