import type { AppModule } from '../../platform/module.js';
import { adminPlugin } from './admin.routes.js';
import type { AdminDb, AdminUserAdministration, AdminUserDirectory } from './admin.types.js';

export type AdminModuleDeps = {
  db: AdminDb;
  adminPrefix: string;
  users: AdminUserDirectory;
  userAdministration: AdminUserAdministration;
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
      });
    },
    start: async () => {},
    stop: async () => {},
    publishes: [],
    subscribes: [],
  };
}
