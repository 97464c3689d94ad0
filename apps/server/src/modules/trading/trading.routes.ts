import { tradingRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import type { TradingService } from './trading.service.js';

export function registerTradingRoutes(app: FastifyInstance, trading: TradingService): void {
  defineRoute(app, tradingRoutes.open, async ({ body, request, caller }) =>
    trading.toWire(await trading.open(caller.id, request.book, body)),
  );

  defineRoute(app, tradingRoutes.close, async ({ body, caller }) =>
    trading.toWire(await trading.close(caller.id, body.orderNo, body.lots)),
  );

  defineRoute(app, tradingRoutes.amend, async ({ body, caller }) =>
    trading.toWire(await trading.amend(caller.id, body)),
  );

  defineRoute(app, tradingRoutes.cancel, async ({ body, caller }) =>
    trading.toWire(await trading.cancel(caller.id, body.orderNo)),
  );

  defineRoute(app, tradingRoutes.orders, ({ query, request, caller }) => trading.list(caller.id, request.book, query));

  defineRoute(app, tradingRoutes.order, ({ params, caller }) => trading.get(caller.id, params.orderNo));

  defineRoute(app, tradingRoutes.accountSummary, async ({ request, caller }) => {
    const { unrealisedMinor: _, ...summary } = await trading.accountSummary(caller.id, request.book);
    return summary;
  });

  defineRoute(app, tradingRoutes.allOrdersAll, ({ request, caller }) => trading.all(caller.id, request.book));
}
