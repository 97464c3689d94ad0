export { DEFAULT_LEVERAGE_CAPS, INSTRUMENT_CATALOGUE } from './catalogue/instruments.js';
export { createFeeSchedule, type FeeSchedule } from './fee-schedule.js';
export { marketLogoPlugin, marketPlugin } from './market.plugin.js';
export { seedMarket } from './market.seed.js';
export { createMarketService, type MarketService } from './market.service.js';
export type { Instrument } from './market-hub.js';
export { FEED_NAMES, type FeedName, MarketHub, type MarketHubConfig } from './market-hub.js';
export { createTickBus, type TickBus } from './tick-bus.js';
export { isOpenAt } from './trading-hours.js';
