import { endpoint, type InputOf, type NoInput, type OutputOf } from '../http/endpoint.js';
import type {
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

/** Smart trading plans (issue 18), types only; the server's declarations add the schemas (`plans.routes.ts`). */
export const plansEndpoints = {
  listSmartProducts: endpoint<NoInput, OutputOf<typeof ZSmartProductsResponse>, 'public'>(
    'GET',
    '/swx/customer/index/listSmartProducts',
    'public',
  ),
  buySmart: endpoint<{ body: InputOf<typeof ZBuySmartRequest> }, OutputOf<typeof ZSmartOrder>, 'live-user'>(
    'POST',
    '/swx/customer/order/buySmart',
    'live-user',
  ),
  listSmartOrder: endpoint<NoInput, OutputOf<typeof ZSmartOrderList>, 'live-user'>(
    'GET',
    '/swx/customer/order/listSmartOrder',
    'live-user',
  ),
  exitSmart: endpoint<{ body: InputOf<typeof ZExitSmartRequest> }, OutputOf<typeof ZSmartOrder>, 'live-user'>(
    'POST',
    '/swx/customer/order/exitSmart',
    'live-user',
  ),
};

/** The back office's plan products (issue 18). */
export const plansAdminEndpoints = {
  smartProducts: endpoint<NoInput, OutputOf<typeof ZAdminSmartProductsResponse>, 'admin'>(
    'GET',
    '/swx/admin/smart-products',
    'admin',
  ),
  createSmartProduct: endpoint<
    { body: InputOf<typeof ZSmartProductCreateRequest> },
    OutputOf<typeof ZAdminSmartProduct>,
    'admin'
  >('POST', '/swx/admin/smart-products', 'admin'),
  updateSmartProduct: endpoint<
    { params: InputOf<typeof ZSmartProductParams>; body: InputOf<typeof ZSmartProductUpdateRequest> },
    OutputOf<typeof ZAdminSmartProduct>,
    'admin'
  >('POST', '/swx/admin/smart-products/:id', 'admin'),
  setSmartProductEnabled: endpoint<
    { params: InputOf<typeof ZSmartProductParams>; body: InputOf<typeof ZSmartProductEnabledRequest> },
    OutputOf<typeof ZAdminSmartProduct>,
    'admin'
  >('POST', '/swx/admin/smart-products/:id/enabled', 'admin'),
  backtestSmartProduct: endpoint<
    { params: InputOf<typeof ZSmartProductParams> },
    OutputOf<typeof ZAdminSmartProduct>,
    'admin'
  >('POST', '/swx/admin/smart-products/:id/backtest', 'admin'),
};
