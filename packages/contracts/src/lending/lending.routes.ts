import { declareRoute } from '../http/route-declaration.js';
import {
  ZAdminLoanSetting,
  ZAdminLoanSettingsResponse,
  ZLoanSettingCreateRequest,
  ZLoanSettingEnabledRequest,
  ZLoanSettingParams,
  ZLoanSettingsResponse,
  ZLoanSettingUpdateRequest,
} from './lending.contracts.js';
import { lendingAdminEndpoints, lendingEndpoints } from './lending.endpoints.js';

/** The loan settings routes as the server declares them: each endpoint with its schemas. */
export const lendingRoutes = {
  listLoanSettings: declareRoute(lendingEndpoints.listLoanSettings, {
    summary:
      'The loan products offered: kind, asset, terms, daily rate, interest-free days, limits, collateral and LTVs',
    tags: ['loans'],
    response: ZLoanSettingsResponse,
  }),
};

export const lendingAdminRoutes = {
  loanSettings: declareRoute(lendingAdminEndpoints.loanSettings, {
    summary: 'Admins only: every loan product, enabled or not, with its version',
    tags: ['admin'],
    owner: 'operator',
    response: ZAdminLoanSettingsResponse,
  }),
  createLoanSetting: declareRoute(lendingAdminEndpoints.createLoanSetting, {
    summary: 'Admins only: add a loan product (created disabled); audit-logged',
    tags: ['admin'],
    owner: 'operator',
    body: ZLoanSettingCreateRequest,
    response: ZAdminLoanSetting,
  }),
  updateLoanSetting: declareRoute(lendingAdminEndpoints.updateLoanSetting, {
    summary:
      "Admins only: change a loan product's asset, terms, rate, interest-free days, limits, collateral or LTVs, from the version read (10200 when another change came first); audit-logged",
    tags: ['admin'],
    owner: 'operator',
    params: ZLoanSettingParams,
    body: ZLoanSettingUpdateRequest,
    response: ZAdminLoanSetting,
  }),
  setLoanSettingEnabled: declareRoute(lendingAdminEndpoints.setLoanSettingEnabled, {
    summary: 'Admins only: offer a loan product to borrowers or withdraw it, from the version read; audit-logged',
    tags: ['admin'],
    owner: 'operator',
    params: ZLoanSettingParams,
    body: ZLoanSettingEnabledRequest,
    response: ZAdminLoanSetting,
  }),
};
