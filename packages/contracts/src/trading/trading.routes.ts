import { declareRoute } from '../http/route-declaration.js';
import {
  ZAccountSummary,
  ZAllOrdersResponse,
  ZAmendPositionRequest,
  ZCancelOrderRequest,
  ZClosePositionRequest,
  ZOpenPositionRequest,
  ZOrderNoParams,
  ZOrdersQuery,
  ZOrdersResponse,
  ZPosition,
} from './trading.contracts.js';
import { tradingEndpoints } from './trading.endpoints.js';

/** The trading routes as the server declares them: each endpoint with its schemas, for validation and OpenAPI. */
export const tradingRoutes = {
  open: declareRoute(tradingEndpoints.open, {
    summary: 'Opens a position at market or places a limit/stop order, in the request’s book',
    tags: ['trading'],
    owner: 'caller',
    body: ZOpenPositionRequest,
    response: ZPosition,
    fieldErrors: {
      'body.lots': 'PURCHASE_AMOUNT_WRONG',
      'body.leverage': 'LEVERAGE_INVALID',
      'body.price': 'PRICE_INVALID',
    },
  }),
  close: declareRoute(tradingEndpoints.close, {
    summary: 'Closes a position at the current price, all of it or `lots` of it',
    tags: ['trading'],
    owner: { record: 'open-position', at: 'body.orderNo' },
    body: ZClosePositionRequest,
    response: ZPosition,
    fieldErrors: { 'body.lots': 'PURCHASE_AMOUNT_WRONG' },
  }),
  amend: declareRoute(tradingEndpoints.amend, {
    summary: 'Changes the stop loss, take profit or trailing distance (null removes one)',
    tags: ['trading'],
    owner: { record: 'open-position', at: 'body.orderNo', with: { stopLoss: null } },
    body: ZAmendPositionRequest,
    response: ZPosition,
    fieldErrors: {
      'body.stopLoss': 'PRICE_INVALID',
      'body.takeProfit': 'PRICE_INVALID',
      'body.trailingDistance': 'PRICE_INVALID',
    },
  }),
  cancel: declareRoute(tradingEndpoints.cancel, {
    summary: 'Cancels a pending order and releases its margin',
    tags: ['trading'],
    owner: { record: 'pending-order', at: 'body.orderNo' },
    body: ZCancelOrderRequest,
    response: ZPosition,
  }),
  orders: declareRoute(tradingEndpoints.orders, {
    summary: 'The user’s positions by status (open, pending, closed), newest first',
    tags: ['trading'],
    owner: 'caller',
    query: ZOrdersQuery,
    response: ZOrdersResponse,
  }),
  order: declareRoute(tradingEndpoints.order, {
    summary: 'One of the user’s positions',
    tags: ['trading'],
    owner: { record: 'open-position', at: 'params.orderNo' },
    params: ZOrderNoParams,
    response: ZPosition,
  }),
  accountSummary: declareRoute(tradingEndpoints.accountSummary, {
    summary: 'Balance, equity, used and free margin and margin level of the request’s book',
    tags: ['trading'],
    owner: 'caller',
    response: ZAccountSummary,
  }),
  allOrdersAll: declareRoute(tradingEndpoints.allOrdersAll, {
    summary: 'Every order of the user, newest first (positions; later kinds join)',
    tags: ['trading'],
    owner: 'caller',
    response: ZAllOrdersResponse,
  }),
};
