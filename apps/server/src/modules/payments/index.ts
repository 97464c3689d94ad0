export type { DepositsDb } from './deposits.context.js';
export type { DepositsModuleDeps, DepositsRuntime } from './deposits.runtime.js';
export { type PaymentSettingsDb, paymentSettings, updatePaymentSettings } from './payment-settings.js';
export { createPaymentsModule, type PaymentsModuleDeps } from './payments.module.js';
export { findAssetSettings, type PaymentAssetSettings } from './payments.repository.js';
export type { PaymentsTables } from './payments.tables.js';
