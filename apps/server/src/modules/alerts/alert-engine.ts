import type { ClusterBus } from '../../platform/bus/cluster-bus.js';
import type { Clock } from '../../platform/clock.js';
import type { UserGateway } from '../../platform/realtime/realtime.js';
import type { MarketHub } from '../market/index.js';
import { TriggerEngine } from '../trading/index.js';
import { toWire } from './alert-wire.js';
import type { AlertChanges, AlertsDb } from './alerts.context.js';
import { type AlertRow, findAlert, listActiveAlerts } from './alerts.repository.js';
import { fireAlert } from './fire-alert.js';

/** Every instance hears on it that an alert was created, deleted or fired: `{ id }`. */
export const ALERTS_CHANGED_TOPIC = 'alerts:changed';

type Log = { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };

export type AlertEngineDeps = {
  db: AlertsDb;
  hub: Pick<MarketHub, 'onTicks' | 'ownsFeeds'>;
  cluster: ClusterBus;
  realtime: UserGateway;
  clock: Clock;
  log: Log;
};

/**
 * Watches prices for the users' alerts. The active alerts sit in the trigger engine's price index
 * (trading's: per instrument and side, a heap of levels), so a tick costs O(log n + fired), not
 * O(alerts): an "above" alert is a rise level (fires at a price ≥ it), a "below" one a fall level.
 *
 * Every instance keeps the index (loaded at start, then kept current from `alerts:changed` on the
 * cluster bus: each message names an alert, which is read again from the database, the truth),
 * but only the instance running the market feeds (the feed lock) fires: one actor. The others put
 * a crossed level back, until the firing instance's message removes it, so an instance that takes
 * the feeds over still holds every active alert. Firing is a conditional UPDATE, so even two
 * instances, or a retry after an error, fire an alert once; after the commit the owner's sockets
 * hear `{ op: 'alert' }` and notify pushes the "price alert" notification written with it.
 */
export class AlertEngine implements AlertChanges {
  private readonly index = new TriggerEngine();
  private readonly alerts = new Map<string, AlertRow>();
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly deps: AlertEngineDeps) {}

  async start(): Promise<void> {
    this.deps.cluster.subscribe(ALERTS_CHANGED_TOPIC, (payload) => {
      const id = (payload as { id?: unknown } | null)?.id;
      if (typeof id === 'string' && /^[1-9][0-9]{0,17}$/.test(id)) this.enqueue(() => this.reload(id));
    });
    for (const row of await listActiveAlerts(this.deps.db)) this.arm(row);
    this.deps.hub.onTicks((ticks) => {
      if (this.stopped) return;
      for (const tick of ticks) this.onTick(tick.code, tick.price, tick.time);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.queue;
  }

  /** Waits for every queued firing and reload (tests). */
  async idle(): Promise<void> {
    let seen: Promise<void> | null = null;
    while (seen !== this.queue) {
      seen = this.queue;
      await seen;
    }
  }

  /** Active alerts in the index, on one instrument or on all. */
  size(code?: string): number {
    return this.index.size(code);
  }

  /** A create or delete on this instance: the index learns it now, the other instances by message. */
  changed(id: string, row: AlertRow | null): void {
    if (row?.status === 'active') this.arm(row);
    else this.disarm(id);
    this.deps.cluster.publish(ALERTS_CHANGED_TOPIC, { id });
  }

  private onTick(code: string, price: string, time: number): void {
    const fired = this.index.onTick(code, price, time);
    if (fired.length === 0) return;
    for (const { level, tickPrice } of fired) {
      const row = this.alerts.get(level.id);
      if (!row) continue;
      if (!this.deps.hub.ownsFeeds) {
        // Not ours to fire: kept until the firing instance says it fired.
        this.index.add(level);
        continue;
      }
      this.alerts.delete(level.id);
      this.enqueue(() => this.fire(row, tickPrice));
    }
  }

  private async fire(row: AlertRow, tickPrice: string): Promise<void> {
    let fired: AlertRow | undefined;
    try {
      fired = await fireAlert(this.deps.db, this.deps.clock, row.id, tickPrice);
    } catch (error) {
      // Armed again: the next tick beyond the level retries (the UPDATE keeps it to one fire).
      this.deps.log.error(
        { err: error instanceof Error ? error.message : String(error), alert: row.id },
        'alert fire failed',
      );
      if (!this.stopped) this.arm(row);
      return;
    }
    if (!fired) return;
    this.deps.realtime.pushToUser(fired.user_id, { op: 'alert', data: toWire(fired) });
    this.deps.cluster.publish(ALERTS_CHANGED_TOPIC, { id: fired.id });
  }

  private async reload(id: string): Promise<void> {
    const row = await findAlert(this.deps.db, id);
    if (row?.status === 'active') this.arm(row);
    else this.disarm(id);
  }

  private arm(row: AlertRow): void {
    this.alerts.set(row.id, row);
    this.index.add({
      id: row.id,
      code: row.code,
      side: row.direction === 'above' ? 'rise' : 'fall',
      // The index compares numbers; the alert's level and the fired price stay decimal strings.
      kind: 'entry',
      price: Number(row.price),
    });
  }

  private disarm(id: string): void {
    this.alerts.delete(id);
    this.index.remove(id);
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((error: unknown) => {
      this.deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'alert engine work failed');
    });
  }
}
