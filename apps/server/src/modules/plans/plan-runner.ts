import { backtestProduct } from './backtest-product.js';
import { decidePlanBar } from './decide-plan-bar.js';
import { runningOrders } from './plan-orders.repository.js';
import type { PlansContext } from './plans.context.js';
import { claimBacktest, productsAwaitingBacktest, recordBacktest } from './smart-products.repository.js';
import { completeWindUp, markEnding } from './wind-up-plan.js';

/**
 * The plans' heartbeat (issue 18). Every `everyMs`, on the instance running the market feeds
 * (one decides, as with stop-outs and loan LTVs): each running plan decides on the bar that
 * closed, plans past their end are wound up, and endings a crash interrupted are completed.
 * Apart, on every instance and never before start-up has finished: products whose settings
 * have no backtest yet are backtested (claimed in the database, so one instance runs each).
 */

const BACKTEST_STALE_MS = 10 * 60_000;
const BACKTEST_EVERY_MS = 60_000;

export type PlanRunnerOptions = {
  everyMs: number;
  /** Whether this instance acts on plans (it runs the market feeds). */
  isLeader: () => boolean;
};

export class PlanRunner {
  private timer: NodeJS.Timeout | null = null;
  private backtestTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private backtesting: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly ctx: PlansContext,
    private readonly options: PlanRunnerOptions,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.pass(), this.options.everyMs);
    this.timer.unref();
    this.backtestTimer = setInterval(() => this.kickBacktests(), BACKTEST_EVERY_MS);
    this.backtestTimer.unref();
    // After start-up, not during it: a backtest never delays the server's readiness.
    setImmediate(() => this.kickBacktests());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.backtestTimer) clearInterval(this.backtestTimer);
    await Promise.allSettled([this.running, this.backtesting]);
  }

  /** One pass over the running plans now (the timer's work; tests call it). */
  pass(): Promise<void> {
    if (this.stopped || !this.options.isLeader()) return Promise.resolve();
    this.running ??= this.runPass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Runs the backtests waiting (a product created or changed); resolves when they are done. */
  kickBacktests(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.backtesting ??= this.runBacktests().finally(() => {
      this.backtesting = null;
    });
    return this.backtesting;
  }

  private async runPass(): Promise<void> {
    const now = this.ctx.clock.now().getTime();
    for (const order of await runningOrders(this.ctx.db)) {
      if (this.stopped) return;
      try {
        if (order.ending !== null) await completeWindUp(this.ctx, order.id);
        else if (now >= order.ends_at.getTime()) {
          await markEnding(this.ctx, order.id, 'finish');
          await completeWindUp(this.ctx, order.id);
        } else await decidePlanBar(this.ctx, order);
      } catch (error) {
        this.ctx.log.error(
          { orderId: order.id, err: error instanceof Error ? error.message : String(error) },
          'smart plan pass failed',
        );
      }
    }
  }

  private async runBacktests(): Promise<void> {
    for (const product of await productsAwaitingBacktest(this.ctx.db)) {
      if (this.stopped) return;
      const at = this.ctx.clock.now();
      const version = product.settings_version;
      if (!(await claimBacktest(this.ctx.db, product.id, version, at, new Date(at.getTime() - BACKTEST_STALE_MS))))
        continue;
      try {
        const backtest = await backtestProduct(this.ctx, product);
        await recordBacktest(this.ctx.db, product.id, version, { backtest });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        this.ctx.log.warn({ productId: product.id, reason }, 'smart product backtest failed');
        await recordBacktest(this.ctx.db, product.id, version, { error: reason.slice(0, 500) });
      }
      // Let requests through between two runs.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
