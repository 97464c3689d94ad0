import { marketAdminRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import type { MarketSettings } from './instrument-settings.js';

/** The market's product settings in the back office (issue 14), under the admin prefix. */
export async function marketAdminPlugin(app: FastifyInstance, options: { settings: MarketSettings }): Promise<void> {
  const { settings } = options;
  defineRoute(app, marketAdminRoutes.instruments, async () => ({ items: await settings.instruments() }));
  defineRoute(app, marketAdminRoutes.updateInstrument, ({ params, body, request, caller }) =>
    settings.updateInstrument({ operatorId: caller.id, requestId: request.id, ip: request.ip }, params.code, body),
  );
  defineRoute(app, marketAdminRoutes.feeSchedule, async () => ({ items: await settings.feeSchedule() }));
  defineRoute(app, marketAdminRoutes.updateFeeRate, ({ params, body, request, caller }) =>
    settings.updateFeeRate({ operatorId: caller.id, requestId: request.id, ip: request.ip }, params.assetClass, body),
  );
}
