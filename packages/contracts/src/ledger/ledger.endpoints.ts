import { endpoint, type InputOf, type NoInput, type OutputOf } from '../http/endpoint.js';
import type {
  ZAdminAdjustRequest,
  ZAdminAdjustResponse,
  ZBalancesResponse,
  ZDemoResetResponse,
  ZStatementQuery,
  ZStatementResponse,
} from './ledger.contracts.js';

/**
 * The ledger endpoints as clients see them: method, full path and auth level, with their
 * payload types (types only: this file loads no schema, so the web's first page can use it).
 * The server's declarations add the schemas (`ledger.routes.ts`).
 */
export const ledgerEndpoints = {
  balances: endpoint<NoInput, OutputOf<typeof ZBalancesResponse>, 'user'>('GET', '/swx/customer/user/balances', 'user'),
  statement: endpoint<{ query: InputOf<typeof ZStatementQuery> }, OutputOf<typeof ZStatementResponse>, 'user'>(
    'GET',
    '/swx/customer/user/statement',
    'user',
  ),
  statementCsv: endpoint<{ query: InputOf<typeof ZStatementQuery> }, string, 'user'>(
    'GET',
    '/swx/customer/user/statement.csv',
    'user',
  ),
  demoReset: endpoint<NoInput, OutputOf<typeof ZDemoResetResponse>, 'user'>(
    'POST',
    '/swx/customer/user/demo/reset',
    'user',
  ),
  ledgerAdjust: endpoint<{ body: InputOf<typeof ZAdminAdjustRequest> }, OutputOf<typeof ZAdminAdjustResponse>, 'admin'>(
    'POST',
    '/swx/admin/ledger/adjust',
    'admin',
  ),
};
