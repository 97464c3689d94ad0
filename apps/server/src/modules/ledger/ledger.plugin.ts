import type { FastifyInstance } from 'fastify';
import type { AdjustmentDb, AdjustmentReviews, LedgerUserDirectory } from './ledger.accounts-api.js';
import { type DemoPositionCloser, registerLedgerAdminRoutes, registerLedgerRoutes } from './ledger.routes.js';
import type { LedgerDb as Db } from './ledger.tables.js';

export type { AdjustmentReviews, LedgerUserDirectory } from './ledger.accounts-api.js';

export async function ledgerPlugin(
  app: FastifyInstance,
  options: { db: Db; demoPositions: DemoPositionCloser },
): Promise<void> {
  registerLedgerRoutes(app, options.db, options.demoPositions);
}

export async function ledgerAdminPlugin(
  app: FastifyInstance,
  options: { db: AdjustmentDb; users: LedgerUserDirectory; reviews: AdjustmentReviews; reviewThresholdUsdt: string },
): Promise<void> {
  registerLedgerAdminRoutes(app, options.db, options.users, options.reviews, options.reviewThresholdUsdt);
}
