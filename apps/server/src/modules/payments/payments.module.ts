import type { AppModule } from '../../platform/module.js';
import type { PaymentSettingsDb } from './payment-settings.js';
import { paymentsAdminPlugin } from './payments.routes.js';

export type PaymentsModuleDeps = { db: PaymentSettingsDb; adminPrefix: string };

/**
 * Payments (the payments issue builds deposits and withdrawals here). Issue 14 gives it its
 * settings: deposit minimums and withdrawal minimum, maximum and fee rate per asset, which
 * operators change in the back office and the payments issue reads (`findAssetSettings`).
 */
export function createPaymentsModule(deps: PaymentsModuleDeps): AppModule<Record<string, never>> {
  return {
    name: 'payments',
    service: {},
    register: async (app) => {
      await app.register(paymentsAdminPlugin, { prefix: deps.adminPrefix, db: deps.db });
    },
    start: async () => {},
    stop: async () => {},
    publishes: [],
    subscribes: [],
  };
}
