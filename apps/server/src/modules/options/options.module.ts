import type { Book, TOptionsOrder } from '@openbourse/contracts';
import type { Clock } from '../../platform/clock.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { recurringJob } from '../../platform/jobs/recurring-job.js';
import type { AppModule } from '../../platform/module.js';
import { listScheduledExpiries } from './list-expiries.js';
import type { OptionsAssets, OptionsContext, OptionsDb, OptionsMarket, OptionsUsers } from './options.context.js';
import { optionsAdminPlugin, optionsPlugin } from './options.routes.js';
import { listOptionsOrders } from './options-orders.js';
import { createQuoteSigner } from './quote-token.js';
import { seedOptionsProducts } from './seed-options-products.js';
import { settleDueExpiries, type UpkeepResult } from './settle-expiry.js';
import { VolatilityCache } from './volatility.js';

/** The upkeep job's name; one is queued or running at a time (its singleton key). */
export const OPTIONS_UPKEEP_JOB = 'options.upkeep';

export type OptionsModuleDeps = {
  db: OptionsDb;
  market: OptionsMarket;
  users: OptionsUsers;
  assets: OptionsAssets;
  clock: Clock;
  /** The key quotes are signed with (derived from the deployment's master key, the same on every instance). */
  quoteKey: Buffer;
  jobs: Pick<Jobs, 'define' | 'enqueue'>;
  /** How often an instance asks for the upkeep (listing expiries, settling them). */
  upkeepEveryMs: number;
  apiPrefix: string;
  adminPrefix: string;
  log: { warn(obj: object, msg?: string): void };
};

export type OptionsService = {
  /** The upkeep's work now: scheduled expiries listed, due ones fixed and settled (`maxOrders` stops part-way). */
  runUpkeep(options?: { maxOrders?: number }): Promise<UpkeepResult & { listed: number }>;
  /** Seeds the sandbox's example products (each once); answers how many were added. */
  seedSandbox(): Promise<number>;
  /** The user's latest options orders in a book (the all-orders list beside positions). */
  latestOrders(userId: string, book: Book): Promise<TOptionsOrder[]>;
};

/**
 * Options (issue 19; SPEC §4 "Options"): products kept by operators; expiries listed on their
 * schedules (or by an operator) with a strike grid around the price; a chain priced by
 * Black–Scholes with a volatility measured from the platform's candles; purchases at a signed
 * quote whose maximum payout is reserved from treasury in full; selling back at the bid; cash
 * settlement at expiry from a price averaged over the feed's last minutes, or an operator's when
 * the feed had none — all on the platform's durable jobs.
 */
export function createOptionsModule(deps: OptionsModuleDeps): AppModule<OptionsService> {
  const ctx: OptionsContext = {
    db: deps.db,
    market: deps.market,
    users: deps.users,
    assets: deps.assets,
    clock: deps.clock,
    quotes: createQuoteSigner(deps.quoteKey),
    volatility: new VolatilityCache(deps.market, () => deps.clock.now().getTime()),
  };
  const runUpkeep = async (options: { maxOrders?: number } = {}) => {
    const listed = await listScheduledExpiries(ctx);
    return { listed, ...(await settleDueExpiries(ctx, options)) };
  };
  // A durable job: whichever worker claims it runs it, the singleton key keeps one queued at a
  // time across instances, expiries are listed once (unique index) and orders settled under locks.
  deps.jobs.define(OPTIONS_UPKEEP_JOB, async () => {
    await runUpkeep();
  });
  const upkeep = recurringJob({
    jobs: deps.jobs,
    db: deps.db,
    name: OPTIONS_UPKEEP_JOB,
    dueAfterMs: 0,
    askEveryMs: deps.upkeepEveryMs,
    clock: deps.clock,
    log: deps.log,
  });
  return {
    name: 'options',
    service: {
      runUpkeep,
      seedSandbox: () => seedOptionsProducts(ctx),
      latestOrders: async (userId, book) =>
        (await listOptionsOrders(ctx, { id: userId, book }, { page: 1, size: 100 })).items,
    },
    register: async (app) => {
      await app.register(optionsPlugin, { prefix: deps.apiPrefix, ctx, settleSoon: () => void upkeep.ask() });
      await app.register(optionsAdminPlugin, { prefix: deps.adminPrefix, ctx, settleSoon: () => void upkeep.ask() });
    },
    start: () => upkeep.start(),
    stop: async () => upkeep.stop(),
    publishes: [],
    subscribes: [],
  };
}
