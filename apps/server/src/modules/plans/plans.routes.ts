import { plansAdminRoutes, plansRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors/app-error.js';
import { defineRoute } from '../../platform/http/route.js';
import { buySmart } from './buy-smart.js';
import { createSmartProduct, setSmartProductEnabled, updateSmartProduct } from './manage-smart-products.js';
import type { PlansContext } from './plans.context.js';
import { listSmartOrders, ownSmartOrder, smartOrderToWire } from './smart-orders.js';
import { adminSmartProduct, smartProductToWire } from './smart-product-wire.js';
import { findProduct, listProductRows, requestBacktest } from './smart-products.repository.js';
import { exitSmart } from './wind-up-plan.js';

type Options = { ctx: PlansContext; backtestsChanged: () => void };

/** The smart plan routes (issue 18), under the API prefix. */
export async function plansPlugin(app: FastifyInstance, options: Options): Promise<void> {
  const { ctx } = options;
  defineRoute(app, plansRoutes.listSmartProducts, async ({ request }) => ({
    items: (await listProductRows(ctx.db, true)).map((row) => smartProductToWire(row, request.language)),
  }));
  defineRoute(app, plansRoutes.buySmart, async ({ body, caller, request }) =>
    smartOrderToWire(ctx, await buySmart(ctx, caller.id, body), request.language),
  );
  defineRoute(app, plansRoutes.listSmartOrder, async ({ caller, request }) => ({
    items: await listSmartOrders(ctx, caller.id, request.language),
  }));
  defineRoute(app, plansRoutes.exitSmart, async ({ body, caller, request }) => {
    await ownSmartOrder(ctx, caller.id, body.orderId);
    return smartOrderToWire(ctx, await exitSmart(ctx, caller.id, body.orderId), request.language);
  });
}

/** The plan products in the back office (issue 18), under the admin prefix. */
export async function plansAdminPlugin(app: FastifyInstance, options: Options): Promise<void> {
  const { ctx, backtestsChanged } = options;
  const action = (request: { id: string; ip: string }, operatorId: string) => ({
    operatorId,
    requestId: request.id,
    ip: request.ip,
  });
  defineRoute(app, plansAdminRoutes.smartProducts, async () => ({
    items: (await listProductRows(ctx.db, false)).map(adminSmartProduct),
  }));
  defineRoute(app, plansAdminRoutes.createSmartProduct, ({ body, request, caller }) =>
    createSmartProduct(ctx, action(request, caller.id), body, backtestsChanged),
  );
  defineRoute(app, plansAdminRoutes.updateSmartProduct, ({ params, body, request, caller }) =>
    updateSmartProduct(ctx, action(request, caller.id), params.id, body, backtestsChanged),
  );
  defineRoute(app, plansAdminRoutes.setSmartProductEnabled, ({ params, body, request, caller }) =>
    setSmartProductEnabled(ctx, action(request, caller.id), params.id, body),
  );
  defineRoute(app, plansAdminRoutes.backtestSmartProduct, async ({ params }) => {
    if (!(await findProduct(ctx.db, params.id))) throw new AppError('SMART_PRODUCT_NOT_FOUND');
    const row = await requestBacktest(ctx.db, params.id, ctx.clock.now());
    if (!row) throw new AppError('SMART_PRODUCT_NOT_FOUND');
    backtestsChanged();
    return adminSmartProduct(row);
  });
}
