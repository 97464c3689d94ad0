import { declareRoute } from '../http/route-declaration.js';
import {
  ZPaymentAssetParams,
  ZPaymentAssetSettings,
  ZPaymentAssetUpdateRequest,
  ZPaymentSettingsResponse,
} from './payments-admin.contracts.js';
import { paymentsAdminEndpoints } from './payments-admin.endpoints.js';

/** The payments settings routes as the server declares them: each endpoint with its schemas. */
export const paymentsAdminRoutes = {
  paymentSettings: declareRoute(paymentsAdminEndpoints.paymentSettings, {
    summary: 'Admins only: deposit minimum and withdrawal minimum, maximum and fee rate of each asset',
    tags: ['admin'],
    owner: 'operator',
    response: ZPaymentSettingsResponse,
  }),
  updatePaymentSettings: declareRoute(paymentsAdminEndpoints.updatePaymentSettings, {
    summary:
      "Admins only: change an asset's deposit minimum or withdrawal minimum, maximum or fee rate (non-negative decimals; minimum not above maximum); audit-logged",
    tags: ['admin'],
    owner: 'operator',
    params: ZPaymentAssetParams,
    body: ZPaymentAssetUpdateRequest,
    response: ZPaymentAssetSettings,
  }),
};
