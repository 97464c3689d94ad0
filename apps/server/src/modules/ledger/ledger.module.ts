import type { Book } from '@openbourse/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { PlatformTables } from '../../platform/db/platform.tables.js';
import type { AppModule } from '../../platform/module.js';
import type { IdentityTables } from '../identity/index.js';
import { ensureDemoFunded, type LedgerUserDirectory, userInfoMoney } from './ledger.accounts-api.js';
import { ledgerAdminPlugin, ledgerPlugin } from './ledger.plugin.js';
import type { DemoPositionCloser } from './ledger.routes.js';
import type { LedgerTables } from './ledger.tables.js';

export type LedgerModuleDeps = {
  /** The ledger's tables, the audit log, and identity's through the user-directory port. */
  db: Kysely<LedgerTables & PlatformTables & IdentityTables>;
  clock: Clock;
  apiPrefix: string;
  adminPrefix: string;
  users: LedgerUserDirectory;
  demoPositions: DemoPositionCloser;
};

/** What the rest of the platform asks of the ledger outside a transaction of its own. */
export type LedgerService = {
  /** USDT/USDC available and today's P&L for getUserInfo (identity's user-money port). */
  userInfoMoney(userId: string, book: Book): ReturnType<typeof userInfoMoney>;
  /** A user's first demo request funds their demo book (once; SPEC §4). */
  ensureDemoFunded(userId: string): Promise<void>;
};

/** Balances, the statement, the demo book, and operators' adjustments. */
export function createLedgerModule(deps: LedgerModuleDeps): AppModule<LedgerService> {
  const service: LedgerService = {
    userInfoMoney: (userId, book) => userInfoMoney(deps.db, book, userId, deps.clock.now()),
    ensureDemoFunded: (userId) => ensureDemoFunded(deps.db, userId),
  };
  return {
    name: 'ledger',
    service,
    register: async (app) => {
      await app.register(ledgerPlugin, { prefix: deps.apiPrefix, db: deps.db, demoPositions: deps.demoPositions });
      await app.register(ledgerAdminPlugin, { prefix: deps.adminPrefix, db: deps.db, users: deps.users });
    },
    start: async () => {},
    stop: async () => {},
    publishes: [],
    subscribes: [],
  };
}
