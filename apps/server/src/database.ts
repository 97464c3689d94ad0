import type { Kysely } from 'kysely';
import type { AlertsTables } from './modules/alerts/alerts.tables.js';
import type { ContentTables } from './modules/content/content.tables.js';
import type { IdentityTables } from './modules/identity/identity.tables.js';
import type { KycTables } from './modules/kyc/kyc.tables.js';
import type { LedgerTables } from './modules/ledger/ledger.tables.js';
import type { LendingTables } from './modules/lending/lending.tables.js';
import type { MarketTables } from './modules/market/market.tables.js';
import type { NotifyTables } from './modules/notify/notify.tables.js';
import type { OnboardingTables } from './modules/onboarding/onboarding.tables.js';
import type { OptionsTables } from './modules/options/options.tables.js';
import type { PaymentsTables } from './modules/payments/payments.tables.js';
import type { PlansTables } from './modules/plans/plans.tables.js';
import type { ReferralTables } from './modules/referral/referral.tables.js';
import type { ReviewTables } from './modules/review/review.tables.js';
import type { SavingsTables } from './modules/savings/savings.tables.js';
import type { SupportTables } from './modules/support/support.tables.js';
import type { TradingTables } from './modules/trading/trading.tables.js';
import type { UploadsTables } from './modules/uploads/uploads.tables.js';
import { createDatabase } from './platform/db/database.js';
import type { PlatformTables } from './platform/db/platform.tables.js';

/**
 * The whole schema, composed at the app level: each module declares its own tables in
 * `<module>.tables.ts` and works on a `DbView` of them alone; only the composition root, the
 * command-line tools and tests hold the full type.
 */
export type Database = PlatformTables &
  ContentTables &
  IdentityTables &
  LedgerTables &
  MarketTables &
  PaymentsTables &
  TradingTables &
  ReferralTables &
  ReviewTables &
  UploadsTables &
  NotifyTables &
  AlertsTables &
  OnboardingTables &
  KycTables &
  LendingTables &
  OptionsTables &
  PlansTables &
  SavingsTables &
  SupportTables;
export type Db = Kysely<Database>;

export function createAppDatabase(connectionString: string, options: { max?: number } = {}): Db {
  return createDatabase<Database>(connectionString, options);
}
