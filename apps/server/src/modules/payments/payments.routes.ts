import { paymentsAdminRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import { type PaymentSettingsDb, paymentSettings, updatePaymentSettings } from './payment-settings.js';

/** The payments settings in the back office (issue 14), under the admin prefix. */
export async function paymentsAdminPlugin(app: FastifyInstance, options: { db: PaymentSettingsDb }): Promise<void> {
  const { db } = options;
  defineRoute(app, paymentsAdminRoutes.paymentSettings, async () => ({ items: await paymentSettings(db) }));
  defineRoute(app, paymentsAdminRoutes.updatePaymentSettings, ({ params, body, request, caller }) =>
    updatePaymentSettings(db, { operatorId: caller.id, requestId: request.id, ip: request.ip }, params.asset, body),
  );
}
