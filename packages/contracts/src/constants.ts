/**
 * `@openbourse/contracts/constants`: the contracts' constants, literal unions, languages and the
 * error catalogue's codes, with no zod anywhere in this entry's imports, so the web's first page
 * can use them without loading the schemas (constants.test.ts checks the import graph), and the
 * endpoints (method, path, auth, payload types) the web's typed client calls.
 */
export * from './admin/admin.endpoints.js';
export * from './admin/admin-dashboard.endpoints.js';
export * from './admin/admin-user-money.endpoints.js';
export * from './alerts/alerts.constants.js';
export * from './alerts/alerts.endpoints.js';
export * from './content/content.endpoints.js';
export * from './content/content-admin.endpoints.js';
export * from './errors/codes.js';
export * from './http/endpoint.js';
export * from './identity/area-codes.constants.js';
export * from './identity/identity.constants.js';
export * from './identity/identity.endpoints.js';
export * from './kyc/iso-countries.js';
export * from './kyc/kyc.constants.js';
export * from './kyc/kyc.endpoints.js';
export * from './languages.js';
export * from './ledger/ledger.endpoints.js';
export * from './lending/lending.constants.js';
export * from './lending/lending.endpoints.js';
export * from './lending/loans.endpoints.js';
export * from './market/market.constants.js';
export * from './market/market.endpoints.js';
export * from './market/market-admin.endpoints.js';
export * from './market/market-hours.endpoints.js';
export * from './notify/notify.constants.js';
export * from './notify/notify.endpoints.js';
export * from './onboarding/onboarding.constants.js';
export * from './onboarding/onboarding.endpoints.js';
export * from './options/options.constants.js';
export * from './options/options.endpoints.js';
export * from './payments/deposits.endpoints.js';
export * from './payments/erc20-abi.js';
export * from './payments/faucet.endpoints.js';
export * from './payments/payments-admin.endpoints.js';
export * from './payments/withdrawals.endpoints.js';
export * from './plans/plans.constants.js';
export * from './plans/plans.endpoints.js';
export * from './referral/referral.constants.js';
export * from './referral/referral.endpoints.js';
export * from './review/review.constants.js';
export * from './review/review.endpoints.js';
export * from './savings/savings.constants.js';
export * from './savings/savings.endpoints.js';
export * from './support/support.constants.js';
export * from './support/support.endpoints.js';
export * from './trading/trading.endpoints.js';
export * from './uploads/uploads.endpoints.js';
