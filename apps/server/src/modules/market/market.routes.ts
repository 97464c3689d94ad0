import { marketRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors/app-error.js';
import { defineRoute } from '../../platform/http/route.js';
import { renderLogo } from './logos.js';
import type { MarketService } from './market.service.js';
import type { MarketHub } from './market-hub.js';

export function registerMarketRoutes(app: FastifyInstance, market: MarketService): void {
  defineRoute(app, marketRoutes.listMarketByType, async ({ query }) => market.listMarketByType(query.type));

  defineRoute(app, marketRoutes.getMarketInfo, async ({ params }) => market.getMarketInfo(params.code));

  defineRoute(app, marketRoutes.getPrice, async ({ params }) => market.getPrice(Number(params.id)));

  defineRoute(app, marketRoutes.marketRealtimePrice, async ({ params }) => market.realtimePrice(params.code));

  defineRoute(app, marketRoutes.marketRealtimePrices, async ({ query }) =>
    market.realtimePrices(query.marketCodes.split(',')),
  );

  defineRoute(app, marketRoutes.getKValueByCodeAndDate, ({ query }) => market.candles(query));

  defineRoute(app, marketRoutes.stats, () => market.stats());

  defineRoute(app, marketRoutes.getWatchlist, ({ caller }) => market.watchlist(caller.id));

  defineRoute(app, marketRoutes.postWatchlist, ({ body, caller }) => market.addToWatchlist(caller.id, body.code));

  defineRoute(app, marketRoutes.deleteWatchlist, ({ query, caller }) =>
    market.removeFromWatchlist(caller.id, query.code),
  );
}

const ZLogoParams = z.object({ file: z.string().regex(/^[A-Z0-9.]{1,20}\.svg$/) });

/** Instrument logos: open-licence crypto icons, currency flags, generated monograms. */
export function registerLogoRoute(app: FastifyInstance, market: MarketService): void {
  app.get('/market-logos/:file', { config: { auth: 'public' } }, async (request, reply) => {
    const parsed = ZLogoParams.safeParse(request.params);
    const spec = parsed.success ? market.logoOf(parsed.data.file.slice(0, -4)) : null;
    const logo = spec ? renderLogo(spec) : null;
    if (!logo) throw new AppError('NOT_FOUND');
    reply.header('cache-control', 'public, max-age=86400');
    reply.type(logo.contentType);
    return logo.body;
  });
}

const ZTestTicks = z.object({
  ticks: z
    .array(
      z.object({ code: z.string().regex(/^[A-Z0-9.]{1,20}$/), price: z.string().regex(/^\d{1,20}(\.\d{1,12})?$/) }),
    )
    .min(1)
    .max(100),
});

/** Test deployments only: prices of the `test` feed, pushed by browser journeys. */
export function registerTestFeedRoute(app: FastifyInstance, hub: MarketHub, now: () => number): void {
  app.post('/__test/market/ticks', { config: { auth: 'public' } }, async (request) => {
    const parsed = ZTestTicks.safeParse(request.body);
    if (!parsed.success) throw new AppError('INVALID_INPUT');
    const time = now();
    if (!hub.testFeed.push(parsed.data.ticks.map((tick) => ({ ...tick, time }))))
      throw new AppError('UNKNOWN_INSTRUMENT');
    return { ok: true };
  });
}
