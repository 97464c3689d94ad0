import { RollingMeanDeviation } from './indicators.js';
import {
  type Bar,
  NO_ORDERS,
  type OpenOrder,
  type PositionView,
  type StrategyDefinition,
  type StrategyOrder,
} from './strategy.js';

/**
 * Mean reversion on Bollinger bands: over the last `period` closes (the bar's own included),
 * mean m and standard deviation σ. A close below m − width·σ opens a long, above m + width·σ a
 * short (when allowed), each with a stop `stopWidth`·σ beyond the signal bar's close; a
 * position is closed when a close reaches the mean again (long: close ≥ m, short: close ≤ m).
 * A close that exits one side and is beyond the opposite band turns the position round.
 */
export type BollingerReversionParams = {
  readonly period: number;
  readonly width: number;
  readonly stopWidth: number;
  readonly allowShort: boolean;
};

export type BollingerReversionState = {
  readonly stats: RollingMeanDeviation;
  readonly params: BollingerReversionParams;
};

const CLOSE: StrategyOrder = { kind: 'close' };
const CLOSE_ONLY: readonly StrategyOrder[] = Object.freeze([CLOSE]);

function entry(state: BollingerReversionState, close: number, mean: number, sigma: number): OpenOrder | null {
  const { width, stopWidth, allowShort } = state.params;
  if (sigma <= 0) return null;
  if (close < mean - width * sigma) {
    const stopLoss = close - stopWidth * sigma;
    // A stop at or below zero is no stop: volatility that large is not a reversion trade.
    return stopLoss > 0 ? { kind: 'open', side: 'long', stopLoss, takeProfit: null } : null;
  }
  if (allowShort && close > mean + width * sigma) {
    return { kind: 'open', side: 'short', stopLoss: close + stopWidth * sigma, takeProfit: null };
  }
  return null;
}

function step(state: BollingerReversionState, bar: Bar, position: PositionView): readonly StrategyOrder[] {
  const stats = state.stats;
  stats.push(bar.close);
  if (!stats.ready) return NO_ORDERS;
  const mean = stats.mean;
  const sigma = stats.deviation;
  const close = bar.close;
  if (position) {
    const reverted = position.side === 'long' ? close >= mean : close <= mean;
    if (!reverted) return NO_ORDERS;
    const next = entry(state, close, mean, sigma);
    return next ? [CLOSE, next] : CLOSE_ONLY;
  }
  const next = entry(state, close, mean, sigma);
  return next ? [next] : NO_ORDERS;
}

export const bollingerReversion: StrategyDefinition<BollingerReversionParams, BollingerReversionState> = {
  id: 'bollinger-reversion',
  name: 'Bollinger mean reversion',
  description:
    'Mean reversion: long below the lower Bollinger band, short above the upper one, closed when the price is back at the mean, with a stop beyond the entry.',
  parameters: [
    { key: 'period', kind: 'integer', default: 20, min: 2, max: 1000, description: 'bars in the mean and deviation' },
    {
      key: 'width',
      kind: 'decimal',
      default: 2,
      min: 0.1,
      max: 10,
      description: 'band distance from the mean, in standard deviations',
    },
    {
      key: 'stopWidth',
      kind: 'decimal',
      default: 1.5,
      min: 0.1,
      max: 20,
      description: 'stop loss distance beyond the signal close, in standard deviations',
    },
    { key: 'allowShort', kind: 'boolean', default: true, description: 'sell above the upper band' },
  ],
  crossCheck: () => null,
  // The window includes the deciding bar: the period − 1 bars before it.
  warmupBars: (params) => params.period - 1,
  init: (params) => ({ stats: new RollingMeanDeviation(params.period), params }),
  step,
};
