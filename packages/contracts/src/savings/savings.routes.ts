import { declareRoute } from '../http/route-declaration.js';
import {
  ZAdminSavingsProduct,
  ZAdminSavingsProductsResponse,
  ZFinancialProductsResponse,
  ZInvestRequest,
  ZRedeemRequest,
  ZSavingsOrder,
  ZSavingsOrderList,
  ZSavingsProductCreateRequest,
  ZSavingsProductParams,
  ZSavingsProductStatusRequest,
  ZSavingsProductUpdateRequest,
} from './savings.contracts.js';
import { savingsAdminEndpoints, savingsEndpoints } from './savings.endpoints.js';

/** The savings routes as the server declares them (issue 18): each endpoint with its schemas. */
export const savingsRoutes = {
  listFinancialProducts: declareRoute(savingsEndpoints.listFinancialProducts, {
    summary:
      'The fixed-term savings products: name, asset, min and max investment, period, daily rate, remaining capacity, minimum VIP level and the early-redemption penalty',
    tags: ['savings'],
    response: ZFinancialProductsResponse,
  }),
  invest: declareRoute(savingsEndpoints.invest, {
    summary:
      'Subscribe to a savings product, checked in this order: 10211 product on sale, 10094 VIP level, 10013 amount (minimum), 10095 maximum, 10025 the same product held earning, 20096 two failed attempts today, 10011 balance, 10212 capacity, 10201 treasury (the product pauses itself). Then in one transaction the principal and the whole promised interest (from the treasury) move to escrow. Answers 20004 with the order',
    tags: ['savings'],
    owner: 'caller',
    body: ZInvestRequest,
    response: ZSavingsOrder,
    successCode: 'PURCHASE_SUCCEEDED',
    rateLimit: { max: 20, timeWindow: '1 minute' },
  }),
  myOrders: declareRoute(savingsEndpoints.myOrders, {
    summary:
      "The caller's savings orders, newest first: investment and maturity time, amount, product name, daily rate, period, earned days, current earnings, status, reserved interest and the penalty an early exit would cost now",
    tags: ['savings'],
    owner: 'caller',
    response: ZSavingsOrderList,
  }),
  redeem: declareRoute(savingsEndpoints.redeem, {
    summary:
      'Redeem an earning order early: the principal less the disclosed penalty returns to the available balance, the penalty and the reserved interest go to the treasury, the accrued interest is forfeited (10215 when it no longer earns; a matured order is settled in full instead)',
    tags: ['savings'],
    owner: { record: 'savings-order', at: 'body.orderId' },
    body: ZRedeemRequest,
    response: ZSavingsOrder,
  }),
};

export const savingsAdminRoutes = {
  savingsProducts: declareRoute(savingsAdminEndpoints.savingsProducts, {
    summary: 'Admins only: every savings product, on sale or paused, with its version and the principal earning',
    tags: ['admin'],
    owner: 'operator',
    response: ZAdminSavingsProductsResponse,
  }),
  createSavingsProduct: declareRoute(savingsAdminEndpoints.createSavingsProduct, {
    summary: 'Admins only: add a savings product (created paused); audit-logged',
    tags: ['admin'],
    owner: 'operator',
    body: ZSavingsProductCreateRequest,
    response: ZAdminSavingsProduct,
  }),
  updateSavingsProduct: declareRoute(savingsAdminEndpoints.updateSavingsProduct, {
    summary:
      "Admins only: change a savings product's names, limits, period, rate, capacity, minimum VIP level or penalty from the version read (10214 when another change came first); orders taken keep their terms; audit-logged",
    tags: ['admin'],
    owner: 'operator',
    params: ZSavingsProductParams,
    body: ZSavingsProductUpdateRequest,
    response: ZAdminSavingsProduct,
  }),
  setSavingsProductStatus: declareRoute(savingsAdminEndpoints.setSavingsProductStatus, {
    summary:
      'Admins only: put a savings product on sale (also after the treasury paused it) or pause it, from the version read; audit-logged',
    tags: ['admin'],
    owner: 'operator',
    params: ZSavingsProductParams,
    body: ZSavingsProductStatusRequest,
    response: ZAdminSavingsProduct,
  }),
};
