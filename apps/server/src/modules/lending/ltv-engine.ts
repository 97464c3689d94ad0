import { Decimal } from '@openbourse/money';
import type { ClusterBus } from '../../platform/bus/cluster-bus.js';
import { LtvMonitor, type PriceQuote } from './domain/index.js';
import type { LoansContext, LoanWatch } from './lending.context.js';
import { checkLoanAt, liquidateLoan } from './loan-ltv.js';
import { monitoredLoanOf } from './loan-record.js';
import { findLoan, listOwedCryptoBackedLoans } from './loans.repository.js';

/** Every instance hears on it that a loan's debt, collateral or status changed: `{ id }`. */
export const LOANS_CHANGED_TOPIC = 'lending:loan-changed';
/** The whole book is read again this often: interest grows the debts day by day between events. */
const RESYNC_EVERY_MS = 5 * 60_000;

type Log = { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };

/** The market as the engine reads it: ticks, which instance runs the feeds, and an instrument's pair. */
export type LtvTicks = {
  onTicks(listener: (ticks: Array<{ code: string; price: string; time: number; source: string }>) => void): void;
  readonly ownsFeeds: boolean;
  /** The pair an instrument prices (BTCUSDT: BTC in USDT), or undefined. */
  pairOf(code: string): { base: string; quote: string } | undefined;
  isStale(code: string): boolean;
};

export type LtvEngineDeps = {
  ctx: Omit<LoansContext, 'watch'>;
  ticks: LtvTicks;
  cluster: ClusterBus;
  log: Log;
};

/**
 * The live LTV of crypto-backed loans (issue 17). Every owed crypto-backed loan sits in the
 * domain's LtvMonitor (two heaps of trigger prices per pair), so a tick that crosses nothing costs
 * a lookup and two comparisons whatever the number of loans (bench/loan-ltv.mjs). A crossing is
 * decided again in the database on the locked loan at the tick's price, with its source and time:
 * a margin call, or a liquidation.
 *
 * Every instance keeps the monitor (loaded at start, kept current from `lending:loan-changed`;
 * each message names a loan, read again from the database, the truth), but only the instance
 * running the market feeds acts, like price alerts: one actor. Acting is serialised in one queue
 * per instance, and each action re-checks the loan under its row lock, so a retry or a second
 * instance never warns or liquidates twice for the same crossing.
 */
export class LtvEngine implements LoanWatch {
  private readonly monitor = new LtvMonitor();
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;
  /** The loans in the monitor, so a resync can drop those closed meanwhile. */
  private watchedIds = new Set<string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: LtvEngineDeps) {}

  async start(): Promise<void> {
    this.deps.cluster.subscribe(LOANS_CHANGED_TOPIC, (payload) => {
      const id = (payload as { id?: unknown } | null)?.id;
      if (typeof id === 'string' && /^[1-9][0-9]{0,17}$/.test(id)) this.enqueue(() => this.reload(id));
    });
    await this.resync();
    this.deps.ticks.onTicks((ticks) => {
      if (this.stopped) return;
      for (const tick of ticks) this.onTick(tick);
    });
    this.timer = setInterval(() => this.enqueue(() => this.resync()), RESYNC_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.queue;
  }

  /** Waits for every queued action and reload (tests). */
  async idle(): Promise<void> {
    let seen: Promise<void> | null = null;
    while (seen !== this.queue) {
      seen = this.queue;
      await seen;
    }
  }

  /** Loans watched. */
  size(): number {
    return this.monitor.size();
  }

  /** A change committed on this instance: watched again here now, and on the others by message. */
  loanChanged(loanId: string): void {
    this.enqueue(() => this.reload(loanId));
    this.deps.cluster.publish(LOANS_CHANGED_TOPIC, { id: loanId });
  }

  private onTick(tick: { code: string; price: string; time: number; source: string }): void {
    const pair = this.deps.ticks.pairOf(tick.code);
    if (!pair || this.monitor.size(pair.base, pair.quote) === 0) return;
    let price: Decimal;
    try {
      price = Decimal.parse(tick.price);
    } catch {
      return;
    }
    const quote: PriceQuote = {
      base: pair.base,
      quote: pair.quote,
      price,
      source: tick.source,
      time: tick.time,
      isStale: this.deps.ticks.isStale(tick.code),
    };
    const crossed = this.monitor.onQuote(quote, this.deps.ctx.clock.now().getTime());
    if (crossed.refused !== null) return;
    const ids = [
      ...crossed.liquidations.map((crossing) => ({ id: crossing.loanId, liquidate: true })),
      ...crossed.warnings.map((crossing) => ({ id: crossing.loanId, liquidate: false })),
    ];
    for (const { id, liquidate } of ids) {
      if (!this.deps.ticks.ownsFeeds) {
        // Not ours to act on: watched again from the database until the acting instance says.
        this.enqueue(() => this.reload(id));
        continue;
      }
      this.enqueue(async () => {
        try {
          const outcome = liquidate
            ? await liquidateLoan(this.deps.ctx, id, quote)
            : await checkLoanAt(this.deps.ctx, id, quote);
          if (outcome === 'warned' || outcome === 'liquidated') {
            this.deps.cluster.publish(LOANS_CHANGED_TOPIC, { id });
          }
        } catch (error) {
          this.deps.log.error(
            { err: error instanceof Error ? error.message : String(error), loan: id },
            'loan LTV action failed; the loan is watched again',
          );
        }
        await this.reload(id);
      });
    }
  }

  private async reload(id: string): Promise<void> {
    const row = await findLoan(this.deps.ctx.db, id);
    const watched = row ? monitoredLoanOf(row, this.deps.ctx.clock.now().getTime()) : null;
    if (watched) {
      this.monitor.upsert(watched);
      this.watchedIds.add(id);
    } else {
      this.monitor.remove(id);
      this.watchedIds.delete(id);
    }
  }

  private async resync(): Promise<void> {
    const now = this.deps.ctx.clock.now().getTime();
    const rows = await listOwedCryptoBackedLoans(this.deps.ctx.db);
    const seen = new Set<string>();
    for (const row of rows) {
      const watched = monitoredLoanOf(row, now);
      if (!watched) continue;
      seen.add(row.id);
      this.monitor.upsert(watched);
    }
    // Loans closed elsewhere since: no longer watched.
    for (const id of this.watchedIds) if (!seen.has(id)) this.monitor.remove(id);
    this.watchedIds = seen;
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((error: unknown) => {
      this.deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'loan engine step failed');
    });
  }
}
