import { adminUserMoneyRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import type { AdminDb, AdminUserDirectory, AdminUserLedger, AdminUserTrading } from './admin.types.js';
import { resetUserDemo, userPositions, userStatement } from './user-money.js';

/** The user page's money routes (#14): statement, positions, demo reset. */
export async function adminUserMoneyPlugin(
  app: FastifyInstance,
  options: { db: AdminDb; users: AdminUserDirectory; ledger: AdminUserLedger; trading: AdminUserTrading },
): Promise<void> {
  const { db, users, ledger, trading } = options;
  defineRoute(app, adminUserMoneyRoutes.userStatement, ({ params, query }) =>
    userStatement(db, users, ledger, params.id, query),
  );
  defineRoute(app, adminUserMoneyRoutes.userPositions, ({ params, query }) =>
    userPositions(db, users, trading, params.id, query),
  );
  defineRoute(app, adminUserMoneyRoutes.userDemoReset, ({ params, request, caller }) =>
    resetUserDemo(
      db,
      users,
      ledger,
      trading,
      { operatorId: caller.id, requestId: request.id, ip: request.ip },
      params.id,
    ),
  );
}
