import type { FastifyInstance } from 'fastify';
import type { Db } from '../../database.js';
import { registerLedgerAdminRoutes, registerLedgerRoutes } from './ledger.routes.js';

export async function ledgerPlugin(
  app: FastifyInstance,
  options: { db: Db; beforeDemoReset?: (userId: string) => Promise<void> },
): Promise<void> {
  registerLedgerRoutes(app, options.db, options.beforeDemoReset);
}

export async function ledgerAdminPlugin(app: FastifyInstance, options: { db: Db }): Promise<void> {
  registerLedgerAdminRoutes(app, options.db);
}
