import type { ClusterBus } from '../../platform/bus/cluster-bus.js';
import type { Clock } from '../../platform/clock.js';
import { createFieldCipher } from '../../platform/crypto/field-cipher.js';
import type { EncryptedFileStore } from '../../platform/files/encrypted-file-store.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { recurringJob } from '../../platform/jobs/recurring-job.js';
import type { AppModule } from '../../platform/module.js';
import type { ReviewKindHandler, ReviewQueue } from '../review/index.js';
import type {
  LendingAssets,
  LendingContext,
  LendingDb,
  LendingKyc,
  LendingPrices,
  LendingUploads,
  LoansContext,
} from './lending.context.js';
import { lendingAdminPlugin, lendingPlugin, loansPlugin } from './lending.routes.js';
import { createLoanReviewHandler, createRepaymentReviewHandler } from './loan-review.js';
import { runLoanUpkeep, type UpkeepResult } from './loan-upkeep.js';
import { LtvEngine, type LtvTicks } from './ltv-engine.js';

/** The upkeep job's name; one is queued or running at a time (its singleton key). */
export const LOAN_UPKEEP_JOB = 'lending.upkeep';
/** The upkeep runs about this often (accrual is per whole day; overdue and lapsed offers within this). */
const UPKEEP_EVERY_MS = 10 * 60_000;
/** How often an instance asks for the next run (a queued or running job holds the singleton key). */
const ASK_EVERY_MS = 5 * 60_000;

export type LendingModuleDeps = {
  db: LendingDb;
  /** The ledger's assets (its decimals), filled at the composition root. */
  assets: LendingAssets;
  clock: Clock;
  /** The file store's master key: the borrower's name and typed name are sealed with a key derived from it. */
  masterKey: Buffer;
  files: EncryptedFileStore;
  kyc: LendingKyc;
  uploads: LendingUploads;
  prices: LendingPrices;
  ticks: LtvTicks;
  reviews: Pick<ReviewQueue, 'submit' | 'isAboveFourEyes'>;
  jobs: Pick<Jobs, 'define' | 'enqueue'>;
  cluster: ClusterBus;
  apiPrefix: string;
  adminPrefix: string;
  log: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
};

export type LendingService = {
  /** The `loan` and `repayment` queue kinds, plugged into the review framework at the root. */
  reviewHandlers: ReviewKindHandler[];
  /** Runs the upkeep now (the job's work): lapsed offers, accrual, overdue. */
  runUpkeep(): Promise<UpkeepResult>;
  /** The LTV engine (tests wait for it with `idle`). */
  engine: LtvEngine;
};

/**
 * Loans (issue 17): the loan settings (products), kept by operators and listed to borrowers; the
 * loans themselves — applying, signing with the PDF agreement, disbursement from the treasury on
 * approval or at once, repayment from balance or by application, the `loan` and `repayment`
 * review kinds, the live LTV engine (margin calls, liquidation) and the upkeep job. The pure loan
 * rules are in `domain/`.
 */
export function createLendingModule(deps: LendingModuleDeps): AppModule<LendingService> {
  const settingsCtx: LendingContext = { db: deps.db, assets: deps.assets, clock: deps.clock };
  const base = {
    ...settingsCtx,
    kyc: deps.kyc,
    uploads: deps.uploads,
    prices: deps.prices,
    reviews: deps.reviews,
    files: deps.files,
    cipher: createFieldCipher(deps.masterKey, 'lending'),
  };
  const engine = new LtvEngine({ ctx: base, ticks: deps.ticks, cluster: deps.cluster, log: deps.log });
  const ctx: LoansContext = { ...base, watch: engine };
  // A durable job on the platform's queue: whichever worker claims it runs it, the singleton key
  // keeps one queued at a time across instances, and each loan is changed under its row lock.
  deps.jobs.define(LOAN_UPKEEP_JOB, async () => {
    await runLoanUpkeep(ctx);
  });
  const recurring = recurringJob({
    jobs: deps.jobs,
    db: deps.db,
    name: LOAN_UPKEEP_JOB,
    dueAfterMs: UPKEEP_EVERY_MS,
    askEveryMs: ASK_EVERY_MS,
    clock: deps.clock,
    log: deps.log,
  });
  return {
    name: 'lending',
    service: {
      reviewHandlers: [createLoanReviewHandler(ctx), createRepaymentReviewHandler(ctx)],
      runUpkeep: () => runLoanUpkeep(ctx),
      engine,
    },
    register: async (app) => {
      await app.register(lendingPlugin, { prefix: deps.apiPrefix, ctx: settingsCtx });
      await app.register(loansPlugin, { prefix: deps.apiPrefix, ctx });
      await app.register(lendingAdminPlugin, { prefix: deps.adminPrefix, ctx: settingsCtx });
    },
    start: async () => {
      await engine.start();
      await recurring.start();
    },
    stop: async () => {
      recurring.stop();
      await engine.stop();
    },
    publishes: [],
    subscribes: [],
  };
}
