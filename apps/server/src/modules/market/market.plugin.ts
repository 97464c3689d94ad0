import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { registerLogoRoute, registerMarketRoutes, registerTestFeedRoute } from './market.routes.js';
import type { MarketService } from './market.service.js';
import { registerMarketSocket, SOCKET_OPTIONS, type SocketGateway } from './market.socket.js';
import type { MarketHub } from './market-hub.js';

/** Market data under the API prefix: REST, the price socket and the instrument logos. */
export async function marketPlugin(
  app: FastifyInstance,
  options: {
    market: MarketService;
    hub: MarketHub;
    resolveUser: (token: string) => Promise<string | null>;
    /** Receives the gateway, so other modules can push to a signed-in user's sockets. */
    onGateway?: (gateway: SocketGateway) => void;
  },
) {
  registerMarketRoutes(app, options.market);
  // The WebSocket plugin hooks every request of the context it is registered in (to tell
  // upgrades apart): its own child context keeps those hooks off the hot REST routes.
  await app.register(async (socketScope) => {
    await socketScope.register(fastifyWebsocket, { options: SOCKET_OPTIONS });
    const gateway = registerMarketSocket(socketScope, options.hub, options.resolveUser);
    options.onGateway?.(gateway);
    socketScope.addHook('onClose', async () => {
      gateway.close();
    });
  });
}

/**
 * Logos are plain files to the browser: served outside the API prefix. With the test feed on
 * (NODE_ENV=test only), browser journeys push its prices here too.
 */
export async function marketLogoPlugin(
  app: FastifyInstance,
  options: { market: MarketService; testFeed: MarketHub | null },
) {
  registerLogoRoute(app, options.market);
  if (options.testFeed) registerTestFeedRoute(app, options.testFeed);
}
