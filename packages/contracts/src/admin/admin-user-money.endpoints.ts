import { endpoint, type InputOf, type OutputOf } from '../http/endpoint.js';
import type { ZDemoResetResponse, ZStatementResponse } from '../ledger/ledger.contracts.js';
import type { ZOrdersResponse } from '../trading/trading.contracts.js';
import type { ZAdminUserParams } from './admin.contracts.js';
import type { ZAdminUserPositionsQuery, ZAdminUserStatementQuery } from './admin-user-money.contracts.js';

/**
 * The money part of the back office's user page (#14), as clients see it (types only); the
 * server's declarations add the schemas (`admin-user-money.routes.ts`).
 */
export const adminUserMoneyEndpoints = {
  userStatement: endpoint<
    { params: InputOf<typeof ZAdminUserParams>; query: InputOf<typeof ZAdminUserStatementQuery> },
    OutputOf<typeof ZStatementResponse>,
    'support'
  >('GET', '/swx/admin/users/:id/statement', 'support'),
  userPositions: endpoint<
    { params: InputOf<typeof ZAdminUserParams>; query: InputOf<typeof ZAdminUserPositionsQuery> },
    OutputOf<typeof ZOrdersResponse>,
    'support'
  >('GET', '/swx/admin/users/:id/positions', 'support'),
  userDemoReset: endpoint<{ params: InputOf<typeof ZAdminUserParams> }, OutputOf<typeof ZDemoResetResponse>, 'admin'>(
    'POST',
    '/swx/admin/users/:id/demo/reset',
    'admin',
  ),
};
