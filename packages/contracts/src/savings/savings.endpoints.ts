import { endpoint, type InputOf, type NoInput, type OutputOf } from '../http/endpoint.js';
import type {
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

/** Fixed-term savings (issue 18), types only; the server's declarations add the schemas (`savings.routes.ts`). */
export const savingsEndpoints = {
  listFinancialProducts: endpoint<NoInput, OutputOf<typeof ZFinancialProductsResponse>, 'public'>(
    'GET',
    '/swx/customer/index/listFinancialProducts',
    'public',
  ),
  /** Live book only (a demo account: 10125). */
  invest: endpoint<{ body: InputOf<typeof ZInvestRequest> }, OutputOf<typeof ZSavingsOrder>, 'live-user'>(
    'POST',
    '/swx/customer/financial/invest',
    'live-user',
  ),
  myOrders: endpoint<NoInput, OutputOf<typeof ZSavingsOrderList>, 'live-user'>(
    'GET',
    '/swx/customer/financial/myOrders',
    'live-user',
  ),
  redeem: endpoint<{ body: InputOf<typeof ZRedeemRequest> }, OutputOf<typeof ZSavingsOrder>, 'live-user'>(
    'POST',
    '/swx/customer/financial/redeem',
    'live-user',
  ),
};

/** The back office's savings products (issue 18). */
export const savingsAdminEndpoints = {
  savingsProducts: endpoint<NoInput, OutputOf<typeof ZAdminSavingsProductsResponse>, 'admin'>(
    'GET',
    '/swx/admin/savings-products',
    'admin',
  ),
  createSavingsProduct: endpoint<
    { body: InputOf<typeof ZSavingsProductCreateRequest> },
    OutputOf<typeof ZAdminSavingsProduct>,
    'admin'
  >('POST', '/swx/admin/savings-products', 'admin'),
  updateSavingsProduct: endpoint<
    { params: InputOf<typeof ZSavingsProductParams>; body: InputOf<typeof ZSavingsProductUpdateRequest> },
    OutputOf<typeof ZAdminSavingsProduct>,
    'admin'
  >('POST', '/swx/admin/savings-products/:id', 'admin'),
  setSavingsProductStatus: endpoint<
    { params: InputOf<typeof ZSavingsProductParams>; body: InputOf<typeof ZSavingsProductStatusRequest> },
    OutputOf<typeof ZAdminSavingsProduct>,
    'admin'
  >('POST', '/swx/admin/savings-products/:id/status', 'admin'),
};
