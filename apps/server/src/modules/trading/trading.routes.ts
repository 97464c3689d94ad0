import { tradingRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import type { OtherOrders } from './other-orders.js';
import type { TradingService } from './trading.service.js';

export function registerTradingRoutes(app: FastifyInstance, trading: TradingService, otherOrders: OtherOrders): void {
  defineRoute(app, tradingRoutes.open, async ({ body, request, caller }) =>
    trading.toWire(await trading.open(caller.id, request.book, body)),
  );

  // A position is changed or read only in the book the request chose (#13): a demo session's
  // stale order number must never close a live position.
  defineRoute(app, tradingRoutes.close, async ({ body, request, caller }) =>
    trading.toWire(await trading.close({ userId: caller.id, book: request.book }, body.orderNo, body.lots)),
  );

  defineRoute(app, tradingRoutes.amend, async ({ body, request, caller }) =>
    trading.toWire(await trading.amend({ userId: caller.id, book: request.book }, body)),
  );

  defineRoute(app, tradingRoutes.cancel, async ({ body, request, caller }) =>
    trading.toWire(await trading.cancel({ userId: caller.id, book: request.book }, body.orderNo)),
  );

  defineRoute(app, tradingRoutes.orders, ({ query, request, caller }) => trading.list(caller.id, request.book, query));

  defineRoute(app, tradingRoutes.order, ({ params, request, caller }) =>
    trading.get({ userId: caller.id, book: request.book }, params.orderNo),
  );

  defineRoute(app, tradingRoutes.accountSummary, async ({ request, caller }) => {
    const { unrealisedMinor: _, ...summary } = await trading.accountSummary(caller.id, request.book);
    return summary;
  });

  // Positions and options orders side by side, newest first (issue 19).
  defineRoute(app, tradingRoutes.allOrdersAll, async ({ request, caller }) => {
    const positions = await trading.all(caller.id, request.book);
    const options = (await otherOrders.latestOptions(caller.id, request.book)).map((order) => ({
      ...order,
      kind: 'option' as const,
    }));
    const time = (entry: { openedAt: string | null; createdAt?: string }) => entry.openedAt ?? entry.createdAt ?? '';
    return [...positions, ...options].sort((a, b) => time(b).localeCompare(time(a)));
  });
}
