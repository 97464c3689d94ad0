import { adminDashboardRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import type { AdminDashboardSources, AdminDb } from './admin.types.js';
import { adminDashboard } from './dashboard.js';

/** The back office's dashboard (#14): what every operator sees first. */
export async function adminDashboardPlugin(
  app: FastifyInstance,
  options: { db: AdminDb; sources: AdminDashboardSources },
): Promise<void> {
  const { db, sources } = options;
  defineRoute(app, adminDashboardRoutes.dashboard, () => adminDashboard(db, sources));
}
