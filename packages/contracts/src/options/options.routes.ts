import { declareRoute, LEFT_OUT } from '../http/route-declaration.js';
import {
  ZAdminOptionsExpiriesResponse,
  ZAdminOptionsExpiry,
  ZAdminOptionsProduct,
  ZAdminOptionsProductsResponse,
  ZBuyOptionsRequest,
  ZCloseOptionsRequest,
  ZListOptionsExpiryRequest,
  ZOptionsChain,
  ZOptionsChainQuery,
  ZOptionsExpiriesQuery,
  ZOptionsExpiryParams,
  ZOptionsOrder,
  ZOptionsOrderList,
  ZOptionsOrderParams,
  ZOptionsOrdersQuery,
  ZOptionsProductCreateRequest,
  ZOptionsProductEnabledRequest,
  ZOptionsProductParams,
  ZOptionsProductUpdateRequest,
  ZSettleOptionsExpiryRequest,
} from './options.contracts.js';
import { optionsAdminEndpoints, optionsEndpoints } from './options.endpoints.js';

/** The options routes as the server declares them (issue 19): each endpoint with its schemas. */
export const optionsRoutes = {
  listOptionsConfig: declareRoute(optionsEndpoints.listOptionsConfig, {
    summary:
      "The options chain of an instrument: per listed expiry and strike the call and the put with their series id, a quote (quoteId and its validity, bid, ask and mid per contract), the volatility used and the Greeks per unit; the underlying's price with its source; the volatility rule (EWMA of 1-minute log returns over its window, within the product's floor and cap). A stale or closed underlying gives no quotes (quoted false). listed false when the instrument has no options",
    tags: ['options'],
    query: ZOptionsChainQuery,
    response: ZOptionsChain,
    rateLimit: { max: 240, timeWindow: '1 minute' },
  }),
  buyOptions: declareRoute(optionsEndpoints.buyOptions, {
    summary:
      "Buy contracts of a series at the quoted ask or better, in the request's book: 10014 series not on sale (unknown, past its cut-off, product disabled, a quote of another series), 10224 quote expired (a new one in data.quote), 10015 the underlying stale or closed, 10225 the ask rose since the quote (the new quote in data.quote; never a silent worse fill), 10016 quantity above the product's limit, 10011 balance (premium + fee), 10201 the series' reserve or the treasury cannot fund the order's maximum payout (the series stops selling). Then in one transaction: premium to the options escrow, fee to fees, the maximum payout from treasury to the escrow. Answers 20004",
    tags: ['options'],
    owner: 'caller',
    body: ZBuyOptionsRequest,
    response: ZOptionsOrder,
    successCode: 'PURCHASE_SUCCEEDED',
    rateLimit: { max: 60, timeWindow: '1 minute' },
  }),
  closeOptions: declareRoute(optionsEndpoints.closeOptions, {
    summary:
      'Sell an open order back before its cut-off at the current bid, at least the quoted bid when a quote is given: 10226 not open, 10014 past the cut-off or a quote of another series, 10015 stale or closed underlying, 10224 quote expired, 10225 the bid fell below the quote (new quote in data.quote). The proceeds less the fee come from the reserve; the rest of the reserve and the premium go to the treasury',
    tags: ['options'],
    // A market sale: the matrix sends no quote (one cannot be made up in advance), so it sells at the current bid.
    owner: { record: 'options-order', at: 'body.orderId', with: { quoteId: LEFT_OUT } },
    body: ZCloseOptionsRequest,
    response: ZOptionsOrder,
    rateLimit: { max: 60, timeWindow: '1 minute' },
  }),
  getOptionsOrderById: declareRoute(optionsEndpoints.getOptionsOrderById, {
    summary:
      "One of the caller's options orders in the request's book (10035 otherwise), with its value at the current bid",
    tags: ['options'],
    owner: { record: 'options-order', at: 'params.id' },
    params: ZOptionsOrderParams,
    response: ZOptionsOrder,
  }),
  listOptionsOrder: declareRoute(optionsEndpoints.listOptionsOrder, {
    summary:
      "The caller's options orders in the request's book, newest first: premium, quantity, strike, expiry, value at the current bid, settlement price, payout, status",
    tags: ['options'],
    owner: 'caller',
    query: ZOptionsOrdersQuery,
    response: ZOptionsOrderList,
  }),
};

export const optionsAdminRoutes = {
  optionsProducts: declareRoute(optionsAdminEndpoints.optionsProducts, {
    summary:
      'Admins only: every options product with its settings, version and the payouts reserved for its open orders',
    tags: ['admin'],
    owner: 'operator',
    response: ZAdminOptionsProductsResponse,
  }),
  createOptionsProduct: declareRoute(optionsAdminEndpoints.createOptionsProduct, {
    summary:
      'Admins only: add an options product on an instrument (one per instrument; created disabled): expiry schedules and time, strike grid, contract size, call payout cap, spread, fee, rate, volatility rule, series reserve limit; audit-logged',
    tags: ['admin'],
    owner: 'operator',
    body: ZOptionsProductCreateRequest,
    response: ZAdminOptionsProduct,
  }),
  updateOptionsProduct: declareRoute(optionsAdminEndpoints.updateOptionsProduct, {
    summary:
      'Admins only: change an options product from the version read (10227 when another change came first); series already listed keep their strikes and caps; audit-logged',
    tags: ['admin'],
    owner: 'operator',
    params: ZOptionsProductParams,
    body: ZOptionsProductUpdateRequest,
    response: ZAdminOptionsProduct,
  }),
  setOptionsProductEnabled: declareRoute(optionsAdminEndpoints.setOptionsProductEnabled, {
    summary:
      'Admins only: put an options product on sale or stop its sales (open orders still settle), from the version read; audit-logged',
    tags: ['admin'],
    owner: 'operator',
    params: ZOptionsProductParams,
    body: ZOptionsProductEnabledRequest,
    response: ZAdminOptionsProduct,
  }),
  listOptionsExpiry: declareRoute(optionsAdminEndpoints.listOptionsExpiry, {
    summary:
      "Admins only: list one expiry at a chosen whole minute (after the sales cut-off from now): its calls and puts on the strike grid around the underlying's current price (10228 otherwise, 10015 without a fresh price); audit-logged",
    tags: ['admin'],
    owner: 'operator',
    params: ZOptionsProductParams,
    body: ZListOptionsExpiryRequest,
    response: ZAdminOptionsExpiry,
  }),
  optionsExpiries: declareRoute(optionsAdminEndpoints.optionsExpiries, {
    summary:
      'Admins only: the expiries, latest first, with their settlement state: the price fixed and its source, or why it waits for an operator',
    tags: ['admin'],
    owner: 'operator',
    query: ZOptionsExpiriesQuery,
    response: ZAdminOptionsExpiriesResponse,
  }),
  settleOptionsExpiry: declareRoute(optionsAdminEndpoints.settleOptionsExpiry, {
    summary:
      'Admins only: decide the settlement price of an expiry waiting for an operator (its source was stale over the window; 10228 otherwise); the orders are then paid from their reserves; audit-logged with the reason',
    tags: ['admin'],
    owner: 'operator',
    params: ZOptionsExpiryParams,
    body: ZSettleOptionsExpiryRequest,
    response: ZAdminOptionsExpiry,
  }),
};
