import {
  ZAdminAdjustRequest,
  ZAdminAdjustResponse,
  ZBalancesResponse,
  ZDemoResetResponse,
  ZStatementQuery,
  ZStatementResponse,
} from '@openbourse/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors/app-error.js';
import { defineRoute } from '../../platform/http/route.js';
import {
  type AdjustmentDb,
  adjustBalance,
  balancesOf,
  type LedgerUserDirectory,
  resetDemo,
  statementCsv,
  statementOf,
} from './ledger.accounts-api.js';
import type { LedgerDb as Db } from './ledger.tables.js';

const tags = ['ledger'];

function callerId(request: FastifyRequest): string {
  if (!request.auth) throw new AppError('NOT_LOGGED_IN');
  return request.auth.id;
}

/**
 * What a demo reset asks of trading first: close the user's demo positions, so no hold outlives
 * the balance it was taken from. A port trading's service fills.
 */
export type DemoPositionCloser = { closeDemoPositions(userId: string): Promise<void> };

export function registerLedgerRoutes(app: FastifyInstance, db: Db, demoPositions: DemoPositionCloser): void {
  defineRoute(app, {
    method: 'GET',
    url: '/user/balances',
    auth: 'user',
    tags,
    summary: "Per asset: available, held and total, in the request's book",
    response: ZBalancesResponse,
    handler: ({ request }) => balancesOf(db, request.book, callerId(request)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/user/statement',
    auth: 'user',
    tags,
    summary: 'Ledger entries, newest first, signed from the user side with the balance after each',
    query: ZStatementQuery,
    response: ZStatementResponse,
    handler: ({ query, request }) => statementOf(db, request.book, callerId(request), query),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/user/statement.csv',
    auth: 'user',
    tags,
    summary: 'The filtered statement as CSV (UTF-8 with BOM); answers text/csv, not the envelope',
    query: ZStatementQuery,
    response: z.string(),
    handler: async ({ query, request, reply }) => {
      const csv = await statementCsv(db, request.book, callerId(request), query);
      // The file itself, not an envelope: spreadsheets open it directly.
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="openbourse-statement-${request.book}.csv"`);
      return reply.send(csv) as never;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/user/demo/reset',
    auth: 'user',
    tags,
    summary: 'Return the demo book to exactly 100,000 USDT',
    response: ZDemoResetResponse,
    successCode: 'MODIFIED',
    handler: async ({ request }) => {
      // Positions in the demo book are closed first (trading), so no margin stays held.
      await demoPositions.closeDemoPositions(callerId(request));
      return resetDemo(db, callerId(request));
    },
  });
}

export function registerLedgerAdminRoutes(app: FastifyInstance, db: AdjustmentDb, users: LedgerUserDirectory): void {
  defineRoute(app, {
    method: 'POST',
    url: '/ledger/adjust',
    auth: 'admin',
    tags: ['admin'],
    summary: "Adjust a user's balance by a reasoned transfer against treasury (audit-logged)",
    body: ZAdminAdjustRequest,
    response: ZAdminAdjustResponse,
    handler: ({ body, request }) =>
      adjustBalance(db, users, {
        operatorId: callerId(request),
        userId: String(body.userId),
        asset: body.asset,
        book: body.book,
        amount: body.amount,
        reason: body.reason,
        idempotencyKey: body.idempotencyKey,
        requestId: request.id,
      }),
  });
}
