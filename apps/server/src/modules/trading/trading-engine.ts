import { Decimal } from '@openbourse/money';
import { Counter, type Registry } from 'prom-client';
import type { EventSubscriber } from '../../platform/events/event-bus.js';
import { getBalance, subaccountAccounts } from '../ledger/index.js';
import type { MarketHub } from '../market/index.js';
import type { TradingEvents } from './trading.events.js';
import { type PositionRow, positionsChangedSince } from './trading.repository.js';
import type { TradingService } from './trading.service.js';
import type { TradingDb, TrailingStops } from './trading-context.js';
import { marginLevel, reachesStopOut } from './trading-rules.js';
import type { Fired, TriggerEngine, TriggerLevel } from './trigger-engine.js';

/**
 * Watches prices for the positions: stop losses, take profits, trailing stops and pending
 * entries live in the trigger engine (price-ordered, range-scanned per tick, so a gap never
 * skips a level); every tick batch also re-checks the margin level of the accounts holding the
 * instruments that moved, and closes positions largest loss first while it is at or below 50%
 * (ESMA close-out).
 *
 * Levels are armed on every instance (from the database at start, then from each change), but
 * only the instance that runs the market feeds acts on them — one actor per instrument, held by
 * the feed lock. A fill is idempotent anyway: the service locks the position and checks its
 * status, so a second firing finds it closed and does nothing.
 */

const SYNC_MS = 2000;
/** A price level as the engine's comparison key (prices, never money). */
const asLevel = (price: string) => Number(price);
const BALANCE_TTL_MS = 5000;
/** A position's trailing stop among the triggers. */
const trailingId = (orderNo: string) => `${orderNo}:trail`;

/**
 * The trailing stops' current (ratcheted) levels, read from the triggers the engine keeps: the
 * service shows them with each position, so it is given this reader of the triggers it shares
 * with the engine (created first, then handed to both).
 */
export function trailingStopsOf(triggers: TriggerEngine): TrailingStops {
  return { trailingLevel: (orderNo) => triggers.levelOf(trailingId(orderNo)) };
}

type Log = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

/** What the engine asks of the trading service: settle a fired level, stop out, measure a position. */
export type TradingActions = Pick<TradingService, 'fire' | 'stopOut' | 'unrealisedOf'>;

export type TradingEngineDeps = {
  db: TradingDb;
  hub: MarketHub;
  trading: TradingActions;
  /** The price levels, shared with the service's `trailingStopsOf` reader. */
  triggers: TriggerEngine;
  /** Every committed change of a position re-arms it here. */
  events: EventSubscriber<TradingEvents>;
  log: Log;
  now: () => number;
  /** Where the engine's own metrics are registered (the app's /metrics registry). */
  registry: Registry;
};

/**
 * Per instrument, an account's net exposure: units = Σ ±lots × contract size, cost = Σ ±lots ×
 * contract size × open price. Its P&L at price p is p × units − cost in the quote currency, so a
 * tick costs O(instruments held), not O(positions). Numbers here only screen: any account that
 * comes near the stop-out level is measured exactly (Decimal, fresh balance) before anything is
 * closed.
 */
type Exposure = { units: number; cost: number; quote: string };
type Account = {
  userId: string;
  book: 'live' | 'demo';
  /** '' the user's own money, `plan:<id>` a smart plan's: each is measured and stopped out alone. */
  subaccount: string;
  positions: Map<string, PositionRow>;
  exposure: Map<string, Exposure>;
  /** Margin held by the account's positions, USDT minor units. */
  usedMinor: bigint;
};
/** Screening threshold: measure exactly once the estimated margin level is below 75%. */
const SCREEN_PERCENT = 75n;

export class TradingEngine {
  readonly triggers: TriggerEngine;
  private readonly open = new Map<string, PositionRow>();
  private readonly accounts = new Map<string, Account>();
  private readonly balances = new Map<string, { value: bigint; at: number }>();
  private readonly queues = new Map<string, Promise<void>>();
  private readonly stopOutRunning = new Set<string>();
  private syncTimer: NodeJS.Timeout | null = null;
  private lastSync = new Date(0);
  private stopped = false;
  private unsubscribe: (() => void) | null = null;
  private readonly db: TradingDb;
  private readonly hub: MarketHub;
  private readonly service: TradingActions;
  private readonly events: EventSubscriber<TradingEvents>;
  private readonly log: Log;
  private readonly now: () => number;
  private readonly syncFailures: Counter;

  constructor(deps: TradingEngineDeps) {
    this.db = deps.db;
    this.hub = deps.hub;
    this.service = deps.trading;
    this.triggers = deps.triggers;
    this.events = deps.events;
    this.log = deps.log;
    this.now = deps.now;
    this.syncFailures = new Counter({
      name: 'openbourse_trading_sync_failures_total',
      help: "Failed reads of the positions other instances changed (the engine's periodic sync)",
      registers: [deps.registry],
    });
  }

  async start(): Promise<void> {
    // Subscribed before anything else hears the event, so a position is armed (its trailing
    // level known) before its owner's sockets are told about it.
    this.unsubscribe = this.events.subscribe('position.changed', ({ position }) => this.arm(position));
    await this.sync();
    this.hub.onTicks((ticks) => {
      for (const tick of ticks) this.onTick(tick.code, tick.price, tick.time);
      this.checkAccounts(new Set(ticks.map((tick) => tick.code)));
    });
    this.syncTimer = setInterval(() => void this.sync().catch((error: unknown) => this.syncFailed(error)), SYNC_MS);
    this.syncTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.syncTimer) clearInterval(this.syncTimer);
    await Promise.allSettled([...this.queues.values()]);
  }

  /** Waits for every queued action (tests). */
  async idle(): Promise<void> {
    while (this.queues.size > 0) await Promise.allSettled([...this.queues.values()]);
  }

  /** The trailing stop's current (ratcheted) level, when the position has one. */
  trailingLevel(orderNo: string): number | undefined {
    return this.triggers.levelOf(trailingId(orderNo));
  }

  /** A failed sync is retried by the next one (it reads from the last success); it is still worth knowing. */
  private syncFailed(error: unknown): void {
    this.syncFailures.inc();
    this.log.error({ err: error instanceof Error ? error.message : String(error) }, 'trading engine sync failed');
  }

  /** Positions changed elsewhere (another instance) are picked up from the database. */
  private async sync(): Promise<void> {
    const since = this.lastSync;
    const started = new Date(this.now());
    const rows = await positionsChangedSince(this.db, since);
    for (const row of rows) {
      // Rows this instance armed itself when they changed are already current.
      const armed = this.open.get(row.order_no);
      if (armed?.updated_at.getTime() === row.updated_at.getTime()) continue;
      if (!armed && row.status !== 'open' && row.status !== 'pending') continue;
      this.arm(row);
    }
    // Overlap a second: a row committed while this query ran is seen next time.
    this.lastSync = new Date(started.getTime() - 1000);
  }

  /** (Re)arms the levels of a position after any change; a finished one is forgotten. */
  arm(row: PositionRow): void {
    const { order_no: orderNo } = row;
    for (const suffix of ['sl', 'tp', 'trail', 'entry']) this.triggers.remove(`${orderNo}:${suffix}`);
    const accountKey = `${row.user_id}|${row.book}|${row.subaccount}`;
    this.balances.delete(accountKey);
    const account = this.accounts.get(accountKey);
    const previous = account?.positions.get(orderNo);
    if (account && previous) {
      this.contribute(account, previous, -1);
      account.positions.delete(orderNo);
    }
    this.open.delete(orderNo);
    const instrument = this.hub.instrumentById(row.instrument_id);
    if (!instrument || (row.status !== 'open' && row.status !== 'pending')) return;
    const code = instrument.code;
    const long = row.side === 'long';
    const add = (level: TriggerLevel) => this.triggers.add(level);
    if (row.status === 'pending' && row.entry_price) {
      // A buy limit waits for a fall, a buy stop for a rise; a sell mirrors it.
      const onFall = (row.order_type === 'limit') === long;
      add({
        id: `${orderNo}:entry`,
        code,
        side: onFall ? 'fall' : 'rise',
        kind: 'entry',
        price: asLevel(row.entry_price),
      });
      return;
    }
    if (row.stop_loss) {
      add({
        id: `${orderNo}:sl`,
        code,
        side: long ? 'fall' : 'rise',
        kind: 'stop_loss',
        price: asLevel(row.stop_loss),
      });
    }
    if (row.take_profit) {
      add({
        id: `${orderNo}:tp`,
        code,
        side: long ? 'rise' : 'fall',
        kind: 'take_profit',
        price: asLevel(row.take_profit),
      });
    }
    if (row.trailing_distance) {
      const distance = Number(row.trailing_distance);
      const reference = Number(this.hub.state(code)?.price ?? row.open_price);
      add({
        id: trailingId(orderNo),
        code,
        side: long ? 'fall' : 'rise',
        kind: 'trailing_stop',
        price: long ? reference - distance : reference + distance,
        trailingDistance: distance,
      });
    }
    this.open.set(orderNo, row);
    const entry = account ?? {
      userId: row.user_id,
      book: row.book,
      subaccount: row.subaccount,
      positions: new Map(),
      exposure: new Map(),
      usedMinor: 0n,
    };
    entry.positions.set(orderNo, row);
    this.accounts.set(accountKey, entry);
    this.contribute(entry, row, 1);
  }

  /** Adds (sign 1) or removes (sign −1) a position's share of its account's exposure. */
  private contribute(account: Account, row: PositionRow, sign: 1 | -1): void {
    account.usedMinor += BigInt(sign) * BigInt(row.margin);
    const instrument = this.hub.instrumentById(row.instrument_id);
    if (!instrument || row.status !== 'open' || row.open_price === null) return;
    const units = sign * (row.side === 'long' ? 1 : -1) * Number(row.lots) * Number(instrument.contract_size);
    const exposure = account.exposure.get(instrument.code) ?? { units: 0, cost: 0, quote: instrument.quote_currency };
    exposure.units += units;
    exposure.cost += units * Number(row.open_price);
    account.exposure.set(instrument.code, exposure);
  }

  /** Whether the estimated margin level (exposures, cached balance) is safely above stop-out. */
  private screensSafe(account: Account, availableMinor: bigint): boolean {
    if (account.usedMinor === 0n) return true;
    let estimate = 0;
    for (const [code, exposure] of account.exposure) {
      const price = Number(this.hub.state(code)?.price ?? Number.NaN);
      if (!Number.isFinite(price)) continue;
      const inQuote = price * exposure.units - exposure.cost;
      estimate +=
        exposure.quote === 'USDT' || exposure.quote === 'USD' ? inQuote : inQuote * this.roughRate(exposure.quote);
    }
    if (!Number.isFinite(estimate)) return false;
    // In minor units: equity = available + used + estimate, safe above SCREEN_PERCENT of used.
    const equityMinor = availableMinor + account.usedMinor + BigInt(Math.trunc(estimate * 1e6));
    return equityMinor * 100n > account.usedMinor * SCREEN_PERCENT;
  }

  private roughRate(quote: string): number {
    const direct = Number(this.hub.state(`USD${quote}`)?.price ?? Number.NaN);
    if (direct > 0) return 1 / direct;
    const inverse = Number(this.hub.state(`${quote}USD`)?.price ?? Number.NaN);
    return inverse > 0 ? inverse : 0;
  }

  private onTick(code: string, price: string, time: number): void {
    const fired = this.triggers.onTick(code, price, time);
    if (fired.length === 0 || !this.hub.ownsFeeds) return;
    for (const item of fired) this.enqueue(item.level.id.split(':')[0] as string, () => this.act(item));
  }

  private async act(item: Fired): Promise<void> {
    const orderNo = item.level.id.split(':')[0] as string;
    const kind = item.level.kind;
    if (kind === 'stop_out') return;
    const level = Decimal.parse(String(item.levelPrice)).toString();
    const row = await this.service.fire(orderNo, kind, item.tickPrice, level);
    if (row) this.log.info({ orderNo, kind, price: item.tickPrice }, 'position level fired');
  }

  private enqueue(key: string, work: () => Promise<void>): void {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const next = previous
      .then(work)
      .catch((error: unknown) =>
        this.log.error({ err: error instanceof Error ? error.message : String(error), key }, 'trading action failed'),
      )
      .finally(() => {
        if (this.queues.get(key) === next) this.queues.delete(key);
      });
    this.queues.set(key, next);
  }

  /** Margin level of the accounts with positions on the instruments that moved. */
  private checkAccounts(codes: Set<string>): void {
    if (!this.hub.ownsFeeds || this.stopped) return;
    for (const [key, account] of this.accounts) {
      if (this.stopOutRunning.has(key)) continue;
      let touched = false;
      for (const code of account.exposure.keys()) if (codes.has(code)) touched = true;
      if (!touched) continue;
      const cached = this.balances.get(key);
      if (cached && this.screensSafe(account, cached.value)) continue;
      this.stopOutRunning.add(key);
      this.enqueue(`account:${key}`, async () => {
        try {
          await this.stopOutIfNeeded(key, account);
        } finally {
          this.stopOutRunning.delete(key);
        }
      });
    }
  }

  private async available(key: string, account: Account, fresh: boolean): Promise<bigint> {
    const cached = this.balances.get(key);
    if (!fresh && cached && this.now() - cached.at < BALANCE_TTL_MS) return cached.value;
    const funds = subaccountAccounts(account.userId, account.subaccount).available;
    const value = await getBalance(this.db, account.book, 'USDT', funds);
    this.balances.set(key, { value, at: this.now() });
    return value;
  }

  /** Equity, used margin and each open position's P&L at the current prices. */
  private measure(account: Account, available: bigint) {
    let used = 0n;
    let unrealised = 0n;
    const losses: Array<{ row: PositionRow; pnl: bigint; price: string }> = [];
    for (const row of account.positions.values()) {
      used += BigInt(row.margin);
      const current = this.service.unrealisedOf(row);
      if (!current) continue;
      unrealised += current.pnl;
      losses.push({ row, ...current });
    }
    return { used, equity: available + used + unrealised, losses };
  }

  private async stopOutIfNeeded(key: string, account: Account): Promise<void> {
    const usd = (minor: bigint) => Decimal.fromMinorUnits(minor, 6);
    const available = await this.available(key, account, false);
    // Every change to an account forgets its cached balance, so the tick after an open lands
    // here: the screen (O(instruments held)) settles the common case before the exact
    // measurement walks every open position.
    if (this.screensSafe(account, available)) return;
    let { used, equity } = this.measure(account, available);
    if (used === 0n || !reachesStopOut(usd(equity), usd(used))) return;
    // Confirmed on a fresh balance before anything is closed.
    for (let round = 0; round < 100; round += 1) {
      const measured = this.measure(account, await this.available(key, account, true));
      ({ used, equity } = measured);
      if (used === 0n || !reachesStopOut(usd(equity), usd(used))) return;
      const worst = measured.losses.sort((a, b) => (a.pnl < b.pnl ? -1 : a.pnl > b.pnl ? 1 : 0))[0];
      if (!worst) return;
      const level = marginLevel(usd(equity), usd(used))?.round(4, 'floor').toString() ?? '0';
      const closed = await this.service.stopOut(worst.row.order_no, worst.price, level);
      if (closed) this.log.warn({ orderNo: worst.row.order_no, marginLevel: level }, 'stop-out closed a position');
    }
  }
}
