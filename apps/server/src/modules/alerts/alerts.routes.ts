import { alertsRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import type { AlertsContext } from './alerts.context.js';
import { createAlert } from './create-alert.js';
import { deleteUserAlert } from './delete-alert.js';
import { listUserAlerts } from './list-alerts.js';

/** The user's price alert routes (issue 16), under the API prefix; per user, whatever the book. */
export async function alertsPlugin(app: FastifyInstance, options: { ctx: AlertsContext }): Promise<void> {
  const { ctx } = options;
  defineRoute(app, alertsRoutes.createAlert, ({ body, caller }) => createAlert(ctx, caller.id, body));
  defineRoute(app, alertsRoutes.listAlerts, ({ caller }) => listUserAlerts(ctx.db, caller.id));
  defineRoute(app, alertsRoutes.deleteAlert, ({ params, caller }) => deleteUserAlert(ctx, caller.id, params.id));
}
