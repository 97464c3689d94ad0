import type { FastifyInstance } from 'fastify';
import { registerTradingRoutes } from './trading.routes.js';
import type { TradingService } from './trading.service.js';

export async function tradingPlugin(app: FastifyInstance, options: { trading: TradingService }): Promise<void> {
  registerTradingRoutes(app, options.trading);
}
