import { endpoint, type InputOf, type NoInput, type OutputOf } from '../http/endpoint.js';
import type {
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

/**
 * Options (issue 19), types only; the server's declarations add the schemas (`options.routes.ts`).
 * Both books trade options (SPEC: demo blocks only plans, loans, deposits, withdrawals and NFTs).
 */
export const optionsEndpoints = {
  listOptionsConfig: endpoint<{ query: InputOf<typeof ZOptionsChainQuery> }, OutputOf<typeof ZOptionsChain>, 'public'>(
    'GET',
    '/swx/customer/user/listOptionsConfig',
    'public',
  ),
  buyOptions: endpoint<{ body: InputOf<typeof ZBuyOptionsRequest> }, OutputOf<typeof ZOptionsOrder>, 'user'>(
    'POST',
    '/swx/customer/order/buyOptions',
    'user',
  ),
  closeOptions: endpoint<{ body: InputOf<typeof ZCloseOptionsRequest> }, OutputOf<typeof ZOptionsOrder>, 'user'>(
    'POST',
    '/swx/customer/order/closeOptions',
    'user',
  ),
  getOptionsOrderById: endpoint<
    { params: InputOf<typeof ZOptionsOrderParams> },
    OutputOf<typeof ZOptionsOrder>,
    'user'
  >('GET', '/swx/customer/order/getOptionsOrderById/:id', 'user'),
  listOptionsOrder: endpoint<
    { query: InputOf<typeof ZOptionsOrdersQuery> },
    OutputOf<typeof ZOptionsOrderList>,
    'user'
  >('GET', '/swx/customer/order/listOptionsOrder', 'user'),
};

/** The back office's options products and expiries (issue 19). */
export const optionsAdminEndpoints = {
  optionsProducts: endpoint<NoInput, OutputOf<typeof ZAdminOptionsProductsResponse>, 'admin'>(
    'GET',
    '/swx/admin/options-products',
    'admin',
  ),
  createOptionsProduct: endpoint<
    { body: InputOf<typeof ZOptionsProductCreateRequest> },
    OutputOf<typeof ZAdminOptionsProduct>,
    'admin'
  >('POST', '/swx/admin/options-products', 'admin'),
  updateOptionsProduct: endpoint<
    { params: InputOf<typeof ZOptionsProductParams>; body: InputOf<typeof ZOptionsProductUpdateRequest> },
    OutputOf<typeof ZAdminOptionsProduct>,
    'admin'
  >('POST', '/swx/admin/options-products/:id', 'admin'),
  setOptionsProductEnabled: endpoint<
    { params: InputOf<typeof ZOptionsProductParams>; body: InputOf<typeof ZOptionsProductEnabledRequest> },
    OutputOf<typeof ZAdminOptionsProduct>,
    'admin'
  >('POST', '/swx/admin/options-products/:id/enabled', 'admin'),
  listOptionsExpiry: endpoint<
    { params: InputOf<typeof ZOptionsProductParams>; body: InputOf<typeof ZListOptionsExpiryRequest> },
    OutputOf<typeof ZAdminOptionsExpiry>,
    'admin'
  >('POST', '/swx/admin/options-products/:id/expiries', 'admin'),
  optionsExpiries: endpoint<
    { query: InputOf<typeof ZOptionsExpiriesQuery> },
    OutputOf<typeof ZAdminOptionsExpiriesResponse>,
    'admin'
  >('GET', '/swx/admin/options-expiries', 'admin'),
  settleOptionsExpiry: endpoint<
    { params: InputOf<typeof ZOptionsExpiryParams>; body: InputOf<typeof ZSettleOptionsExpiryRequest> },
    OutputOf<typeof ZAdminOptionsExpiry>,
    'admin'
  >('POST', '/swx/admin/options-expiries/:id/settlement', 'admin'),
};
