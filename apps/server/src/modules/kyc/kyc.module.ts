import type { Clock } from '../../platform/clock.js';
import { createFieldCipher } from '../../platform/crypto/field-cipher.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { recurringJob } from '../../platform/jobs/recurring-job.js';
import type { AppModule } from '../../platform/module.js';
import type { ReviewKindHandler, ReviewQueue } from '../review/index.js';
import type { KycContext, KycDb, KycIdentity, KycUploads, KycViewer } from './kyc.context.js';
import { kycPlugin } from './kyc.routes.js';
import { createKycReviewHandler } from './kyc-review.js';
import { purgeExpiredSubmissions } from './purge-submissions.js';
import { isVerified, operatorRealName, ownRealName } from './real-names.js';

/** The retention job's name; one is queued or running at a time (its singleton key). */
export const KYC_PURGE_JOB = 'kyc.purge';
/** The retention job runs about this often: queued this far ahead, by whichever instance asks first. */
const PURGE_EVERY_MS = 60 * 60 * 1000;
/** How often an instance asks (a queued or running job holds the singleton key: asking again is a no-op). */
const ASK_EVERY_MS = 15 * 60 * 1000;

export type KycModuleDeps = {
  db: KycDb;
  clock: Clock;
  /** The file store's master key (FILE_STORE_KEY or the sandbox's): the fields' key is derived from it. */
  masterKey: Buffer;
  reviews: Pick<ReviewQueue, 'submit'>;
  identity: KycIdentity;
  uploads: KycUploads;
  jobs: Pick<Jobs, 'define' | 'enqueue'>;
  retentionDays: number;
  apiPrefix: string;
  log: { warn(obj: object, msg?: string): void };
};

export type KycService = {
  /** The `kyc` queue kind, plugged into the review framework at the root. */
  reviewHandler: ReviewKindHandler;
  /** The user's own real name (identity's `RealNameSource` port: getUserInfo). */
  ownRealName(userId: string): Promise<{ firstName: string; lastName: string } | null>;
  /** A user's real name for an operator's page, the opening audit-logged. */
  operatorRealName(userId: string, viewer: KycViewer): Promise<{ firstName: string; lastName: string } | null>;
  /** Whether the user is verified (for lending: unsecured loans and the verified limits). */
  isVerified(userId: string): Promise<boolean>;
  /** Runs the retention purge now (the job's work); answers how many submissions it purged. */
  purgeExpired(): Promise<number>;
};

/**
 * Identity verification (issue 17): submissions with their personal fields sealed field by field,
 * the `kyc` review kind, the user's status through identity, the retention job.
 */
export function createKycModule(deps: KycModuleDeps): AppModule<KycService> {
  const ctx: KycContext = {
    db: deps.db,
    clock: deps.clock,
    cipher: createFieldCipher(deps.masterKey, 'kyc'),
    reviews: deps.reviews,
    identity: deps.identity,
    uploads: deps.uploads,
    retentionDays: deps.retentionDays,
  };
  // A durable job on the platform's queue (platform/jobs): whichever worker claims it runs it
  // (FOR UPDATE SKIP LOCKED, leased), the singleton key keeps one queued at a time across
  // instances, and the purge itself takes each row SKIP LOCKED, so two instances never collide.
  deps.jobs.define(KYC_PURGE_JOB, async () => {
    await purgeExpiredSubmissions(ctx);
  });
  const recurring = recurringJob({
    jobs: deps.jobs,
    db: deps.db,
    name: KYC_PURGE_JOB,
    dueAfterMs: PURGE_EVERY_MS,
    askEveryMs: ASK_EVERY_MS,
    clock: deps.clock,
    log: deps.log,
  });
  return {
    name: 'kyc',
    service: {
      reviewHandler: createKycReviewHandler(ctx),
      ownRealName: (userId) => ownRealName(ctx, userId),
      operatorRealName: (userId, viewer) => operatorRealName(ctx, userId, viewer),
      isVerified: (userId) => isVerified(ctx, userId),
      purgeExpired: () => purgeExpiredSubmissions(ctx),
    },
    register: async (app) => {
      await app.register(kycPlugin, { prefix: deps.apiPrefix, ctx });
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
