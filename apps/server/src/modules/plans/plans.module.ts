import type { AppModule } from '../../platform/module.js';
import { PlanRunner } from './plan-runner.js';
import type { PlansContext } from './plans.context.js';
import { plansAdminPlugin, plansPlugin } from './plans.routes.js';
import { seedSmartProducts } from './seed-smart-products.js';

export type PlansModuleDeps = PlansContext & {
  apiPrefix: string;
  adminPrefix: string;
  /** How often running plans are looked at (a bar decision, a wind-up). */
  runEveryMs: number;
  /** Whether this instance acts on plans: the one running the market feeds. */
  isLeader: () => boolean;
};

export type PlansService = {
  /** The runner (tests drive its passes and wait for its backtests). */
  runner: PlanRunner;
  /** Seeds the sandbox's example products (each once) and starts their backtests; answers how many were added. */
  seedSandbox(): Promise<number>;
};

/**
 * Smart trading plans (issue 18): plan products kept by operators, each with a backtest of its
 * strategy over recorded prices computed in the background; plans bought by users, each trading
 * from its own ledger subaccount through the trading engine, decided bar by bar by the same
 * strategy code (packages/strategies), wound up at their end or on an early exit.
 */
export function createPlansModule(deps: PlansModuleDeps): AppModule<PlansService> {
  const { apiPrefix, adminPrefix, runEveryMs, isLeader, ...ctx } = deps;
  const runner = new PlanRunner(ctx, { everyMs: runEveryMs, isLeader });
  const backtestsChanged = () => void runner.kickBacktests();
  return {
    name: 'plans',
    service: {
      runner,
      seedSandbox: async () => {
        const added = await seedSmartProducts(ctx.db, ctx.market, ctx.clock.now());
        void runner.kickBacktests();
        return added;
      },
    },
    register: async (app) => {
      await app.register(plansPlugin, { prefix: apiPrefix, ctx, backtestsChanged });
      await app.register(plansAdminPlugin, { prefix: adminPrefix, ctx, backtestsChanged });
    },
    start: async () => {
      runner.start();
    },
    stop: () => runner.stop(),
    publishes: [],
    subscribes: [],
  };
}
