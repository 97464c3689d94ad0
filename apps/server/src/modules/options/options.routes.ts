import { optionsAdminRoutes, optionsRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import { buyOptions } from './buy-options.js';
import { closeOptions } from './close-options.js';
import { listExpiryByOperator } from './list-expiries.js';
import {
  createOptionsProduct,
  listAdminOptionsProducts,
  setOptionsProductEnabled,
  updateOptionsProduct,
} from './manage-options-products.js';
import type { OptionsContext } from './options.context.js';
import { optionsChain } from './options-chain.js';
import { adminOptionsExpiries, adminOptionsExpiry } from './options-expiry-wire.js';
import { listOptionsOrders, optionsOrderToWire, ownOptionsOrder } from './options-orders.js';
import { findOrderView } from './options-orders.repository.js';
import { listProducts } from './options-products.repository.js';
import { decideSettlementPrice } from './settle-expiry.js';

type Options = { ctx: OptionsContext; settleSoon: () => void };

async function orderWire(ctx: OptionsContext, id: string) {
  const view = await findOrderView(ctx.db, id);
  if (!view) throw new Error(`options order ${id} vanished`);
  return optionsOrderToWire(ctx, view);
}

/** The options routes (issue 19), under the API prefix. */
export async function optionsPlugin(app: FastifyInstance, options: Options): Promise<void> {
  const { ctx } = options;
  defineRoute(app, optionsRoutes.listOptionsConfig, ({ query }) => optionsChain(ctx, query.code));
  defineRoute(app, optionsRoutes.buyOptions, async ({ body, caller, request }) => {
    const order = await buyOptions(ctx, { id: caller.id, book: request.book }, body, request.language);
    return orderWire(ctx, order.id);
  });
  defineRoute(app, optionsRoutes.closeOptions, async ({ body, caller, request }) => {
    const order = await closeOptions(ctx, { id: caller.id, book: request.book }, body);
    return orderWire(ctx, order.id);
  });
  defineRoute(app, optionsRoutes.getOptionsOrderById, async ({ params, caller, request }) =>
    optionsOrderToWire(ctx, await ownOptionsOrder(ctx, { id: caller.id, book: request.book }, params.id)),
  );
  defineRoute(app, optionsRoutes.listOptionsOrder, ({ query, caller, request }) =>
    listOptionsOrders(ctx, { id: caller.id, book: request.book }, query),
  );
}

/** The back office's options products and expiries (issue 19), under the admin prefix. */
export async function optionsAdminPlugin(app: FastifyInstance, options: Options): Promise<void> {
  const { ctx, settleSoon } = options;
  const action = (request: { id: string; ip: string }, operatorId: string) => ({
    operatorId,
    requestId: request.id,
    ip: request.ip,
  });
  defineRoute(app, optionsAdminRoutes.optionsProducts, async () => ({
    items: await listAdminOptionsProducts(ctx, await listProducts(ctx.db, false)),
  }));
  defineRoute(app, optionsAdminRoutes.createOptionsProduct, ({ body, request, caller }) =>
    createOptionsProduct(ctx, action(request, caller.id), body),
  );
  defineRoute(app, optionsAdminRoutes.updateOptionsProduct, ({ params, body, request, caller }) =>
    updateOptionsProduct(ctx, action(request, caller.id), params.id, body),
  );
  defineRoute(app, optionsAdminRoutes.setOptionsProductEnabled, ({ params, body, request, caller }) =>
    setOptionsProductEnabled(ctx, action(request, caller.id), params.id, body),
  );
  defineRoute(app, optionsAdminRoutes.listOptionsExpiry, async ({ params, body, request, caller }) =>
    adminOptionsExpiry(ctx, await listExpiryByOperator(ctx, action(request, caller.id), params.id, body)),
  );
  defineRoute(app, optionsAdminRoutes.optionsExpiries, ({ query }) => adminOptionsExpiries(ctx, query.status));
  defineRoute(app, optionsAdminRoutes.settleOptionsExpiry, async ({ params, body, request, caller }) => {
    const expiry = await decideSettlementPrice(ctx, action(request, caller.id), params.id, body);
    settleSoon();
    return adminOptionsExpiry(ctx, expiry);
  });
}
