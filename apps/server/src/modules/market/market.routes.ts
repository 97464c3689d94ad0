import {
  ZCandlesQuery,
  ZCandlesResponse,
  ZListMarketByTypeQuery,
  ZMarketCodeParams,
  ZMarketIdParams,
  ZMarketInfo,
  ZMarketItemsResponse,
  ZRealtimePrice,
  ZRealtimePricesQuery,
  ZRealtimePricesResponse,
  ZStats,
  ZWatchlistDeleteQuery,
  ZWatchlistRequest,
  ZWatchlistResponse,
} from '@openbourse/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors/app-error.js';
import { defineRoute } from '../../platform/http/route.js';
import { renderLogo } from './logos.js';
import type { MarketService } from './market.service.js';
import type { MarketHub } from './market-hub.js';

const tags = ['market'];

function callerId(request: FastifyRequest): string {
  if (!request.auth) throw new AppError('NOT_LOGGED_IN');
  return request.auth.id;
}

export function registerMarketRoutes(app: FastifyInstance, market: MarketService): void {
  defineRoute(app, {
    method: 'GET',
    url: '/index/listMarketByType',
    auth: 'public',
    tags,
    summary: 'Instruments of a market type with price, 24 h change, sparkline, source and status',
    query: ZListMarketByTypeQuery,
    response: ZMarketItemsResponse,
    handler: async ({ query }) => market.listMarketByType(query.type),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/index/getMarketInfo/:code',
    auth: 'public',
    tags,
    summary: 'One instrument: contract details, trading hours, 24 h high/low/volume and its price',
    params: ZMarketCodeParams,
    response: ZMarketInfo,
    handler: async ({ params }) => market.getMarketInfo(params.code),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/index/getPrice/:id',
    auth: 'public',
    tags,
    summary: 'The latest price of an instrument by id, with its source',
    params: ZMarketIdParams,
    response: ZRealtimePrice,
    handler: async ({ params }) => market.getPrice(Number(params.id)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/market/realtime-price/:code',
    auth: 'public',
    tags,
    summary: 'The latest price of an instrument by code, with its source',
    params: ZMarketCodeParams,
    response: ZRealtimePrice,
    handler: async ({ params }) => market.realtimePrice(params.code),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/market/realtime-prices',
    auth: 'public',
    tags,
    summary: 'The latest prices of several instruments (marketCodes=a,b,c; at most 100)',
    query: ZRealtimePricesQuery,
    response: ZRealtimePricesResponse,
    handler: async ({ query }) => market.realtimePrices(query.marketCodes.split(',')),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/index/getKValueByCodeAndDate',
    auth: 'public',
    tags,
    summary: 'Candles aggregated from the one-minute history of the instrument’s feed (at most 1500)',
    query: ZCandlesQuery,
    response: ZCandlesResponse,
    handler: ({ query }) => market.candles(query),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/index/stats',
    auth: 'public',
    tags,
    summary: 'Measured home figures: registered users, listed cryptocurrencies, 24 h volume, highest fee rate',
    response: ZStats,
    handler: () => market.stats(),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/user/watchlist',
    auth: 'user',
    tags,
    summary: 'The signed-in user’s watchlist (instrument codes)',
    response: ZWatchlistResponse,
    handler: ({ request }) => market.watchlist(callerId(request)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/user/watchlist',
    auth: 'user',
    tags,
    summary: 'Adds an instrument to the watchlist (at most 100); answers the whole list',
    body: ZWatchlistRequest,
    response: ZWatchlistResponse,
    handler: ({ body, request }) => market.addToWatchlist(callerId(request), body.code),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/user/watchlist',
    auth: 'user',
    tags,
    summary: 'Removes an instrument from the watchlist (?code=); answers the whole list',
    query: ZWatchlistDeleteQuery,
    response: ZWatchlistResponse,
    handler: ({ query, request }) => market.removeFromWatchlist(callerId(request), query.code),
  });
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
