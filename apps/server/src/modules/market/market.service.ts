import {
  CANDLE_INTERVAL_MS,
  type CandleInterval,
  MAX_CANDLES_PER_REQUEST,
  MAX_WATCHLIST,
  type MarketType,
  type TCandlesResponse,
  type TMarketInfo,
  type TMarketItem,
  type TRealtimePrice,
  type TStats,
} from '@openbourse/contracts';
import type { DbView } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import { PreserializedData } from '../../platform/http/preserialized.js';
import { countUsers, type IdentityTables } from '../identity/index.js';
import { pricePrecision } from './catalogue/instruments.js';
import { createFeeSchedule, type FeeSchedule } from './fee-schedule.js';
import {
  addToWatchlist,
  aggregateCandles,
  listWatchlist,
  maxFeeRate,
  removeFromWatchlist,
} from './market.repository.js';
import type { MarketTables } from './market.tables.js';
import type { Instrument, MarketHub } from './market-hub.js';
import { type MinuteCandle, toWireCandle } from './price-state.js';
import { nextChangeAfter, TRADING_HOURS } from './trading-hours.js';

/** The market module's use cases, answered from the hub's memory wherever they can be. */
export type MarketService = ReturnType<typeof createMarketService>;

/** Candles a request gets when it names no start. */
const DEFAULT_CANDLES = 300;

/** The market's tables, and identity's through its public face (the stats count users). */
type MarketDb = DbView<MarketTables & IdentityTables>;
const STATS_TTL_MS = 10_000;
const LIST_TTL_MS = 1000;

export type MarketServiceOptions = {
  now: () => number;
  /** The 24-hour traded notional, measured by trading; '0' where nothing can trade. */
  tradedVolume24h?: () => Promise<string>;
  /** Shared with trading, so the rate shown is the rate charged. */
  feeSchedule?: FeeSchedule;
  /** TRADING_USD_IS_USDT: whether USD amounts settle in USDT at 1:1 (told to the ticket). */
  usdSettledAsUsdt?: boolean;
};

export function createMarketService(db: MarketDb, hub: MarketHub, options: MarketServiceOptions) {
  const now = options.now;
  const tradedVolume24h = options.tradedVolume24h ?? (async () => '0');
  const feeSchedule = options.feeSchedule ?? createFeeSchedule(db, now);
  const usdSettledAsUsdt = options.usdSettledAsUsdt ?? true;
  const requireInstrument = (code: string): Instrument => {
    const instrument = hub.instrument(code);
    if (!instrument) throw new AppError('UNKNOWN_INSTRUMENT');
    return instrument;
  };

  /** What a price read and a market item share: the price, its 24 h change, source and status. */
  const realtimePrice = (instrument: Instrument, at: number): TRealtimePrice => {
    const state = hub.state(instrument.code);
    const tradable = hub.isTradableAt(instrument, new Date(at));
    return {
      id: instrument.id,
      code: instrument.code,
      price: state?.price ?? null,
      zdf: state?.changeRatio() ?? null,
      time: state?.time ?? null,
      source: instrument.feed ?? 'none',
      // A closed market's last price is its close, not a stale price.
      stale: tradable && hub.isStale(instrument.code),
      tradable,
    };
  };

  const marketItem = (instrument: Instrument, at: number): TMarketItem => {
    const { price, zdf, source, stale, tradable, time } = realtimePrice(instrument, at);
    const day = hub.state(instrument.code)?.dayStats() ?? { high: null, low: null, volume: null };
    return {
      id: instrument.id,
      code: instrument.code,
      type: instrument.type as MarketType,
      appName: instrument.name,
      logo: `/market-logos/${encodeURIComponent(instrument.code)}.svg`,
      price,
      nowPrice: price,
      zdf,
      hundred: hub.state(instrument.code)?.sparkline() ?? [],
      source,
      stale,
      tradable,
      precision: pricePrecision(
        price === null ? Number(instrument.reference_price) : Number(price),
        instrument.tick_size,
      ),
      high24h: day.high,
      low24h: day.low,
      // FX feeds carry no traded volume: say "none" rather than a zero that looks measured.
      volume24h: instrument.type === 1 ? null : day.volume,
      time,
    };
  };

  // The home list is read far more often than prices move enough to matter: each type's
  // serialised answer is kept for up to a second.
  const listCache = new Map<number, { at: number; answer: PreserializedData<TMarketItem[]> }>();
  let statsCache: { at: number; stats: TStats } | null = null;

  return {
    /**
     * The type's market items, serialised once per second at most; the answer object also keeps
     * its whole, compressed HTTP bodies for that second.
     */
    listMarketByType(type: number): PreserializedData<TMarketItem[]> {
      const at = now();
      const cached = listCache.get(type);
      if (cached && at - cached.at < LIST_TTL_MS) return cached.answer;
      const items = hub
        .instruments()
        .filter((instrument) => instrument.type === type)
        .map((instrument) => marketItem(instrument, at));
      const answer = new PreserializedData<TMarketItem[]>(JSON.stringify(items));
      listCache.set(type, { at, answer });
      return answer;
    },

    async getMarketInfo(code: string): Promise<TMarketInfo> {
      const instrument = requireInstrument(code);
      const at = now();
      const state = hub.state(code);
      const day = state?.dayStats() ?? { high: null, low: null, volume: null };
      const hours = TRADING_HOURS[instrument.hours];
      const next = nextChangeAfter(instrument.hours, new Date(at));
      return {
        ...marketItem(instrument, at),
        description: instrument.description,
        baseCurrency: instrument.base_currency,
        quoteCurrency: instrument.quote_currency,
        tickSize: instrument.tick_size,
        contractSize: instrument.contract_size,
        leverageCap: instrument.leverage_cap,
        minLots: instrument.min_lots,
        maxLots: instrument.max_lots,
        lotStep: instrument.lot_step,
        feeRate: await feeSchedule.rateOf(instrument.asset_class),
        usdSettledAsUsdt,
        hours: {
          timeZone: hours.timeZone,
          label: hours.label,
          sessions: hours.sessions,
          nextChange: next ? next.toISOString() : null,
        },
        high24h: day.high,
        low24h: day.low,
        // FX feeds carry no traded volume: say "none" rather than a zero that looks measured.
        volume24h: instrument.type === 1 ? null : day.volume,
        updatedAt: state?.time ? new Date(state.time).toISOString() : null,
      };
    },

    getPrice(id: number): TRealtimePrice {
      const instrument = hub.instrumentById(id);
      if (!instrument) throw new AppError('UNKNOWN_INSTRUMENT');
      return realtimePrice(instrument, now());
    },

    realtimePrice(code: string): TRealtimePrice {
      return realtimePrice(requireInstrument(code), now());
    },

    realtimePrices(codes: string[]): TRealtimePrice[] {
      const at = now();
      return [...new Set(codes)].map((code) => realtimePrice(requireInstrument(code), at));
    },

    async candles(query: {
      code: string;
      interval: CandleInterval;
      from?: string;
      to?: string;
    }): Promise<TCandlesResponse> {
      const instrument = requireInstrument(query.code);
      const intervalMs = CANDLE_INTERVAL_MS[query.interval];
      // Without an end, up to the latest price the feed sent (a replay's latest is in its past).
      const latest = hub.state(query.code)?.time ?? now();
      const to = query.to ? Date.parse(query.to) : latest + intervalMs;
      const from = query.from ? Date.parse(query.from) : to - DEFAULT_CANDLES * intervalMs;
      if (!(to > from)) throw new AppError('TIME_RANGE_INVALID');
      if ((to - from) / intervalMs > MAX_CANDLES_PER_REQUEST) throw new AppError('TIME_RANGE_TOO_LARGE');
      const source = instrument.feed;
      if (!source) return { code: instrument.code, interval: query.interval, source: 'none', candles: [] };
      const candles = await aggregateCandles(db, {
        instrumentId: instrument.id,
        source,
        intervalMs,
        from: new Date(from),
        to: new Date(to),
      });
      return { code: instrument.code, interval: query.interval, source, candles: candles.map(toWireCandle) };
    },

    /**
     * The stored 1-minute candles of an instrument's feed in [from, to), oldest first, with the
     * feed named (a smart plan's strategy and its backtest, issue 18). No request limit: callers
     * are the server's own, asking for the windows they need.
     */
    async minuteCandles(
      code: string,
      from: number,
      to: number,
    ): Promise<{ source: string | null; candles: MinuteCandle[] }> {
      const instrument = requireInstrument(code);
      if (!instrument.feed || !(to > from)) return { source: instrument.feed, candles: [] };
      const candles = await aggregateCandles(db, {
        instrumentId: instrument.id,
        source: instrument.feed,
        intervalMs: 60_000,
        from: new Date(from),
        to: new Date(to),
      });
      return { source: instrument.feed, candles };
    },

    /** Measured home figures (SPEC §0.5): counted, never typed in. */
    async stats(): Promise<TStats> {
      const at = now();
      if (statsCache && at - statsCache.at < STATS_TTL_MS) return statsCache.stats;
      const stats: TStats = {
        registeredUsers: await countUsers(db),
        listedCryptocurrencies: hub.instruments().filter((instrument) => instrument.type === 2).length,
        tradedVolume24h: await tradedVolume24h(),
        maxFeeRate: await maxFeeRate(db),
      };
      statsCache = { at, stats };
      return stats;
    },

    async watchlist(userId: string): Promise<string[]> {
      const ids = await listWatchlist(db, userId);
      return ids.flatMap((id) => {
        const instrument = hub.instrumentById(id);
        return instrument ? [instrument.code] : [];
      });
    },

    async addToWatchlist(userId: string, code: string): Promise<string[]> {
      const instrument = requireInstrument(code);
      if (!(await addToWatchlist(db, userId, instrument.id, MAX_WATCHLIST))) throw new AppError('WATCHLIST_FULL');
      return this.watchlist(userId);
    },

    async removeFromWatchlist(userId: string, code: string): Promise<string[]> {
      const instrument = requireInstrument(code);
      await removeFromWatchlist(db, userId, instrument.id);
      return this.watchlist(userId);
    },

    /** The instrument's logo (an SVG), or null for an unknown code. */
    logoOf(code: string) {
      return hub.instrument(code)?.logo ?? null;
    },
  };
}
