import type { Clock } from '../../platform/clock.js';
import type { AppModule } from '../../platform/module.js';
import type { LendingAssets, LendingContext, LendingDb } from './lending.context.js';
import { lendingAdminPlugin, lendingPlugin } from './lending.routes.js';

export type LendingModuleDeps = {
  db: LendingDb;
  /** The ledger's assets (its decimals), filled at the composition root. */
  assets: LendingAssets;
  clock: Clock;
  apiPrefix: string;
  adminPrefix: string;
};

export type LendingModule = AppModule<Record<string, never>>;

/**
 * Loans (issue 17). Its first server part: the loan settings (products), listed to borrowers by
 * `/index/listLoanSettings` and kept by operators in the back office, every change audited. The
 * pure loan rules are in `domain/`.
 */
export function createLendingModule(deps: LendingModuleDeps): LendingModule {
  const ctx: LendingContext = { db: deps.db, assets: deps.assets, clock: deps.clock };
  return {
    name: 'lending',
    service: {},
    register: async (app) => {
      await app.register(lendingPlugin, { prefix: deps.apiPrefix, ctx });
      await app.register(lendingAdminPlugin, { prefix: deps.adminPrefix, ctx });
    },
    start: async () => {},
    stop: async () => {},
    publishes: [],
    subscribes: [],
  };
}
