import { ledgerRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { CodedAnswer, defineRoute } from '../../platform/http/route.js';
import {
  type AdjustmentDb,
  type AdjustmentReviews,
  adjustBalance,
  balancesOf,
  type LedgerUserDirectory,
  resetDemo,
  statementCsv,
  statementOf,
} from './ledger.accounts-api.js';
import type { LedgerDb as Db } from './ledger.tables.js';

/**
 * What a demo reset asks of trading first: close the user's demo positions, so no hold outlives
 * the balance it was taken from. A port trading's service fills.
 */
export type DemoPositionCloser = { closeDemoPositions(userId: string): Promise<void> };

export function registerLedgerRoutes(app: FastifyInstance, db: Db, demoPositions: DemoPositionCloser): void {
  defineRoute(app, ledgerRoutes.balances, ({ request, caller }) => balancesOf(db, request.book, caller.id));

  defineRoute(app, ledgerRoutes.statement, ({ query, request, caller }) =>
    statementOf(db, request.book, caller.id, query),
  );

  defineRoute(app, ledgerRoutes.statementCsv, async ({ query, request, reply, caller }) => {
    const csv = await statementCsv(db, request.book, caller.id, query);
    // The file itself, not an envelope: spreadsheets open it directly.
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="openbourse-statement-${request.book}.csv"`);
    return reply.send(csv) as never;
  });

  defineRoute(app, ledgerRoutes.demoReset, async ({ caller }) => {
    // Positions in the demo book are closed first (trading), so no margin stays held.
    await demoPositions.closeDemoPositions(caller.id);
    return resetDemo(db, caller.id);
  });
}

export function registerLedgerAdminRoutes(
  app: FastifyInstance,
  db: AdjustmentDb,
  users: LedgerUserDirectory,
  reviews: AdjustmentReviews,
  reviewThresholdUsdt: string,
): void {
  defineRoute(app, ledgerRoutes.ledgerAdjust, async ({ body, request, caller }) => {
    const outcome = await adjustBalance(db, users, reviews, reviewThresholdUsdt, {
      operatorId: caller.id,
      userId: String(body.userId),
      asset: body.asset,
      book: body.book,
      amount: body.amount,
      reason: body.reason,
      idempotencyKey: body.idempotencyKey,
      requestId: request.id,
      ip: request.ip,
    });
    if (outcome.kind === 'moved') return { transferId: outcome.transferId, isNew: outcome.isNew };
    // Above the review threshold: the pending item, answered 20001 "submitted for review".
    return new CodedAnswer('SUBMITTED_FOR_REVIEW', reviews.toWire(outcome.item, request.language));
  });
}
