import type { Registry } from 'prom-client';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { AppModule } from '../../platform/module.js';
import type { FeeSchedule, Logger, MarketHub } from '../market/index.js';
import type { OtherOrders } from './other-orders.js';
import type { TradingEvents } from './trading.events.js';
import { tradingPlugin } from './trading.plugin.js';
import { type AppropriatenessGate, createTradingService, type TradingService } from './trading.service.js';
import type { TradingDb } from './trading-context.js';
import { TradingEngine, trailingStopsOf } from './trading-engine.js';
import { TriggerEngine } from './trigger-engine.js';

export type TradingModuleDeps = {
  db: TradingDb;
  hub: MarketHub;
  /** Shared with the market module, so the ticket shows the rate charged. */
  feeSchedule: FeeSchedule;
  /** Trading publishes `position.changed` on it; its engine listens there too. */
  events: EventBus<TradingEvents>;
  log: Logger;
  now: () => number;
  /** The app's /metrics registry (the engine counts its failed syncs there). */
  registry: Registry;
  apiPrefix: string;
  usdIsUsdt: boolean;
  /** Whether a user answered the appropriateness questions (onboarding fills it): a live open needs it. */
  appropriateness: AppropriatenessGate;
  /** The user's options orders, listed beside positions in `/allOrders/all` (the options module fills it). */
  otherOrders: OtherOrders;
};

export type TradingModule = AppModule<TradingService> & { engine: TradingEngine };

/** Positions and orders through the ledger, and the engine that fires their levels. */
export function createTradingModule(deps: TradingModuleDeps): TradingModule {
  // The price levels the engine watches; the service reads the trailing stops' levels from them.
  const triggers = new TriggerEngine();
  const service = createTradingService(deps.db, deps.hub, {
    usdIsUsdt: deps.usdIsUsdt,
    feeSchedule: deps.feeSchedule,
    now: deps.now,
    events: deps.events,
    trailingStops: trailingStopsOf(triggers),
    appropriateness: deps.appropriateness,
  });
  const engine = new TradingEngine({
    db: deps.db,
    hub: deps.hub,
    trading: service,
    triggers,
    events: deps.events,
    log: deps.log,
    now: deps.now,
    registry: deps.registry,
  });
  return {
    name: 'trading',
    service,
    engine,
    register: async (app) => {
      await app.register(tradingPlugin, { prefix: deps.apiPrefix, trading: service, otherOrders: deps.otherOrders });
    },
    // The engine subscribes to position.changed as it starts: started before the app's other
    // listeners subscribe, it re-arms a changed position before the owner's sockets are told.
    start: () => engine.start(),
    stop: () => engine.stop(),
    publishes: ['position.changed'],
    subscribes: ['position.changed'],
  };
}
