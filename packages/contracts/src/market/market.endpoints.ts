import { endpoint, type InputOf, type NoInput, type OutputOf } from '../http/endpoint.js';
import type {
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
} from './market.contracts.js';

/**
 * The market endpoints as clients see them: method, full path and auth level, with their
 * payload types (types only: this file loads no schema, so the web's first page can use it).
 * The server's declarations add the schemas (`market.routes.ts`).
 */
export const marketEndpoints = {
  listMarketByType: endpoint<
    { query: InputOf<typeof ZListMarketByTypeQuery> },
    OutputOf<typeof ZMarketItemsResponse>,
    'public'
  >('GET', '/swx/customer/index/listMarketByType', 'public'),
  getMarketInfo: endpoint<{ params: InputOf<typeof ZMarketCodeParams> }, OutputOf<typeof ZMarketInfo>, 'public'>(
    'GET',
    '/swx/customer/index/getMarketInfo/:code',
    'public',
  ),
  getPrice: endpoint<{ params: InputOf<typeof ZMarketIdParams> }, OutputOf<typeof ZRealtimePrice>, 'public'>(
    'GET',
    '/swx/customer/index/getPrice/:id',
    'public',
  ),
  marketRealtimePrice: endpoint<
    { params: InputOf<typeof ZMarketCodeParams> },
    OutputOf<typeof ZRealtimePrice>,
    'public'
  >('GET', '/swx/customer/market/realtime-price/:code', 'public'),
  marketRealtimePrices: endpoint<
    { query: InputOf<typeof ZRealtimePricesQuery> },
    OutputOf<typeof ZRealtimePricesResponse>,
    'public'
  >('GET', '/swx/customer/market/realtime-prices', 'public'),
  getKValueByCodeAndDate: endpoint<
    { query: InputOf<typeof ZCandlesQuery> },
    OutputOf<typeof ZCandlesResponse>,
    'public'
  >('GET', '/swx/customer/index/getKValueByCodeAndDate', 'public'),
  stats: endpoint<NoInput, OutputOf<typeof ZStats>, 'public'>('GET', '/swx/customer/index/stats', 'public'),
  getWatchlist: endpoint<NoInput, OutputOf<typeof ZWatchlistResponse>, 'user'>(
    'GET',
    '/swx/customer/user/watchlist',
    'user',
  ),
  postWatchlist: endpoint<{ body: InputOf<typeof ZWatchlistRequest> }, OutputOf<typeof ZWatchlistResponse>, 'user'>(
    'POST',
    '/swx/customer/user/watchlist',
    'user',
  ),
  deleteWatchlist: endpoint<
    { query: InputOf<typeof ZWatchlistDeleteQuery> },
    OutputOf<typeof ZWatchlistResponse>,
    'user'
  >('DELETE', '/swx/customer/user/watchlist', 'user'),
};
