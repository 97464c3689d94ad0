import { declareRoute } from '../http/route-declaration.js';
import { ZDemoResetResponse, ZStatementResponse } from '../ledger/ledger.contracts.js';
import { ZOrdersResponse } from '../trading/trading.contracts.js';
import { ZAdminUserParams } from './admin.contracts.js';
import { ZAdminUserPositionsQuery, ZAdminUserStatementQuery } from './admin-user-money.contracts.js';
import { adminUserMoneyEndpoints } from './admin-user-money.endpoints.js';

/** The user page's money routes as the server declares them: each endpoint with its schemas. */
export const adminUserMoneyRoutes = {
  userStatement: declareRoute(adminUserMoneyEndpoints.userStatement, {
    summary:
      "Support and admins: a user's ledger statement in one book, newest first, signed from the user side, filtered and paged as the user's own",
    tags: ['admin'],
    owner: 'operator',
    params: ZAdminUserParams,
    query: ZAdminUserStatementQuery,
    response: ZStatementResponse,
  }),
  userPositions: declareRoute(adminUserMoneyEndpoints.userPositions, {
    summary:
      "Support and admins: a user's positions and orders in one book (open, pending, or closed and cancelled), paged",
    tags: ['admin'],
    owner: 'operator',
    params: ZAdminUserParams,
    query: ZAdminUserPositionsQuery,
    response: ZOrdersResponse,
  }),
  userDemoReset: declareRoute(adminUserMoneyEndpoints.userDemoReset, {
    summary:
      "Admins only: reset a user's demo book as the user's own reset does (open demo positions closed, exactly 100,000 USDT); audit-logged",
    tags: ['admin'],
    owner: 'operator',
    params: ZAdminUserParams,
    response: ZDemoResetResponse,
    successCode: 'MODIFIED',
  }),
};
