export type { OtherOrders } from './other-orders.js';
export type { TradingEvents } from './trading.events.js';
export { createTradingModule, type TradingModule, type TradingModuleDeps } from './trading.module.js';
export type { PositionRow } from './trading.repository.js';
export {
  type AppropriatenessGate,
  createTradingService,
  type TradingOptions,
  type TradingService,
} from './trading.service.js';
export type { TradingTables } from './trading.tables.js';
export { TradingEngine, type TradingEngineDeps, trailingStopsOf } from './trading-engine.js';
export { TriggerEngine } from './trigger-engine.js';
