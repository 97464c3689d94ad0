export { tradingPlugin } from './trading.plugin.js';
export { createTradingService, type PositionRow, type TradingService } from './trading.service.js';
export { TradingEngine } from './trading-engine.js';
