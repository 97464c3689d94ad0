import { declareRoute } from '../http/route-declaration.js';
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
} from './market.contracts.js';
import { marketEndpoints } from './market.endpoints.js';

/** The market routes as the server declares them: each endpoint with its schemas, for validation and OpenAPI. */
export const marketRoutes = {
  listMarketByType: declareRoute(marketEndpoints.listMarketByType, {
    summary: 'Instruments of a market type with price, 24 h change, sparkline, source and status',
    tags: ['market'],
    query: ZListMarketByTypeQuery,
    response: ZMarketItemsResponse,
  }),
  getMarketInfo: declareRoute(marketEndpoints.getMarketInfo, {
    summary: 'One instrument: contract details, trading hours, 24 h high/low/volume and its price',
    tags: ['market'],
    params: ZMarketCodeParams,
    response: ZMarketInfo,
  }),
  getPrice: declareRoute(marketEndpoints.getPrice, {
    summary: 'The latest price of an instrument by id, with its source',
    tags: ['market'],
    params: ZMarketIdParams,
    response: ZRealtimePrice,
  }),
  marketRealtimePrice: declareRoute(marketEndpoints.marketRealtimePrice, {
    summary: 'The latest price of an instrument by code, with its source',
    tags: ['market'],
    params: ZMarketCodeParams,
    response: ZRealtimePrice,
  }),
  marketRealtimePrices: declareRoute(marketEndpoints.marketRealtimePrices, {
    summary: 'The latest prices of several instruments (marketCodes=a,b,c; at most 100)',
    tags: ['market'],
    query: ZRealtimePricesQuery,
    response: ZRealtimePricesResponse,
  }),
  getKValueByCodeAndDate: declareRoute(marketEndpoints.getKValueByCodeAndDate, {
    summary: 'Candles aggregated from the one-minute history of the instrument’s feed (at most 1500)',
    tags: ['market'],
    query: ZCandlesQuery,
    response: ZCandlesResponse,
  }),
  stats: declareRoute(marketEndpoints.stats, {
    summary: 'Measured home figures: registered users, listed cryptocurrencies, 24 h volume, highest fee rate',
    tags: ['market'],
    response: ZStats,
  }),
  getWatchlist: declareRoute(marketEndpoints.getWatchlist, {
    summary: 'The signed-in user’s watchlist (instrument codes)',
    tags: ['market'],
    owner: 'caller',
    response: ZWatchlistResponse,
  }),
  postWatchlist: declareRoute(marketEndpoints.postWatchlist, {
    summary: 'Adds an instrument to the watchlist (at most 100); answers the whole list',
    tags: ['market'],
    owner: 'caller',
    body: ZWatchlistRequest,
    response: ZWatchlistResponse,
  }),
  deleteWatchlist: declareRoute(marketEndpoints.deleteWatchlist, {
    summary: 'Removes an instrument from the watchlist (?code=); answers the whole list',
    tags: ['market'],
    owner: 'caller',
    query: ZWatchlistDeleteQuery,
    response: ZWatchlistResponse,
  }),
};
