import { declareRoute } from '../http/route-declaration.js';
import {
  ZAdminSmartProduct,
  ZAdminSmartProductsResponse,
  ZBuySmartRequest,
  ZExitSmartRequest,
  ZSmartOrder,
  ZSmartOrderList,
  ZSmartProductCreateRequest,
  ZSmartProductEnabledRequest,
  ZSmartProductParams,
  ZSmartProductsResponse,
  ZSmartProductUpdateRequest,
} from './plans.contracts.js';
import { plansAdminEndpoints, plansEndpoints } from './plans.endpoints.js';

/** The smart plan routes as the server declares them: each endpoint with its schemas. */
export const plansRoutes = {
  listSmartProducts: declareRoute(plansEndpoints.listSmartProducts, {
    summary:
      'The smart plan products on offer: strategy, instrument, amounts, durations, early-exit fee, minimum level, and each one’s backtest over recorded prices (historical, not a promise)',
    tags: ['plans'],
    response: ZSmartProductsResponse,
  }),
  buySmart: declareRoute(plansEndpoints.buySmart, {
    summary:
      'Starts a plan: the amount moves to the plan’s own ledger account and its strategy trades from it on live prices (10010, 10094, 10016, 10095, 10012, 10025, 20096, 10011 in that order)',
    tags: ['plans'],
    owner: 'caller',
    body: ZBuySmartRequest,
    response: ZSmartOrder,
    successCode: 'PURCHASE_SUCCEEDED',
  }),
  listSmartOrder: declareRoute(plansEndpoints.listSmartOrder, {
    summary: 'The user’s plans with P&L to date, open positions, trades and equity curve',
    tags: ['plans'],
    owner: 'caller',
    response: ZSmartOrderList,
  }),
  exitSmart: declareRoute(plansEndpoints.exitSmart, {
    summary:
      'Exits a running plan early: its positions are closed at current prices, the disclosed fee charged, the rest returned',
    tags: ['plans'],
    owner: { record: 'smart-order', at: 'body.orderId' },
    body: ZExitSmartRequest,
    response: ZSmartOrder,
  }),
};

export const plansAdminRoutes = {
  smartProducts: declareRoute(plansAdminEndpoints.smartProducts, {
    summary: 'Admins only: every plan product, enabled or not, with its backtest state',
    tags: ['admin'],
    owner: 'operator',
    response: ZAdminSmartProductsResponse,
  }),
  createSmartProduct: declareRoute(plansAdminEndpoints.createSmartProduct, {
    summary: 'Admins only: add a plan product (created disabled; its backtest starts in the background); audit-logged',
    tags: ['admin'],
    owner: 'operator',
    body: ZSmartProductCreateRequest,
    response: ZAdminSmartProduct,
  }),
  updateSmartProduct: declareRoute(plansAdminEndpoints.updateSmartProduct, {
    summary:
      'Admins only: change a plan product from the version read (10222 when another change came first); a parameter change re-runs its backtest; audit-logged',
    tags: ['admin'],
    owner: 'operator',
    params: ZSmartProductParams,
    body: ZSmartProductUpdateRequest,
    response: ZAdminSmartProduct,
  }),
  setSmartProductEnabled: declareRoute(plansAdminEndpoints.setSmartProductEnabled, {
    summary: 'Admins only: offer a plan product or withdraw it (running plans go on); audit-logged',
    tags: ['admin'],
    owner: 'operator',
    params: ZSmartProductParams,
    body: ZSmartProductEnabledRequest,
    response: ZAdminSmartProduct,
  }),
  backtestSmartProduct: declareRoute(plansAdminEndpoints.backtestSmartProduct, {
    summary: 'Admins only: backtest this product again now over the stored candles (runs in the background)',
    tags: ['admin'],
    owner: 'operator',
    params: ZSmartProductParams,
    response: ZAdminSmartProduct,
  }),
};
