import { endpoint, type InputOf, type NoInput, type OutputOf } from '../http/endpoint.js';
import type {
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

/**
 * The trading endpoints as clients see them: method, full path and auth level, with their
 * payload types (types only: this file loads no schema, so the web's first page can use it).
 * The server's declarations add the schemas (`trading.routes.ts`).
 */
export const tradingEndpoints = {
  open: endpoint<{ body: InputOf<typeof ZOpenPositionRequest> }, OutputOf<typeof ZPosition>, 'user'>(
    'POST',
    '/swx/customer/contracts/open',
    'user',
  ),
  close: endpoint<{ body: InputOf<typeof ZClosePositionRequest> }, OutputOf<typeof ZPosition>, 'user'>(
    'POST',
    '/swx/customer/contracts/close',
    'user',
  ),
  amend: endpoint<{ body: InputOf<typeof ZAmendPositionRequest> }, OutputOf<typeof ZPosition>, 'user'>(
    'POST',
    '/swx/customer/contracts/amend',
    'user',
  ),
  cancel: endpoint<{ body: InputOf<typeof ZCancelOrderRequest> }, OutputOf<typeof ZPosition>, 'user'>(
    'POST',
    '/swx/customer/contracts/cancel',
    'user',
  ),
  orders: endpoint<{ query: InputOf<typeof ZOrdersQuery> }, OutputOf<typeof ZOrdersResponse>, 'user'>(
    'GET',
    '/swx/customer/contracts/orders',
    'user',
  ),
  order: endpoint<{ params: InputOf<typeof ZOrderNoParams> }, OutputOf<typeof ZPosition>, 'user'>(
    'GET',
    '/swx/customer/contracts/order/:orderNo',
    'user',
  ),
  accountSummary: endpoint<NoInput, OutputOf<typeof ZAccountSummary>, 'user'>(
    'GET',
    '/swx/customer/user/accountSummary',
    'user',
  ),
  allOrdersAll: endpoint<NoInput, OutputOf<typeof ZAllOrdersResponse>, 'user'>(
    'GET',
    '/swx/customer/allOrders/all',
    'user',
  ),
};
