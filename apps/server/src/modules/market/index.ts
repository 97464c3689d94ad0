export { DEFAULT_LEVERAGE_CAPS, INSTRUMENT_CATALOGUE } from './catalogue/instruments.js';
export { createFeeSchedule, type FeeSchedule } from './fee-schedule.js';
export {
  createMarketHub,
  createMarketModule,
  type MarketModuleDeps,
  type TradedVolumeSource,
} from './market.module.js';
export { seedMarket } from './market.seed.js';
export type { MarketService } from './market.service.js';
export type { MarketTables } from './market.tables.js';
export type { Instrument } from './market-hub.js';
export { FEED_NAMES, type FeedName, type Logger, MarketHub, type MarketHubConfig } from './market-hub.js';
export type { MinuteCandle } from './price-state.js';
export { isOpenAt } from './trading-hours.js';
