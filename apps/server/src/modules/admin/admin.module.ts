import type { AppModule } from '../../platform/module.js';
import { adminPlugin } from './admin.routes.js';
import type {
  AdminDashboardSources,
  AdminDb,
  AdminRealNames,
  AdminUserAdministration,
  AdminUserDirectory,
  AdminUserLedger,
  AdminUserTrading,
} from './admin.types.js';
import { adminDashboardPlugin } from './admin-dashboard.routes.js';
import { adminUserMoneyPlugin } from './admin-user-money.routes.js';

export type AdminModuleDeps = {
  db: AdminDb;
  adminPrefix: string;
  users: AdminUserDirectory;
  userAdministration: AdminUserAdministration;
  /** What the dashboard asks the other modules and the platform (every figure measured when asked). */
  dashboard: AdminDashboardSources;
  /** The ledger's statement, balances and demo reset, for the user page's money part. */
  userLedger: AdminUserLedger;
  /** Trading's orders listing and demo close-out, for the user page's money part. */
  userTrading: AdminUserTrading;
  /** The user's real name from their verification (kyc), each opening audit-logged. */
  realNames: AdminRealNames;
};

/**
 * The back office (issue 14): so far the operators' audit log, read through the platform's
 * audit face, and the users (search, a user's page, VIP level and status) through identity's
 * user administration. Later parts (queues, settings) join here.
 */
export function createAdminModule(deps: AdminModuleDeps): AppModule<Record<string, never>> {
  return {
    name: 'admin',
    service: {},
    register: async (app) => {
      await app.register(adminPlugin, {
        prefix: deps.adminPrefix,
        db: deps.db,
        users: deps.users,
        userAdministration: deps.userAdministration,
        realNames: deps.realNames,
      });
      await app.register(adminDashboardPlugin, { prefix: deps.adminPrefix, db: deps.db, sources: deps.dashboard });
      await app.register(adminUserMoneyPlugin, {
        prefix: deps.adminPrefix,
        db: deps.db,
        users: deps.users,
        ledger: deps.userLedger,
        trading: deps.userTrading,
      });
    },
    start: async () => {},
    stop: async () => {},
    publishes: [],
    subscribes: [],
  };
}
