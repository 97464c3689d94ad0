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
} from '@openbourse/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/app-error.js';
import { defineRoute } from '../../platform/http/route.js';
import type { TradingService } from './trading.service.js';

const tags = ['trading'];

function callerId(request: FastifyRequest): string {
  if (!request.auth) throw new AppError('NOT_LOGGED_IN');
  return request.auth.id;
}

export function registerTradingRoutes(app: FastifyInstance, trading: TradingService): void {
  defineRoute(app, {
    method: 'POST',
    url: '/contracts/open',
    auth: 'user',
    tags,
    summary: 'Opens a position at market or places a limit/stop order, in the request’s book',
    body: ZOpenPositionRequest,
    response: ZPosition,
    fieldErrors: {
      'body.lots': 'PURCHASE_AMOUNT_WRONG',
      'body.leverage': 'LEVERAGE_INVALID',
      'body.price': 'PRICE_INVALID',
    },
    handler: async ({ body, request }) => trading.toWire(await trading.open(callerId(request), request.book, body)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/contracts/close',
    auth: 'user',
    tags,
    summary: 'Closes a position at the current price, all of it or `lots` of it',
    body: ZClosePositionRequest,
    response: ZPosition,
    fieldErrors: { 'body.lots': 'PURCHASE_AMOUNT_WRONG' },
    handler: async ({ body, request }) =>
      trading.toWire(await trading.close(callerId(request), body.orderNo, body.lots)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/contracts/amend',
    auth: 'user',
    tags,
    summary: 'Changes the stop loss, take profit or trailing distance (null removes one)',
    body: ZAmendPositionRequest,
    response: ZPosition,
    fieldErrors: {
      'body.stopLoss': 'PRICE_INVALID',
      'body.takeProfit': 'PRICE_INVALID',
      'body.trailingDistance': 'PRICE_INVALID',
    },
    handler: async ({ body, request }) => trading.toWire(await trading.amend(callerId(request), body)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/contracts/cancel',
    auth: 'user',
    tags,
    summary: 'Cancels a pending order and releases its margin',
    body: ZCancelOrderRequest,
    response: ZPosition,
    handler: async ({ body, request }) => trading.toWire(await trading.cancel(callerId(request), body.orderNo)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/contracts/orders',
    auth: 'user',
    tags,
    summary: 'The user’s positions by status (open, pending, closed), newest first',
    query: ZOrdersQuery,
    response: ZOrdersResponse,
    handler: ({ query, request }) => trading.list(callerId(request), request.book, query),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/contracts/order/:orderNo',
    auth: 'user',
    tags,
    summary: 'One of the user’s positions',
    params: ZOrderNoParams,
    response: ZPosition,
    handler: ({ params, request }) => trading.get(callerId(request), params.orderNo),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/user/accountSummary',
    auth: 'user',
    tags,
    summary: 'Balance, equity, used and free margin and margin level of the request’s book',
    response: ZAccountSummary,
    handler: async ({ request }) => {
      const { unrealisedMinor: _, ...summary } = await trading.accountSummary(callerId(request), request.book);
      return summary;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/allOrders/all',
    auth: 'user',
    tags,
    summary: 'Every order of the user, newest first (positions; later kinds join)',
    response: ZAllOrdersResponse,
    handler: ({ request }) => trading.all(callerId(request), request.book),
  });
}
