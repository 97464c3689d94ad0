import { Decimal, formatAmount, MoneyFormatError } from '@openbourse/money';
import {
  DEFAULT_STOP_OUT_LEVEL,
  isUsdQuoted,
  type PositionSide,
  USDT_DECIMALS,
  unrealisedPnl,
  validateStops,
} from '@openbourse/trading-rules';
import { intervalProblem } from './aggregate-candles.js';
import {
  type Candle,
  levelToUnits,
  MINUTE_MS,
  type PriceSeries,
  toPriceSeries,
  unitsToDecimal,
  unitsToNumber,
} from './candles.js';
import { type PnlFactor, pnlAtUnits, pnlAtUnitsFloat64, pnlFactor, stopOutUnits } from './position-math.js';
import { type Strategy, type StrategyRun, strategyById } from './registry.js';
import { type SizingInstrument, sizePosition } from './sizing.js';
import { NO_ORDERS, type OpenOrder, type ParamInput, type ParamValues, type StrategyOrder } from './strategy.js';

/** The instrument a backtest trades: the catalogue's figures, decimal strings. */
export type BacktestInstrument = SizingInstrument & {
  /** 'USDT' or 'USD' (settled 1:1 as USDT); other quotes need a conversion series and are refused. */
  quoteCurrency: string;
  /** Grid of stop levels; the data's own precision when absent. */
  tickSize?: string;
};

export type BacktestInput = {
  /** A strategy id of the registry (`listStrategies`), or a strategy itself. */
  strategy: string | Strategy;
  /** As stored or typed; validated (unknown keys refused, missing ones defaulted). */
  params?: ParamInput;
  /** Candles in time order: one-minute ones (or `candleMinutes` long), or their PriceSeries. */
  candles: readonly Candle[] | PriceSeries;
  /** Length of each candle in minutes: 1 (default), 60 for an hourly file, 1440 for a daily one. */
  candleMinutes?: number;
  /** The strategy's bar, in minutes: a multiple of candleMinutes aligned on UTC (see intervalProblem). */
  interval: number;
  instrument: BacktestInstrument;
  /** Fee on the notional at each open, like the platform ('0.001' is 0.1%). */
  feeRate: string;
  /** Starting cash, USDT. */
  initialCapital: string;
  /** Asked leverage, capped by the instrument's leverageCap. */
  leverage: number;
  /** Share of equity committed as margin by each open (sizePosition), default DEFAULT_MARGIN_SHARE. */
  marginShare?: string;
  /** Margin level at which the position is closed, default the platform's 0.5 (SPEC §0.7). */
  stopOutLevel?: string;
  /** Return every closed trade (`tradeLog`) as well. */
  includeTrades?: boolean;
};

export type CloseReason = 'signal' | 'stop-loss' | 'take-profit' | 'stop-out' | 'end';

/** A closed trade; money in USDT decimal strings, times in ms since the epoch. */
export type BacktestTrade = {
  side: PositionSide;
  lots: string;
  leverage: number;
  openTime: number;
  openPrice: string;
  stopLoss: string | null;
  takeProfit: string | null;
  closeTime: number;
  closePrice: string;
  reason: CloseReason;
  margin: string;
  fee: string;
  pnl: string;
  /** What the balance could not cover and the operator absorbed (negative-balance protection). */
  absorbed: string;
};

export type EquityPoint = { time: number; value: string };

/**
 * Statistics of a run. Money in USDT decimal strings (exact, 6 decimals); ratios as decimal
 * strings with 6 decimals, rounded against the strategy (a return down, a drawdown up, a win
 * rate down); `from` and `to` the period replayed (first open, last close) as ISO-8601 UTC.
 * finalEquity = initialCapital + pnl − fees + absorbed, exactly.
 */
export type BacktestResult = {
  strategy: string;
  params: ParamValues;
  interval: number;
  leverage: number;
  marginShare: string;
  from: string;
  to: string;
  /** Candles replayed. */
  bars: number;
  /** Bars of the strategy's interval it decided on. */
  intervalBars: number;
  trades: number;
  wins: number;
  winRate: string;
  totalReturn: string;
  maxDrawdown: string;
  initialCapital: string;
  finalEquity: string;
  fees: string;
  /** Σ realised P&L of the trades (before fees). */
  pnl: string;
  absorbed: string;
  stopOuts: number;
  /** Opens not placed: below the minimum lots, or stops on the wrong side of the fill price. */
  refusedOrders: number;
  /** Equity at candle closes, at most EQUITY_POINTS points at evenly spaced candles, the last included. */
  equity: EquityPoint[];
  tradeLog?: BacktestTrade[];
};

export const DEFAULT_MARGIN_SHARE = '0.5';
export const EQUITY_POINTS = 200;
const RATIO_DECIMALS = 6;
/** Far above a float64 ratio's rounding error: a fall this close to the worst is compared exactly. */
const DRAWDOWN_SCREEN = 1e-9;

export class BacktestInputError extends RangeError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'BacktestInputError';
  }
}

function decimalField(field: string, text: string): Decimal {
  try {
    return Decimal.parse(text);
  } catch (error) {
    if (error instanceof MoneyFormatError) throw new BacktestInputError(field, `"${text}" is not a decimal`);
    throw error;
  }
}

function positiveField(field: string, text: string): Decimal {
  const value = decimalField(field, text);
  if (!value.isPositive()) throw new BacktestInputError(field, `must be positive, got ${text}`);
  return value;
}

const isSeries = (candles: readonly Candle[] | PriceSeries): candles is PriceSeries =>
  !Array.isArray(candles) && 'scale' in candles;

const ratio = (numerator: bigint, denominator: bigint, rounding: 'floor' | 'ceil'): string =>
  denominator === 0n
    ? '0'
    : Decimal.fromInteger(numerator)
        .div(Decimal.fromInteger(denominator), RATIO_DECIMALS, rounding)
        .toFixed(RATIO_DECIMALS);

const usdt = (minor: bigint) => formatAmount(minor, USDT_DECIMALS);

type Settings = {
  series: PriceSeries;
  run: StrategyRun;
  interval: number;
  candleMinutes: number;
  instrument: BacktestInstrument;
  contractSize: Decimal;
  feeRate: Decimal;
  capital: bigint;
  leverage: number;
  marginShare: Decimal;
  stopOutLevel: Decimal;
  tickUnits: number;
  tickSize: string;
  includeTrades: boolean;
  /** The highest price of the series, in units: bounds every P&L for the float64 fast path. */
  maxUnits: number;
};

function settle(input: BacktestInput): Settings {
  const strategy = typeof input.strategy === 'string' ? strategyById(input.strategy) : input.strategy;
  if (!strategy) throw new BacktestInputError('strategy', `no strategy "${String(input.strategy)}"`);
  const checked = strategy.validateParams(input.params ?? {});
  if (!checked.ok) throw new BacktestInputError(`params.${checked.problem.key}`, checked.problem.message);
  const candleMinutes = input.candleMinutes ?? 1;
  if (!Number.isSafeInteger(candleMinutes) || candleMinutes < 1) {
    throw new BacktestInputError('candleMinutes', `must be a whole number of minutes, got ${candleMinutes}`);
  }
  const intervalIssue = intervalProblem(input.interval, candleMinutes);
  if (intervalIssue) throw new BacktestInputError('interval', intervalIssue);
  const { instrument } = input;
  if (!isUsdQuoted(instrument.quoteCurrency)) {
    throw new BacktestInputError(
      'instrument.quoteCurrency',
      `only USDT and USD quotes, got ${instrument.quoteCurrency}`,
    );
  }
  const contractSize = positiveField('instrument.contractSize', instrument.contractSize);
  const lotStep = positiveField('instrument.lotStep', instrument.lotStep);
  const minLots = positiveField('instrument.minLots', instrument.minLots);
  const maxLots = positiveField('instrument.maxLots', instrument.maxLots);
  if (maxLots.lt(minLots)) throw new BacktestInputError('instrument.maxLots', 'must be at least minLots');
  if (lotStep.gt(maxLots)) throw new BacktestInputError('instrument.lotStep', 'must not exceed maxLots');
  if (!Number.isSafeInteger(instrument.leverageCap) || instrument.leverageCap < 1) {
    throw new BacktestInputError('instrument.leverageCap', `must be a whole number ≥ 1, got ${instrument.leverageCap}`);
  }
  if (!Number.isSafeInteger(input.leverage) || input.leverage < 1) {
    throw new BacktestInputError('leverage', `must be a whole number ≥ 1, got ${input.leverage}`);
  }
  const feeRate = decimalField('feeRate', input.feeRate);
  if (feeRate.isNegative() || feeRate.gte(Decimal.ONE)) throw new BacktestInputError('feeRate', 'must be in [0, 1)');
  const capitalValue = positiveField('initialCapital', input.initialCapital);
  if (capitalValue.scale > USDT_DECIMALS) {
    throw new BacktestInputError('initialCapital', `more than ${USDT_DECIMALS} decimals`);
  }
  const marginShare = positiveField('marginShare', input.marginShare ?? DEFAULT_MARGIN_SHARE);
  if (marginShare.gt(Decimal.ONE)) throw new BacktestInputError('marginShare', 'must be at most 1');
  const stopOutLevel = input.stopOutLevel ? positiveField('stopOutLevel', input.stopOutLevel) : DEFAULT_STOP_OUT_LEVEL;
  const tick = instrument.tickSize ? positiveField('instrument.tickSize', instrument.tickSize) : null;
  const series = isSeries(input.candles) ? input.candles : toPriceSeries(input.candles, tick?.scale ?? 0);
  if (series.length === 0) throw new BacktestInputError('candles', 'no candles');
  if (tick && tick.scale > series.scale) {
    throw new BacktestInputError('instrument.tickSize', `finer than the series' ${series.scale} decimals`);
  }
  const tickUnits = tick ? Number(tick.toMinorUnits(series.scale, 'floor')) : 1;
  let maxUnits = 0;
  for (let i = 0; i < series.length; i++) maxUnits = Math.max(maxUnits, series.high[i] as number);
  return {
    maxUnits,
    series,
    run: strategy.start(checked.params),
    interval: input.interval,
    candleMinutes,
    instrument,
    contractSize,
    feeRate,
    capital: capitalValue.toMinorUnits(USDT_DECIMALS, 'floor'),
    leverage: Math.min(input.leverage, instrument.leverageCap),
    marginShare,
    stopOutLevel,
    tickUnits,
    tickSize: tick ? tick.toString() : Decimal.fromMinorUnits(1n, series.scale).toString(),
    includeTrades: input.includeTrades ?? false,
  };
}

/**
 * The account of a replay: cash (the available balance) and at most one position. Money is
 * bigint USDT minor units; prices are integer units of the series (candles.ts).
 */
class Account {
  cash: bigint;
  fees = 0n;
  pnl = 0n;
  absorbed = 0n;
  trades = 0;
  wins = 0;
  stopOuts = 0;
  refused = 0;
  readonly tradeLog: BacktestTrade[] = [];

  /** 0 flat, 1 long, −1 short. */
  side: 0 | 1 | -1 = 0;
  openUnits = 0;
  openTime = 0;
  lots: Decimal = Decimal.ZERO;
  margin = 0n;
  fee = 0n;
  /** Stop loss, take profit and stop-out prices in units; NaN when not set. */
  stopLoss = Number.NaN;
  takeProfit = Number.NaN;
  stopOut = Number.NaN;
  factor: PnlFactor = { num: 0n, den: 1n };
  view: { side: PositionSide; entryPrice: number } | null = null;

  /**
   * The per-bar equity in float64 when that is exact: cash (+ margin) and the P&L factor as
   * whole numbers below 2^53, and |P&L| bounded below 2^53 by the series' highest price. Integer
   * arithmetic on such float64s is exact, so the figure is the bigint one, only faster; NaN when
   * a figure is too large (then `equityAt` computes in bigint).
   */
  private baseFast = Number.NaN;
  private numFast = 0;
  private denFast = 1;

  constructor(private readonly settings: Settings) {
    this.cash = settings.capital;
    this.prepareFast();
  }

  private prepareFast(): void {
    const limit = BigInt(Number.MAX_SAFE_INTEGER);
    const base = this.side === 0 ? this.cash : this.cash + this.margin;
    const fits = (value: bigint) => value <= limit && value >= -limit;
    if (!fits(base)) {
      this.baseFast = Number.NaN;
      return;
    }
    if (this.side !== 0) {
      const { num, den } = this.factor;
      const bound = this.settings.maxUnits * Number(num);
      if (!fits(num) || !fits(den) || Math.abs(Number(base)) + bound >= Number.MAX_SAFE_INTEGER) {
        this.baseFast = Number.NaN;
        return;
      }
      this.numFast = Number(num);
      this.denFast = Number(den);
    }
    this.baseFast = Number(base);
  }

  /** Equity at a price as an exact float64 integer (minor units), or NaN: see `baseFast`. */
  equityFast(units: number): number {
    const base = this.baseFast;
    if (this.side === 0 || Number.isNaN(base)) return base;
    const side = this.side === 1 ? 'long' : 'short';
    return base + pnlAtUnitsFloat64(side, this.openUnits, units, this.numFast, this.denFast);
  }

  private price(units: number): Decimal {
    return unitsToDecimal(units, this.settings.series.scale);
  }

  execute(order: StrategyOrder, units: number, time: number): void {
    if (order.kind === 'close') {
      if (this.side !== 0) this.close(units, time, 'signal');
    } else if (this.side === 0) {
      this.open(order, units, time);
    }
  }

  private open(order: OpenOrder, units: number, time: number): void {
    const s = this.settings;
    const price = this.price(units);
    const sizing = sizePosition({
      equity: this.cash,
      available: this.cash,
      price,
      leverage: s.leverage,
      marginShare: s.marginShare,
      feeRate: s.feeRate,
      instrument: s.instrument,
    });
    if (!sizing.ok) {
      this.refused++;
      return;
    }
    const scale = s.series.scale;
    const stopLoss = order.stopLoss === null ? Number.NaN : levelToUnits(order.stopLoss, scale, s.tickUnits);
    const takeProfit = order.takeProfit === null ? Number.NaN : levelToUnits(order.takeProfit, scale, s.tickUnits);
    const level = (units: number) => (Number.isNaN(units) ? null : units > 0 ? this.price(units) : '0');
    // The platform refuses stops on the wrong side of the price (STOP_LOSS_UNREASONABLE, …).
    if (validateStops(order.side, price, level(stopLoss), level(takeProfit), { tickSize: s.tickSize }) !== null) {
      this.refused++;
      return;
    }
    this.cash -= sizing.margin + sizing.fee;
    this.fees += sizing.fee;
    this.side = order.side === 'long' ? 1 : -1;
    this.openUnits = units;
    this.openTime = time;
    this.lots = sizing.lots;
    this.margin = sizing.margin;
    this.fee = sizing.fee;
    this.stopLoss = stopLoss;
    this.takeProfit = takeProfit;
    this.factor = pnlFactor(sizing.lots, s.contractSize, scale);
    this.stopOut = stopOutUnits(order.side, units, this.factor, this.cash, this.margin, s.stopOutLevel);
    this.view = { side: order.side, entryPrice: unitsToNumber(units, scale) };
    this.prepareFast();
  }

  close(units: number, time: number, reason: CloseReason): void {
    const s = this.settings;
    const side: PositionSide = this.side === 1 ? 'long' : 'short';
    const openPrice = this.price(this.openUnits);
    const closePrice = this.price(units);
    const pnl = unrealisedPnl(side, this.lots, openPrice, closePrice, s.instrument, Decimal.ONE);
    // The margin comes back first; a loss beyond the balance is absorbed (SPEC §0.7).
    let cash = this.cash + this.margin + pnl;
    let absorbed = 0n;
    if (cash < 0n) {
      absorbed = -cash;
      cash = 0n;
    }
    this.cash = cash;
    this.absorbed += absorbed;
    this.pnl += pnl;
    this.trades++;
    if (pnl - this.fee > 0n) this.wins++;
    if (reason === 'stop-out') this.stopOuts++;
    if (s.includeTrades) {
      const scale = s.series.scale;
      const level = (units: number) => (Number.isNaN(units) ? null : unitsToDecimal(units, scale).toString());
      this.tradeLog.push({
        side,
        lots: this.lots.toString(),
        leverage: s.leverage,
        openTime: this.openTime,
        openPrice: openPrice.toString(),
        stopLoss: level(this.stopLoss),
        takeProfit: level(this.takeProfit),
        closeTime: time,
        closePrice: closePrice.toString(),
        reason,
        margin: usdt(this.margin),
        fee: usdt(this.fee),
        pnl: usdt(pnl),
        absorbed: usdt(absorbed),
      });
    }
    this.side = 0;
    this.margin = 0n;
    this.view = null;
    this.prepareFast();
  }

  /**
   * Stop loss, take profit and stop-out on one candle. A level the candle opens beyond fills at
   * the open (a gap); otherwise the candle's path is unknown, so the worse outcome is assumed:
   * a stop loss or stop-out (whichever the falling price meets first) before a take profit.
   */
  checkLevels(open: number, high: number, low: number, time: number): void {
    const stopLoss = this.stopLoss;
    const stopOut = this.stopOut;
    const takeProfit = this.takeProfit;
    if (this.side === 1) {
      if (open <= stopLoss) this.close(open, time, 'stop-loss');
      else if (open <= stopOut) this.close(open, time, 'stop-out');
      else if (open >= takeProfit) this.close(open, time, 'take-profit');
      else if (low <= stopLoss && !(stopOut > stopLoss)) this.close(stopLoss, time, 'stop-loss');
      else if (low <= stopOut) this.close(stopOut, time, 'stop-out');
      else if (high >= takeProfit) this.close(takeProfit, time, 'take-profit');
    } else {
      if (open >= stopLoss) this.close(open, time, 'stop-loss');
      else if (open >= stopOut) this.close(open, time, 'stop-out');
      else if (open <= takeProfit) this.close(open, time, 'take-profit');
      else if (high >= stopLoss && !(stopOut < stopLoss)) this.close(stopLoss, time, 'stop-loss');
      else if (high >= stopOut) this.close(stopOut, time, 'stop-out');
      else if (low <= takeProfit) this.close(takeProfit, time, 'take-profit');
    }
  }

  /** Equity marked at a price: cash + margin + P&L (exact). */
  equityAt(units: number): bigint {
    if (this.side === 0) return this.cash;
    return this.cash + this.margin + pnlAtUnits(this.side === 1 ? 'long' : 'short', this.openUnits, units, this.factor);
  }
}

/**
 * Replays candles through a strategy with the platform's money rules (issue 18):
 * - the strategy decides on each closed bar of its interval (candles aggregated on UTC
 *   boundaries); its orders fill at the next candle's open (no look-ahead);
 * - an open is sized by `sizePosition`, pays the platform's fee on its notional and holds its
 *   margin (trading-rules `tradeFee`, `requiredMargin`); a close realises `unrealisedPnl`;
 * - stop loss and take profit are checked on every candle's high and low, a gap filling at the
 *   open; the position is stopped out when the margin level at the candle's worst price reaches
 *   the stop-out level (50%), filled at the stop-out price (or the open, on a gap);
 * - the balance never goes below zero: a loss beyond it is absorbed and counted (`absorbed`);
 * - a position still open is closed at the last candle's close.
 * Deterministic: the same input gives the same result.
 */
export function runBacktest(input: BacktestInput): BacktestResult {
  const settings = settle(input);
  const { series, run } = settings;
  const account = new Account(settings);
  const n = series.length;
  const { time, open, high, low, close, volume } = series;
  const scale = series.scale;
  const intervalMs = settings.interval * MINUTE_MS;
  const candleMs = settings.candleMinutes * MINUTE_MS;
  // Equity points at evenly spaced candles, the first and the last included: at most EQUITY_POINTS.
  const points = Math.min(n, EQUITY_POINTS);
  const sampleAt = (k: number) => (points === 1 ? 0 : Math.floor((k * (n - 1)) / (points - 1)));
  let sampled = 0;
  let nextSample = sampleAt(0);
  const equity: EquityPoint[] = [];

  let pending: readonly StrategyOrder[] = NO_ORDERS;
  let intervalBars = 0;
  let barStart = Number.NaN;
  let barOpen = 0;
  let barHigh = 0;
  let barLow = 0;
  let barVolume = 0;
  // Drawdown: the peak so far and the (peak, trough) pair of the worst fall, exact; a float64
  // ratio screens the bars so that the exact comparison runs only near a new worst.
  let peak = settings.capital;
  let peakFast = Number(peak);
  let worstPeak = settings.capital;
  let worstTrough = settings.capital;
  let worstFast = 0;

  for (let i = 0; i < n; i++) {
    const t = time[i] as number;
    const o = open[i] as number;
    const h = high[i] as number;
    const l = low[i] as number;
    const c = close[i] as number;
    if (pending.length > 0) {
      for (const order of pending) account.execute(order, o, t);
      pending = NO_ORDERS;
    }
    if (account.side !== 0) account.checkLevels(o, h, l, t);

    const start = Math.floor(t / intervalMs) * intervalMs;
    if (start !== barStart) {
      barStart = start;
      barOpen = o;
      barHigh = h;
      barLow = l;
      barVolume = volume[i] as number;
    } else {
      if (h > barHigh) barHigh = h;
      if (l < barLow) barLow = l;
      barVolume += volume[i] as number;
    }
    const barEnd = barStart + intervalMs;
    const closesBar = i + 1 < n ? (time[i + 1] as number) >= barEnd : t + candleMs >= barEnd;
    if (closesBar) {
      intervalBars++;
      pending = run.step(
        {
          time: barStart,
          open: unitsToNumber(barOpen, scale),
          high: unitsToNumber(barHigh, scale),
          low: unitsToNumber(barLow, scale),
          close: unitsToNumber(c, scale),
          volume: barVolume,
        },
        account.view,
      );
    }

    if (i === n - 1 && account.side !== 0) account.close(c, t + candleMs, 'end');
    let exact: bigint | null = null;
    let value = account.equityFast(c);
    if (Number.isNaN(value)) {
      exact = account.equityAt(c);
      value = Number(exact);
    }
    if (value > peakFast) {
      peakFast = value;
      peak = exact ?? BigInt(value);
    } else if ((peakFast - value) / peakFast > worstFast - DRAWDOWN_SCREEN) {
      const trough = exact ?? BigInt(value);
      if ((peak - trough) * worstPeak > (worstPeak - worstTrough) * peak) {
        worstPeak = peak;
        worstTrough = trough;
        worstFast = (peakFast - value) / peakFast;
      }
    }
    if (i === nextSample) {
      equity.push({ time: t + candleMs, value: usdt(exact ?? BigInt(value)) });
      sampled++;
      nextSample = sampled < points ? sampleAt(sampled) : -1;
    }
  }

  const finalEquity = account.cash;
  const result: BacktestResult = {
    strategy: run.strategyId,
    params: run.params,
    interval: settings.interval,
    leverage: settings.leverage,
    marginShare: settings.marginShare.toString(),
    from: new Date(time[0] as number).toISOString(),
    to: new Date((time[n - 1] as number) + candleMs).toISOString(),
    bars: n,
    intervalBars,
    trades: account.trades,
    wins: account.wins,
    winRate: ratio(BigInt(account.wins), BigInt(account.trades), 'floor'),
    totalReturn: ratio(finalEquity - settings.capital, settings.capital, 'floor'),
    maxDrawdown: ratio(worstPeak - worstTrough, worstPeak, 'ceil'),
    initialCapital: usdt(settings.capital),
    finalEquity: usdt(finalEquity),
    fees: usdt(account.fees),
    pnl: usdt(account.pnl),
    absorbed: usdt(account.absorbed),
    stopOuts: account.stopOuts,
    refusedOrders: account.refused,
    equity,
  };
  if (settings.includeTrades) result.tradeLog = account.tradeLog;
  return result;
}
