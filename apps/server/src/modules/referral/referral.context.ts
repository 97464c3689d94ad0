import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { DbView } from '../../platform/db/database.js';
import type { PlatformTables } from '../../platform/db/platform.tables.js';
import type { IdentityTables } from '../identity/index.js';
import type { LedgerTables } from '../ledger/index.js';
import type { NotifyTables } from '../notify/index.js';
import type { ReferralTables } from './referral.tables.js';

/**
 * The referral module's view of the database: its tables, and what its workflows touch through
 * the other modules' public faces in the same transaction — identity's users (who invited whom),
 * the ledger's transfers, notify's notifications, the audit log.
 */
export type ReferralDbTables = ReferralTables & IdentityTables & LedgerTables & NotifyTables & PlatformTables;
export type ReferralKysely = Kysely<ReferralDbTables>;
export type ReferralView = DbView<ReferralDbTables>;

export type ReferralContext = {
  db: ReferralKysely;
  clock: Clock;
  /** PUBLIC_ORIGIN: the invite link is absolute when set, else a path on the site the user is on. */
  publicOrigin: string | null;
};

/** Who acts and from where: what the audit row records besides the change. */
export type OperatorAction = { operatorId: string; requestId: string; ip: string | null };
