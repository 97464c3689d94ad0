import type { Transaction } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { recurringJob } from '../../platform/jobs/recurring-job.js';
import type { AppModule } from '../../platform/module.js';
import type { IdentityTables } from '../identity/index.js';
import { type PayResult, payInviteRewards } from './pay-invite-rewards.js';
import type { ReferralContext, ReferralKysely } from './referral.context.js';
import { referralAdminPlugin, referralPlugin } from './referral.routes.js';
import type { ReferralTables } from './referral.tables.js';
import { recordReferralStep, recordReferralSteps } from './referral-steps.js';

/** The payer job's name; one is queued or running at a time (its singleton key). */
export const INVITE_REWARDS_JOB = 'referral.pay-rewards';

export type ReferralModuleDeps = {
  db: ReferralKysely;
  clock: Clock;
  jobs: Pick<Jobs, 'define' | 'enqueue'>;
  /** How often an instance asks for the payer. */
  payEveryMs: number;
  /** PUBLIC_ORIGIN, or null: the invite link is then a path on the site the user is on. */
  publicOrigin: string | null;
  apiPrefix: string;
  adminPrefix: string;
  log: { warn(obj: object, msg?: string): void };
};

export type ReferralService = {
  recordReferralStep: typeof recordReferralStep;
  recordReferralSteps: typeof recordReferralSteps;
  /** Identity's InvitationSink: an invited user's registration is their Register step (same transaction). */
  invitedUserRegistered(trx: Transaction<IdentityTables>, userId: string): Promise<void>;
  /** The payer's work now (the job runs the same). */
  payRewards(): Promise<PayResult>;
};

/**
 * The invite programme (issue 20; SPEC §4 "Referral"): the steps other modules record in their
 * own transactions (Register with identity, Fund with payments' deposit credit, Trade with
 * trading's first open), the inviter's page, the back office's rewards with their budget reserved
 * from treasury, and the payer on the platform's durable jobs.
 */
export function createReferralModule(deps: ReferralModuleDeps): AppModule<ReferralService> {
  const ctx: ReferralContext = { db: deps.db, clock: deps.clock, publicOrigin: deps.publicOrigin };
  deps.jobs.define(INVITE_REWARDS_JOB, async () => {
    await payInviteRewards(ctx);
  });
  const payer = recurringJob({
    jobs: deps.jobs,
    db: deps.db,
    name: INVITE_REWARDS_JOB,
    dueAfterMs: 0,
    askEveryMs: deps.payEveryMs,
    clock: deps.clock,
    log: deps.log,
  });
  return {
    name: 'referral',
    service: {
      recordReferralStep,
      recordReferralSteps,
      // The user row and the step are in the same database: the transaction sees the referral tables too.
      invitedUserRegistered: (trx, userId) => recordReferralStep(trx.withTables<ReferralTables>(), userId, 'register'),
      payRewards: () => payInviteRewards(ctx),
    },
    register: async (app) => {
      const paySoon = () => void payer.ask();
      await app.register(referralPlugin, { prefix: deps.apiPrefix, ctx, paySoon });
      await app.register(referralAdminPlugin, { prefix: deps.adminPrefix, ctx, paySoon });
    },
    start: () => payer.start(),
    stop: async () => payer.stop(),
    publishes: [],
    subscribes: [],
  };
}
