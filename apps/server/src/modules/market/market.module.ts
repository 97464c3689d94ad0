import type { Kysely } from 'kysely';
import type { ClusterBus } from '../../platform/bus/cluster-bus.js';
import type { DbView } from '../../platform/db/database.js';
import type { PlatformTables } from '../../platform/db/platform.tables.js';
import type { AppModule } from '../../platform/module.js';
import type { StartupWork } from '../../platform/readiness/readiness.js';
import type { Realtime } from '../../platform/realtime/realtime.js';
import type { IdentityTables } from '../identity/index.js';
import type { FeeSchedule } from './fee-schedule.js';
import { createHoursClosures } from './hours-closures.js';
import { createMarketSettings } from './instrument-settings.js';
import { marketLogoPlugin, marketPlugin } from './market.plugin.js';
import { createMarketService, type MarketService } from './market.service.js';
import type { MarketTables } from './market.tables.js';
import { marketAdminPlugin } from './market-admin.routes.js';
import { type Logger, MarketHub, type MarketHubConfig } from './market-hub.js';
import { createTickBus } from './tick-bus.js';

/** What the home page's stats ask of trading: a port trading's service satisfies. */
export type TradedVolumeSource = { tradedVolume24h(): Promise<string> };

/**
 * The price pipeline (feeds → prices and candles → listeners and the other instances). It is
 * built before the market module because trading, which the market's stats read, needs it too.
 */
export function createMarketHub(deps: {
  db: DbView<MarketTables>;
  config: MarketHubConfig;
  cluster: ClusterBus;
  log: Logger;
  now: () => number;
  /** The sandbox's simulated past is made after the server listens; readiness names it meanwhile. */
  startup: StartupWork;
}): MarketHub {
  return new MarketHub(deps.db, deps.config, createTickBus(deps.cluster, deps.log), deps.log, deps.now, deps.startup);
}

export type MarketModuleDeps = {
  /** The market's tables, identity's (user counts) and the platform's (the operators' audit log). */
  db: Kysely<MarketTables & IdentityTables & PlatformTables>;
  hub: MarketHub;
  /** Shared with trading, so the rate shown is the rate charged. */
  feeSchedule: FeeSchedule;
  tradedVolume: TradedVolumeSource;
  realtime: Pick<Realtime, 'useChannel'>;
  now: () => number;
  apiPrefix: string;
  /** The back office's prefix: the instrument settings and fee schedule routes (issue 14). */
  adminPrefix: string;
  /** Carries settings changes to the other instances. */
  cluster: ClusterBus;
  log: Logger;
  usdSettledAsUsdt: boolean;
  /** NODE_ENV=test with the test feed: browser journeys push prices through a route. */
  serveTestFeed: boolean;
};

/** Instruments, prices, candles, the price channel of the socket, logos and the home stats. */
export function createMarketModule(deps: MarketModuleDeps): AppModule<MarketService> {
  const service = createMarketService(deps.db, deps.hub, {
    now: deps.now,
    tradedVolume24h: () => deps.tradedVolume.tradedVolume24h(),
    feeSchedule: deps.feeSchedule,
    usdSettledAsUsdt: deps.usdSettledAsUsdt,
  });
  const settings = createMarketSettings({
    db: deps.db,
    hub: deps.hub,
    feeSchedule: deps.feeSchedule,
    cluster: deps.cluster,
    log: deps.log,
  });
  const closures = createHoursClosures({
    db: deps.db,
    hub: deps.hub,
    cluster: deps.cluster,
    now: deps.now,
    log: deps.log,
  });
  return {
    name: 'market',
    service,
    register: async (app) => {
      await app.register(marketAdminPlugin, { prefix: deps.adminPrefix, settings, closures });
      await app.register(marketPlugin, {
        prefix: deps.apiPrefix,
        market: service,
        hub: deps.hub,
        realtime: deps.realtime,
      });
      await app.register(marketLogoPlugin, {
        market: service,
        testFeed: deps.serveTestFeed ? deps.hub : null,
        now: deps.now,
      });
    },
    start: async () => {
      settings.listen();
      await deps.hub.start();
      // After the hub, which loads the instruments the closures name.
      await closures.start();
    },
    stop: () => deps.hub.stop(),
    publishes: [],
    subscribes: [],
  };
}
