import type { DbView } from '../../platform/db/database.js';
import { seededRandom } from '../../platform/random.js';
import type { StartupWork } from '../../platform/readiness/readiness.js';
import { BinanceFeed } from './feeds/binance-feed.js';
import { ReplayFeed, replayCodes } from './feeds/replay-feed.js';
import { SandboxFeed, simulateHistory } from './feeds/sandbox-feed.js';
import { TestFeed } from './feeds/test-feed.js';
import {
  type CandleWrite,
  findInstrumentsWithCandlesSince,
  type InstrumentRow,
  insertMissingCandles,
  listInstruments,
  loadRecentMinutes,
  releaseAdvisoryLock,
  tryAdvisoryLock,
  upsertCandles,
} from './market.repository.js';
import type { MarketTables } from './market.tables.js';
import type { FeedAdapter, InstrumentSeed, RawTick } from './market.types.js';
import { type MinuteCandle, type NormalisedTick, PriceState } from './price-state.js';
import type { TickBus } from './tick-bus.js';
import { isOpenAt } from './trading-hours.js';

/**
 * The market-data pipeline (DESIGN.md "Realtime"): feed adapter → normaliser (code, price,
 * time, source) → last-price state and one-minute candles → listeners (sockets now, the
 * trigger engine later) and, across instances, the tick bus.
 *
 * Feeds run on one instance at a time: the one holding a PostgreSQL advisory lock. It
 * persists the candles and publishes its ticks; the others only listen. Each instrument is
 * bound to exactly one feed by configuration: ticks for it from any other feed are dropped,
 * so a source never silently replaces another, and a quiet feed shows as stale.
 */

export type FeedName = 'sandbox' | 'replay' | 'binance' | 'test';
export const FEED_NAMES: readonly FeedName[] = ['sandbox', 'replay', 'binance', 'test'];

export type MarketHubConfig = {
  /** Feeds in order of preference; an instrument takes the first that can serve it. */
  feeds: FeedName[];
  replayDir?: string;
  replaySpeed: number;
  sandboxIntervalMs: number;
  /** Minutes of sandbox history to create for an instrument that has none in the last day. */
  sandboxBackfillMinutes: number;
  binanceUrl?: string;
  /** Codes the `test` feed serves (NODE_ENV=test only; config.ts refuses it otherwise). */
  testCodes?: readonly string[];
  staleAfterMs: number;
  /** How often forming candles are written. */
  candleFlushMs: number;
  /** Retry period for an instance waiting to take over the feeds. */
  ownershipRetryMs: number;
};

export type Logger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export type Instrument = InstrumentRow & { seed: InstrumentSeed; feed: FeedName | null };

const FEED_LOCK_KEY = 5_050_505; // pg advisory lock: "the market feeds run here"
/** The part readiness names while the sandbox's simulated past is being made and written. */
export const SANDBOX_BACKFILL_PART = 'market-backfill';
/** Rows per INSERT of the backfill (eight parameters, each an array of this length). */
const BACKFILL_ROWS_PER_STATEMENT = 10_000;
const PRICE = /^\d{1,20}(\.\d{1,12})?$/;

function toSeed(row: InstrumentRow): InstrumentSeed {
  return {
    code: row.code,
    type: row.type as InstrumentSeed['type'],
    assetClass: row.asset_class,
    name: row.name,
    base: row.base_currency,
    quote: row.quote_currency,
    description: row.description,
    tickSize: row.tick_size,
    contractSize: row.contract_size,
    minLots: row.min_lots,
    maxLots: row.max_lots,
    lotStep: row.lot_step,
    hours: row.hours,
    referencePrice: row.reference_price,
    logo: row.logo,
    feedSymbols: row.feed_symbols,
  };
}

/** Which feed serves each instrument: the first configured feed able to. */
export function bindFeeds(
  instruments: InstrumentSeed[],
  feeds: readonly FeedName[],
  replayDir: string | undefined,
  testCodes: readonly string[] = [],
): Map<string, FeedName | null> {
  const replayable = replayDir ? replayCodes(replayDir) : new Set<string>();
  const testable = new Set(testCodes);
  return new Map(
    instruments.map((instrument) => {
      const feed = feeds.find((name) => {
        if (name === 'sandbox') return true;
        if (name === 'replay') return replayable.has(instrument.code);
        if (name === 'test') return testable.has(instrument.code);
        return Boolean(instrument.feedSymbols?.binance);
      });
      return [instrument.code, feed ?? null];
    }),
  );
}

export class MarketHub {
  private instrumentList: Instrument[] = [];
  private readonly byCode = new Map<string, Instrument>();
  private readonly byId = new Map<number, Instrument>();
  private readonly states = new Map<string, PriceState>();
  private readonly closures = new Map<string, ReadonlyArray<readonly [number, number]>>();
  private readonly listeners: Array<(ticks: NormalisedTick[]) => void> = [];
  private readonly dirty = new Map<string, CandleWrite>();
  private adapters: FeedAdapter[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private ownershipTimer: NodeJS.Timeout | null = null;
  private releaseOwnership: (() => void) | null = null;
  private ownershipHeld: Promise<void> | null = null;
  private stopped = false;
  private flushing: Promise<void> = Promise.resolve();
  private backfilling: Promise<void> = Promise.resolve();
  /** True on the instance whose feeds are running. */
  ownsFeeds = false;
  /** Version of the price data, bumped by every tick (cache keys use it). */
  version = 0;

  constructor(
    private readonly db: DbView<MarketTables>,
    private readonly config: MarketHubConfig,
    private readonly bus: TickBus,
    private readonly log: Logger,
    private readonly now: () => number,
    /** Where slow start-up work goes: it runs after the server listens, and readiness names it. */
    private readonly startup: StartupWork,
    /** Tests inject adapters; otherwise they are built from the configuration. */
    private readonly adapterFactory?: (feed: FeedName) => FeedAdapter | null,
  ) {}

  async start(): Promise<void> {
    const rows = await listInstruments(this.db);
    const seeds = rows.map(toSeed);
    const bindings = bindFeeds(seeds, this.config.feeds, this.config.replayDir, this.config.testCodes);
    this.instrumentList = rows.map((row, index) => ({
      ...row,
      seed: seeds[index] as InstrumentSeed,
      feed: bindings.get(row.code) ?? null,
    }));
    for (const instrument of this.instrumentList) {
      this.byCode.set(instrument.code, instrument);
      this.byId.set(instrument.id, instrument);
      this.states.set(instrument.code, new PriceState(instrument.feed ?? 'none'));
    }
    await this.restore();
    this.bus.onRemoteTicks((ticks) => this.applyTicks(ticks, false));
    await this.bus.ready();
    if (this.config.feeds.length > 0) await this.tryTakeFeeds();
  }

  /** The listed instruments: the enabled ones, in catalogue order. */
  instruments(): readonly Instrument[] {
    return this.instrumentList.filter((instrument) => instrument.enabled);
  }

  /** Every instrument, disabled ones too (the back office; prices of open positions). */
  allInstruments(): readonly Instrument[] {
    return this.instrumentList;
  }

  /**
   * An operator's change to an instrument's settings (issue 14), from this instance or another:
   * the instrument object is updated in place, so every holder of it (trading's checks, the
   * listings) sees the new switch, leverage cap and lots from the next request on.
   */
  applySettings(row: Pick<InstrumentRow, 'code' | 'enabled' | 'leverage_cap' | 'min_lots' | 'max_lots'>): void {
    const instrument = this.byCode.get(row.code);
    if (!instrument) return;
    instrument.enabled = row.enabled;
    instrument.leverage_cap = row.leverage_cap;
    instrument.min_lots = row.min_lots;
    instrument.max_lots = row.max_lots;
    instrument.seed.minLots = row.min_lots;
    instrument.seed.maxLots = row.max_lots;
  }

  /** Any instrument by code, enabled or not: opening a position checks `enabled` itself. */
  instrument(code: string): Instrument | undefined {
    return this.byCode.get(code);
  }

  instrumentById(id: number): Instrument | undefined {
    return this.byId.get(id);
  }

  state(code: string): PriceState | undefined {
    return this.states.get(code);
  }

  /** Normalised ticks as they are applied, from this instance's feeds or another's. */
  onTicks(listener: (ticks: NormalisedTick[]) => void): void {
    this.listeners.push(listener);
  }

  /**
   * The operators' standing closures of an instrument (trading-hours overrides, issue 14), as
   * [from, until) instants; replaced whole on each change, on every instance.
   */
  setClosures(code: string, windows: ReadonlyArray<readonly [number, number]>): void {
    if (windows.length === 0) this.closures.delete(code);
    else this.closures.set(code, windows);
  }

  /** Whether the instrument trades at `at`: its schedule is open and no operator closed it then. */
  isTradableAt(instrument: Pick<Instrument, 'code' | 'hours'>, at: Date): boolean {
    if (!isOpenAt(instrument.hours, at)) return false;
    // Asked on every price list and order: nothing more than a map miss for an instrument no one closed.
    const windows = this.closures.get(instrument.code);
    if (!windows) return true;
    const instant = at.getTime();
    return !windows.some(([from, until]) => from <= instant && instant < until);
  }

  isStale(code: string): boolean {
    const state = this.states.get(code);
    return !state || state.isStale(this.now(), this.config.staleAfterMs);
  }

  /** Writes the forming minutes now (tests; shutdown). */
  async flush(): Promise<void> {
    const run = this.flushing.then(async () => {
      if (this.dirty.size === 0) return;
      const writes = [...this.dirty.values()].map((write) => ({ ...write, candle: { ...write.candle } }));
      this.dirty.clear();
      for (let start = 0; start < writes.length; start += 5000) {
        await upsertCandles(this.db, writes.slice(start, start + 5000));
      }
    });
    this.flushing = run.catch((error: unknown) => {
      this.log.error({ err: error instanceof Error ? error.message : String(error) }, 'could not write candles');
    });
    return run;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.ownershipTimer) clearTimeout(this.ownershipTimer);
    await Promise.allSettled(this.adapters.map((adapter) => adapter.stop()));
    this.adapters = [];
    if (this.flushTimer) clearInterval(this.flushTimer);
    // A backfill in progress sees `stopped` and ends between steps; wait for it before the pool closes.
    await this.backfilling;
    if (this.ownsFeeds) {
      // The last forming minutes; a failure here loses at most those and must not stop the shutdown.
      await this.flush().catch((error: unknown) => {
        this.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'last candle flush failed');
      });
    }
    this.releaseOwnership?.();
    await this.ownershipHeld;
    this.ownsFeeds = false;
  }

  private async restore(): Promise<void> {
    const bound = this.instrumentList.filter((instrument) => instrument.feed !== null);
    const history = await loadRecentMinutes(
      this.db,
      bound.map((instrument) => ({ instrumentId: instrument.id, source: instrument.feed as string })),
    );
    for (const instrument of bound) {
      const minutes = history.get(instrument.id);
      if (minutes) this.states.get(instrument.code)?.restore(minutes);
    }
  }

  /** Holds the feed lock on one pooled connection for as long as this instance runs the feeds. */
  private async tryTakeFeeds(): Promise<void> {
    if (this.stopped) return;
    let acquired: (value: boolean) => void = () => {};
    const decided = new Promise<boolean>((resolve) => {
      acquired = resolve;
    });
    this.ownershipHeld = this.db
      .connection()
      .execute(async (connection) => {
        const ok = await tryAdvisoryLock(connection, FEED_LOCK_KEY);
        acquired(ok);
        if (!ok) return;
        await new Promise<void>((resolve) => {
          this.releaseOwnership = resolve;
        });
        await releaseAdvisoryLock(connection, FEED_LOCK_KEY);
      })
      .catch((error: unknown) => {
        acquired(false);
        this.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'feed lock connection failed');
      });
    if (!(await decided)) {
      this.ownershipTimer = setTimeout(() => void this.tryTakeFeeds(), this.config.ownershipRetryMs);
      this.ownershipTimer.unref();
      return;
    }
    this.ownsFeeds = true;
    this.log.info({ feeds: this.config.feeds }, 'this instance runs the market feeds');
    await this.startFeeds();
  }

  private async startFeeds(): Promise<void> {
    this.flushTimer = setInterval(() => void this.flush(), this.config.candleFlushMs);
    this.flushTimer.unref();
    for (const feed of this.config.feeds) {
      const instruments = this.instrumentList.filter((instrument) => instrument.feed === feed);
      if (instruments.length === 0) continue;
      // Which instruments lack a simulated past is decided before their live ticks start writing
      // candles; the past itself is made and written after the server listens (issue 13, fix 7).
      if (feed === 'sandbox') await this.planSandboxBackfill(instruments);
      const adapter = this.adapterFactory ? this.adapterFactory(feed) : this.buildAdapter(feed);
      if (!adapter) continue;
      this.adapters.push(adapter);
      await adapter.start(
        instruments.map((instrument) => instrument.seed),
        {
          ticks: (ticks) => this.ingest(feed, ticks),
          alive: () => {},
          status: (event) => this.log.info({ feed, ...event }, 'market feed status'),
        },
      );
    }
  }

  private buildAdapter(feed: FeedName): FeedAdapter | null {
    if (feed === 'sandbox') {
      return new SandboxFeed({
        intervalMs: this.config.sandboxIntervalMs,
        startPrice: (seed) => this.states.get(seed.code)?.price ?? seed.referencePrice,
        now: this.now,
      });
    }
    if (feed === 'replay') {
      if (!this.config.replayDir) return null;
      return new ReplayFeed({
        directory: this.config.replayDir,
        speed: this.config.replaySpeed,
        log: this.log,
        now: this.now,
      });
    }
    if (feed === 'test') return this.testFeed;
    return new BinanceFeed({ url: this.config.binanceUrl, logger: this.log, now: this.now });
  }

  /** Prices pushed by browser journeys (see market.routes.ts `registerTestFeedRoute`). */
  readonly testFeed = new TestFeed();

  /**
   * A fresh sandbox gets a day of its own simulated past, so charts and the 24 h change have
   * data. Instruments with any sandbox candle in the window keep what they have (a gap while the
   * server was down stays a gap). The live ticks start now, from the price the past ends at; the
   * past (minutes before this one, so never a minute the live feed writes) is simulated and
   * written in bulk after the server listens, while readiness names `market-backfill`. Until it
   * lands, prices are live and charts show the minutes that exist.
   */
  private async planSandboxBackfill(instruments: Instrument[]): Promise<void> {
    const minutes = this.config.sandboxBackfillMinutes;
    if (minutes <= 0) return;
    const end = this.now();
    const since = new Date(end - minutes * 60_000);
    const withPast = await findInstrumentsWithCandlesSince(
      this.db,
      instruments.map((instrument) => instrument.id),
      'sandbox',
      since,
    );
    const fresh = instruments.filter((instrument) => !withPast.has(instrument.id));
    if (fresh.length === 0) return;
    this.startup.afterListen(SANDBOX_BACKFILL_PART, () => {
      this.backfilling = this.backfillSandbox(fresh, end);
      return this.backfilling;
    });
  }

  private async backfillSandbox(instruments: Instrument[], end: number): Promise<void> {
    const startedAt = performance.now();
    const random = seededRandom(end);
    const pasts: Array<{ instrument: Instrument; minutes: MinuteCandle[] }> = [];
    for (const instrument of instruments) {
      if (this.stopped) return;
      pasts.push({
        instrument,
        minutes: simulateHistory(
          instrument.seed,
          instrument.reference_price,
          this.config.sandboxBackfillMinutes,
          end,
          random,
        ),
      });
      // One instrument at a time, then the event loop: requests and live ticks are not held up.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const simulatedMs = performance.now() - startedAt;
    // In memory first: the list's sparklines and 24 h change have the past at once.
    for (const { instrument, minutes } of pasts) this.states.get(instrument.code)?.prepend(minutes);
    this.version += 1;
    const writes: CandleWrite[] = pasts.flatMap(({ instrument, minutes }) =>
      minutes.map((candle) => ({ instrumentId: instrument.id, source: 'sandbox', candle })),
    );
    if (this.stopped) return;
    await insertMissingCandles(this.db, writes, BACKFILL_ROWS_PER_STATEMENT);
    this.log.info(
      {
        candles: writes.length,
        instruments: pasts.length,
        simulatedMs: Math.round(simulatedMs),
        totalMs: Math.round(performance.now() - startedAt),
      },
      'sandbox history created (labelled sandbox)',
    );
  }

  /** The normaliser: a feed's raw ticks for instruments bound to it, validated, then applied. */
  ingest(feed: FeedName, raw: RawTick[]): void {
    const ticks: NormalisedTick[] = [];
    for (const tick of raw) {
      const instrument = this.byCode.get(tick.code);
      if (!instrument || instrument.feed !== feed) continue;
      if (!PRICE.test(tick.price) || Number(tick.price) <= 0 || !Number.isFinite(tick.time)) continue;
      if (tick.volume !== undefined && !PRICE.test(tick.volume)) continue;
      ticks.push({ code: tick.code, price: tick.price, time: tick.time, source: feed, volume: tick.volume });
    }
    if (ticks.length === 0) return;
    this.applyTicks(ticks, true);
    this.bus.publish(ticks);
  }

  private applyTicks(ticks: NormalisedTick[], isLocal: boolean): void {
    const receivedAt = this.now();
    const applied: NormalisedTick[] = [];
    for (const tick of ticks) {
      const instrument = this.byCode.get(tick.code);
      const state = this.states.get(tick.code);
      // A remote instance may run a different binding; only its ticks for our own binding count.
      if (!instrument || !state || instrument.feed !== tick.source) continue;
      const candle: MinuteCandle | null = state.apply(tick, receivedAt);
      if (!candle) continue;
      applied.push(tick);
      if (isLocal) {
        this.dirty.set(`${instrument.id}|${candle.openTime}`, {
          instrumentId: instrument.id,
          source: tick.source,
          candle,
        });
      }
    }
    if (applied.length === 0) return;
    this.version += 1;
    for (const listener of this.listeners) listener(applied);
  }
}
