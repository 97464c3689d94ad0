import type { ClusterBus } from '../../platform/bus/cluster-bus.js';
import type { Clock } from '../../platform/clock.js';
import type { AppModule } from '../../platform/module.js';
import type { UserGateway } from '../../platform/realtime/realtime.js';
import type { MarketHub } from '../market/index.js';
import { AlertEngine } from './alert-engine.js';
import type { AlertsContext, AlertsDb } from './alerts.context.js';
import { alertsPlugin } from './alerts.routes.js';

export type AlertsModuleDeps = {
  db: AlertsDb;
  hub: MarketHub;
  cluster: ClusterBus;
  /** The realtime gateway: a fired alert is pushed to its owner's sockets on every instance. */
  realtime: UserGateway;
  clock: Clock;
  apiPrefix: string;
  log: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
};

export type AlertsModule = AppModule<Record<string, never>> & { engine: AlertEngine };

/** Price alerts (issue 16): the user's levels, fired once from the price pipeline. */
export function createAlertsModule(deps: AlertsModuleDeps): AlertsModule {
  const engine = new AlertEngine({
    db: deps.db,
    hub: deps.hub,
    cluster: deps.cluster,
    realtime: deps.realtime,
    clock: deps.clock,
    log: deps.log,
  });
  const ctx: AlertsContext = { db: deps.db, clock: deps.clock, prices: deps.hub, changes: engine };
  return {
    name: 'alerts',
    service: {},
    engine,
    register: async (app) => {
      await app.register(alertsPlugin, { prefix: deps.apiPrefix, ctx });
    },
    start: () => engine.start(),
    stop: () => engine.stop(),
    publishes: [],
    subscribes: [],
  };
}
