import type { Book } from '@openbourse/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { PlatformTables } from '../../platform/db/platform.tables.js';
import type { AppModule } from '../../platform/module.js';
import type { IdentityTables } from '../identity/index.js';
import type { ReviewKindHandler, ReviewTables } from '../review/index.js';
import { createAdjustmentReviewHandler } from './adjustment-review.js';
import {
  type AdjustmentReviews,
  ensureDemoFunded,
  type LedgerUserDirectory,
  userInfoMoney,
} from './ledger.accounts-api.js';
import { ledgerAdminPlugin, ledgerPlugin } from './ledger.plugin.js';
import type { DemoPositionCloser } from './ledger.routes.js';
import type { LedgerTables } from './ledger.tables.js';

export type LedgerModuleDeps = {
  /** The ledger's tables, the audit log, identity's through the user-directory port, review's through the queue port. */
  db: Kysely<LedgerTables & PlatformTables & IdentityTables & ReviewTables>;
  clock: Clock;
  apiPrefix: string;
  adminPrefix: string;
  users: LedgerUserDirectory;
  demoPositions: DemoPositionCloser;
  /** The review framework (#14): adjustments above the threshold wait in its `adjustment` queue. */
  reviews: AdjustmentReviews;
  /** ADJUST_REVIEW_THRESHOLD: above this USDT equivalent an adjustment needs a second admin. */
  adjustReviewThreshold: string;
};

/** What the rest of the platform asks of the ledger outside a transaction of its own. */
export type LedgerService = {
  /** USDT/USDC available and today's P&L for getUserInfo (identity's user-money port). */
  userInfoMoney(userId: string, book: Book): ReturnType<typeof userInfoMoney>;
  /** A user's first demo request funds their demo book (once; SPEC §4). */
  ensureDemoFunded(userId: string): Promise<void>;
  /** The review kind `adjustment`, plugged into the review framework at the root. */
  adjustmentReview: ReviewKindHandler;
};

/** Balances, the statement, the demo book, and operators' adjustments. */
export function createLedgerModule(deps: LedgerModuleDeps): AppModule<LedgerService> {
  const service: LedgerService = {
    userInfoMoney: (userId, book) => userInfoMoney(deps.db, book, userId, deps.clock.now()),
    ensureDemoFunded: (userId) => ensureDemoFunded(deps.db, userId),
    adjustmentReview: createAdjustmentReviewHandler(deps.db),
  };
  return {
    name: 'ledger',
    service,
    register: async (app) => {
      await app.register(ledgerPlugin, { prefix: deps.apiPrefix, db: deps.db, demoPositions: deps.demoPositions });
      await app.register(ledgerAdminPlugin, {
        prefix: deps.adminPrefix,
        db: deps.db,
        users: deps.users,
        reviews: deps.reviews,
        reviewThresholdUsdt: deps.adjustReviewThreshold,
      });
    },
    start: async () => {},
    stop: async () => {},
    publishes: [],
    subscribes: [],
  };
}
