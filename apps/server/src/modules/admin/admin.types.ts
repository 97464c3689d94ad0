import type { Kysely } from 'kysely';
import type { DbView } from '../../platform/db/database.js';
import type { PlatformTables } from '../../platform/db/platform.tables.js';
import type { IdentityService, IdentityTables } from '../identity/index.js';
import type { LedgerTables } from '../ledger/index.js';

/**
 * What the back office asks identity about users (a port identity's public face fills at the
 * root): an operator filter's user name, and the names of the operators a page shows.
 */
export type AdminUserDirectory = {
  findUserIdByName(db: DbView<IdentityTables>, userName: string): Promise<string | null>;
  userNamesByIds(db: DbView<IdentityTables>, userIds: readonly string[]): Promise<Map<string, string>>;
};

/**
 * The users part of the back office (#14): identity's user administration, filled at the root by
 * identity's service (which also forgets the changed user's cached sessions on every instance).
 */
export type AdminUserAdministration = Pick<
  IdentityService,
  'searchUsers' | 'userProfile' | 'setUserLevel' | 'setUserStatus' | 'revokeUserSession' | 'revokeAllUserSessions'
>;

/**
 * The back office's view: the platform's audit log, identity's tables through the ports, the
 * ledger's balances through its public face.
 */
export type AdminDb = Kysely<PlatformTables & IdentityTables & LedgerTables>;
