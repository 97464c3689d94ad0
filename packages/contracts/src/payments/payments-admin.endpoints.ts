import { endpoint, type InputOf, type NoInput, type OutputOf } from '../http/endpoint.js';
import type {
  ZPaymentAssetParams,
  ZPaymentAssetSettings,
  ZPaymentAssetUpdateRequest,
  ZPaymentSettingsResponse,
} from './payments-admin.contracts.js';

/**
 * The payments settings in the back office (issue 14), types only; the server's declarations add
 * the schemas (`payments-admin.routes.ts`).
 */
export const paymentsAdminEndpoints = {
  paymentSettings: endpoint<NoInput, OutputOf<typeof ZPaymentSettingsResponse>, 'admin'>(
    'GET',
    '/swx/admin/payment-settings',
    'admin',
  ),
  updatePaymentSettings: endpoint<
    { params: InputOf<typeof ZPaymentAssetParams>; body: InputOf<typeof ZPaymentAssetUpdateRequest> },
    OutputOf<typeof ZPaymentAssetSettings>,
    'admin'
  >('POST', '/swx/admin/payment-settings/:asset', 'admin'),
};
