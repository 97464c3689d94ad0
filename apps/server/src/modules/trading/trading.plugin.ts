import type { FastifyInstance } from 'fastify';
import type { OtherOrders } from './other-orders.js';
import { registerTradingRoutes } from './trading.routes.js';
import type { TradingService } from './trading.service.js';

export async function tradingPlugin(
  app: FastifyInstance,
  options: { trading: TradingService; otherOrders: OtherOrders },
): Promise<void> {
  registerTradingRoutes(app, options.trading, options.otherOrders);
}
