import type { Kysely } from 'kysely';
import type { PlatformTables } from '../../platform/db/platform.tables.js';
import type { IdentityTables } from './identity.tables.js';

/** What an operator's change to a user runs with (#14): the back office's user administration and sessions. */

/** Identity's tables and the audit log, on one connection pool (the composition root's). */
export type UserAdministrationDb = Kysely<IdentityTables & PlatformTables>;

/** Who acts and from where: what the audit row records besides the change. */
export type OperatorAction = { operatorId: string; requestId: string; ip: string | null };
