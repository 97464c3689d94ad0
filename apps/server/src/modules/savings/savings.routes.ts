import { savingsAdminRoutes, savingsRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import { createSavingsProduct } from './create-savings-product.js';
import { invest } from './invest.js';
import { listAdminSavingsProducts, listFinancialProducts } from './list-savings-products.js';
import { redeemSavingsOrder } from './redeem-savings-order.js';
import type { SavingsContext } from './savings.context.js';
import { listMySavingsOrders, toWireSavingsOrders } from './savings-order-wire.js';
import type { SavingsOrderRow } from './savings-orders.repository.js';
import { setSavingsProductStatus } from './set-savings-product-status.js';
import { updateSavingsProduct } from './update-savings-product.js';

/** The savings routes (issue 18), under the API prefix: the public list; the investor's, live book only. */
export async function savingsPlugin(app: FastifyInstance, options: { ctx: SavingsContext }): Promise<void> {
  const { ctx } = options;
  const wire = async (row: SavingsOrderRow, language: Parameters<typeof toWireSavingsOrders>[2]) => {
    const [order] = await toWireSavingsOrders(ctx.db, [row], language);
    if (!order) throw new Error(`savings order ${row.id} could not be shown`);
    return order;
  };
  defineRoute(app, savingsRoutes.listFinancialProducts, async ({ request }) => ({
    items: await listFinancialProducts(ctx, request.language),
  }));
  defineRoute(app, savingsRoutes.invest, async ({ body, caller, request }) =>
    wire(await invest(ctx, { id: caller.id, level: caller.user.level }, body, request.language), request.language),
  );
  defineRoute(app, savingsRoutes.myOrders, async ({ caller, request }) => ({
    items: await listMySavingsOrders(ctx, caller.id, request.language),
  }));
  defineRoute(app, savingsRoutes.redeem, async ({ body, caller, request }) =>
    wire(await redeemSavingsOrder(ctx, caller, body.orderId), request.language),
  );
}

/** The savings products in the back office (issue 18), under the admin prefix. */
export async function savingsAdminPlugin(app: FastifyInstance, options: { ctx: SavingsContext }): Promise<void> {
  const { ctx } = options;
  defineRoute(app, savingsAdminRoutes.savingsProducts, async () => ({ items: await listAdminSavingsProducts(ctx) }));
  defineRoute(app, savingsAdminRoutes.createSavingsProduct, ({ body, request, caller }) =>
    createSavingsProduct(ctx, { operatorId: caller.id, requestId: request.id, ip: request.ip }, body),
  );
  defineRoute(app, savingsAdminRoutes.updateSavingsProduct, ({ params, body, request, caller }) =>
    updateSavingsProduct(ctx, { operatorId: caller.id, requestId: request.id, ip: request.ip }, params.id, body),
  );
  defineRoute(app, savingsAdminRoutes.setSavingsProductStatus, ({ params, body, request, caller }) =>
    setSavingsProductStatus(ctx, { operatorId: caller.id, requestId: request.id, ip: request.ip }, params.id, body),
  );
}
