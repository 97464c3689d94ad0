import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { DbView } from '../../platform/db/database.js';
import type { PlatformTables } from '../../platform/db/platform.tables.js';
import type { LedgerTables } from '../ledger/index.js';
import type { NotifyTables } from '../notify/index.js';
import type { SavingsTables } from './savings.tables.js';

/**
 * The savings module's view of the database: its tables, and what its workflows write through the
 * other modules' public faces in the same transaction — the ledger's transfers, notify's
 * notifications, the audit log.
 */
export type SavingsDbTables = SavingsTables & LedgerTables & NotifyTables & PlatformTables;
export type SavingsDb = Kysely<SavingsDbTables>;
/** The database or one of its transactions. */
export type SavingsView = DbView<SavingsDbTables>;

/** What savings reads of the ledger (a port the composition root fills): an asset's decimals, null when unknown. */
export type SavingsAssets = { assetDecimals(code: string): Promise<number | null> };

export type SavingsContext = {
  db: SavingsDb;
  assets: SavingsAssets;
  /**
   * Business time: subscriptions, earned days, maturity. The platform clock, or in a test
   * deployment (`TEST_CLOCK`) one the journeys move forward.
   */
  clock: Clock;
};

/** Who acts and from where: what the audit row records besides the change. */
export type OperatorAction = { operatorId: string; requestId: string; ip: string | null };

/** The subscriber: the signed-in user and their VIP level (identity's `level`, read fresh per session). */
export type Investor = { id: string; level: number };
