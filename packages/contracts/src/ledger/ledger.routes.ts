import { z } from 'zod';
import { declareRoute } from '../http/route-declaration.js';
import {
  ZAdminAdjustRequest,
  ZAdminAdjustResponse,
  ZBalancesResponse,
  ZDemoResetResponse,
  ZStatementQuery,
  ZStatementResponse,
} from './ledger.contracts.js';
import { ledgerEndpoints } from './ledger.endpoints.js';

/** The ledger routes as the server declares them: each endpoint with its schemas, for validation and OpenAPI. */
export const ledgerRoutes = {
  balances: declareRoute(ledgerEndpoints.balances, {
    summary: "Per asset: available, held and total, in the request's book",
    tags: ['ledger'],
    owner: 'caller',
    response: ZBalancesResponse,
  }),
  statement: declareRoute(ledgerEndpoints.statement, {
    summary: 'Ledger entries, newest first, signed from the user side with the balance after each',
    tags: ['ledger'],
    owner: 'caller',
    query: ZStatementQuery,
    response: ZStatementResponse,
  }),
  statementCsv: declareRoute(ledgerEndpoints.statementCsv, {
    summary: 'The filtered statement as CSV (UTF-8 with BOM); answers text/csv, not the envelope',
    tags: ['ledger'],
    owner: 'caller',
    query: ZStatementQuery,
    response: z.string(),
  }),
  demoReset: declareRoute(ledgerEndpoints.demoReset, {
    summary: 'Return the demo book to exactly 100,000 USDT',
    tags: ['ledger'],
    owner: 'caller',
    response: ZDemoResetResponse,
    successCode: 'MODIFIED',
  }),
  ledgerAdjust: declareRoute(ledgerEndpoints.ledgerAdjust, {
    summary: "Adjust a user's balance by a reasoned transfer against treasury (audit-logged)",
    tags: ['admin'],
    owner: 'operator',
    body: ZAdminAdjustRequest,
    response: ZAdminAdjustResponse,
  }),
};
