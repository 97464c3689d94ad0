import { marketAdminRoutes, marketHoursRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import type { HoursClosures } from './hours-closures.js';
import type { MarketSettings } from './instrument-settings.js';

/** The market's product settings in the back office (issue 14), under the admin prefix. */
export async function marketAdminPlugin(
  app: FastifyInstance,
  options: { settings: MarketSettings; closures: HoursClosures },
): Promise<void> {
  const { settings, closures } = options;
  defineRoute(app, marketAdminRoutes.instruments, async () => ({ items: await settings.instruments() }));
  defineRoute(app, marketAdminRoutes.updateInstrument, ({ params, body, request, caller }) =>
    settings.updateInstrument({ operatorId: caller.id, requestId: request.id, ip: request.ip }, params.code, body),
  );
  defineRoute(app, marketAdminRoutes.feeSchedule, async () => ({ items: await settings.feeSchedule() }));
  defineRoute(app, marketAdminRoutes.updateFeeRate, ({ params, body, request, caller }) =>
    settings.updateFeeRate({ operatorId: caller.id, requestId: request.id, ip: request.ip }, params.assetClass, body),
  );
  // Trading-hours overrides: an instrument closed for a window its schedule has open.
  defineRoute(app, marketHoursRoutes.closures, async ({ params }) => ({ items: await closures.list(params.code) }));
  defineRoute(app, marketHoursRoutes.createClosure, ({ params, body, request, caller }) =>
    closures.create({ operatorId: caller.id, requestId: request.id, ip: request.ip }, params.code, body),
  );
  defineRoute(app, marketHoursRoutes.cancelClosure, ({ params, body, request, caller }) =>
    closures.cancel(
      { operatorId: caller.id, requestId: request.id, ip: request.ip },
      params.code,
      params.id,
      body.reason,
    ),
  );
}
