import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { PlatformTables } from '../../platform/db/platform.tables.js';
import type { LendingTables } from './lending.tables.js';

/** The lending module's view of the database: its tables, and the audit log it writes beside a change. */
export type LendingDb = Kysely<LendingTables & PlatformTables>;

/** What lending reads of the ledger (a port the composition root fills): an asset's decimals, null when unknown. */
export type LendingAssets = { assetDecimals(code: string): Promise<number | null> };

export type LendingContext = { db: LendingDb; assets: LendingAssets; clock: Clock };

/** Who acts and from where: what the audit row records besides the change. */
export type OperatorAction = { operatorId: string; requestId: string; ip: string | null };
