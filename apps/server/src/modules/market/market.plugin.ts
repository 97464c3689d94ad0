import type { FastifyInstance } from 'fastify';
import type { Realtime } from '../../platform/realtime/realtime.js';
import { registerLogoRoute, registerMarketRoutes, registerTestFeedRoute } from './market.routes.js';
import type { MarketService } from './market.service.js';
import { createMarketPriceChannel } from './market.socket.js';
import type { MarketHub } from './market-hub.js';

/** Market data under the API prefix: REST, and the price channel of the realtime socket. */
export async function marketPlugin(
  app: FastifyInstance,
  options: { market: MarketService; hub: MarketHub; realtime: Pick<Realtime, 'useChannel'> },
) {
  registerMarketRoutes(app, options.market);
  const prices = createMarketPriceChannel(options.hub, app.log);
  options.realtime.useChannel(prices);
  app.addHook('onClose', async () => {
    prices.close();
  });
}

/**
 * Logos are plain files to the browser: served outside the API prefix. With the test feed on
 * (NODE_ENV=test only), browser journeys push its prices here too.
 */
export async function marketLogoPlugin(
  app: FastifyInstance,
  options: { market: MarketService; testFeed: MarketHub | null; now: () => number },
) {
  registerLogoRoute(app, options.market);
  if (options.testFeed) registerTestFeedRoute(app, options.testFeed, options.now);
}
