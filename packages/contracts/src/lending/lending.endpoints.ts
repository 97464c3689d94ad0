import { endpoint, type InputOf, type NoInput, type OutputOf } from '../http/endpoint.js';
import type {
  ZAdminLoanSetting,
  ZAdminLoanSettingsResponse,
  ZLoanSettingCreateRequest,
  ZLoanSettingEnabledRequest,
  ZLoanSettingParams,
  ZLoanSettingsResponse,
  ZLoanSettingUpdateRequest,
} from './lending.contracts.js';

/** Loan settings (issue 17), types only; the server's declarations add the schemas (`lending.routes.ts`). */
export const lendingEndpoints = {
  listLoanSettings: endpoint<NoInput, OutputOf<typeof ZLoanSettingsResponse>, 'public'>(
    'GET',
    '/swx/customer/index/listLoanSettings',
    'public',
  ),
};

/** The back office's loan settings (issue 17). */
export const lendingAdminEndpoints = {
  loanSettings: endpoint<NoInput, OutputOf<typeof ZAdminLoanSettingsResponse>, 'admin'>(
    'GET',
    '/swx/admin/loan-settings',
    'admin',
  ),
  createLoanSetting: endpoint<
    { body: InputOf<typeof ZLoanSettingCreateRequest> },
    OutputOf<typeof ZAdminLoanSetting>,
    'admin'
  >('POST', '/swx/admin/loan-settings', 'admin'),
  updateLoanSetting: endpoint<
    { params: InputOf<typeof ZLoanSettingParams>; body: InputOf<typeof ZLoanSettingUpdateRequest> },
    OutputOf<typeof ZAdminLoanSetting>,
    'admin'
  >('POST', '/swx/admin/loan-settings/:id', 'admin'),
  setLoanSettingEnabled: endpoint<
    { params: InputOf<typeof ZLoanSettingParams>; body: InputOf<typeof ZLoanSettingEnabledRequest> },
    OutputOf<typeof ZAdminLoanSetting>,
    'admin'
  >('POST', '/swx/admin/loan-settings/:id/enabled', 'admin'),
};
