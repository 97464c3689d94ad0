export { type PaymentSettingsDb, paymentSettings, updatePaymentSettings } from './payment-settings.js';
export { createPaymentsModule, type PaymentsModuleDeps } from './payments.module.js';
export { findAssetSettings, type PaymentAssetSettings } from './payments.repository.js';
export type { PaymentsTables } from './payments.tables.js';
