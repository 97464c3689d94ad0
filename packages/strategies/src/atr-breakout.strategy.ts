import { AverageTrueRange, RollingExtreme } from './indicators.js';
import {
  type Bar,
  NO_ORDERS,
  type OpenOrder,
  type PositionView,
  type StrategyDefinition,
  type StrategyOrder,
} from './strategy.js';

/**
 * Donchian breakout with ATR stops: a close above the highest high of the previous `channel`
 * bars opens a long with a stop at close − atrMultiple·ATR(atrPeriod); a close below the lowest
 * low opens a short (when allowed) with its stop at close + atrMultiple·ATR. The exit trails:
 * a long is closed when a close falls below the lowest low of the previous `exitChannel` bars, a
 * short when a close rises above their highest high. A close that exits and breaks out the other
 * way turns the position round.
 */
export type AtrBreakoutParams = {
  readonly channel: number;
  readonly exitChannel: number;
  readonly atrPeriod: number;
  readonly atrMultiple: number;
  readonly allowShort: boolean;
};

export type AtrBreakoutState = {
  readonly params: AtrBreakoutParams;
  readonly entryHigh: RollingExtreme;
  readonly entryLow: RollingExtreme;
  readonly exitHigh: RollingExtreme;
  readonly exitLow: RollingExtreme;
  readonly atr: AverageTrueRange;
};

const CLOSE: StrategyOrder = { kind: 'close' };
const CLOSE_ONLY: readonly StrategyOrder[] = Object.freeze([CLOSE]);

function breakout(state: AtrBreakoutState, close: number, atr: number): OpenOrder | null {
  const { atrMultiple, allowShort } = state.params;
  if (close > state.entryHigh.value) {
    const stopLoss = close - atrMultiple * atr;
    return stopLoss > 0 ? { kind: 'open', side: 'long', stopLoss, takeProfit: null } : null;
  }
  if (allowShort && close < state.entryLow.value) {
    return { kind: 'open', side: 'short', stopLoss: close + atrMultiple * atr, takeProfit: null };
  }
  return null;
}

function decide(state: AtrBreakoutState, bar: Bar, position: PositionView): readonly StrategyOrder[] {
  // The channels are those of the bars before this one; the ATR includes this bar's range.
  if (!state.entryHigh.ready || !state.exitHigh.ready || !state.atr.ready) return NO_ORDERS;
  const close = bar.close;
  const atr = state.atr.value;
  if (position) {
    const exits = position.side === 'long' ? close < state.exitLow.value : close > state.exitHigh.value;
    if (!exits) return NO_ORDERS;
    const next = breakout(state, close, atr);
    return next && next.side !== position.side ? [CLOSE, next] : CLOSE_ONLY;
  }
  const next = breakout(state, close, atr);
  return next ? [next] : NO_ORDERS;
}

function step(state: AtrBreakoutState, bar: Bar, position: PositionView): readonly StrategyOrder[] {
  state.atr.push(bar.high, bar.low, bar.close);
  const orders = decide(state, bar, position);
  state.entryHigh.push(bar.high);
  state.entryLow.push(bar.low);
  state.exitHigh.push(bar.high);
  state.exitLow.push(bar.low);
  return orders;
}

export const atrBreakout: StrategyDefinition<AtrBreakoutParams, AtrBreakoutState> = {
  id: 'atr-breakout',
  name: 'Breakout with ATR stops',
  description:
    'Breakout: long above the highest high of the channel, short below its lowest low, a stop a multiple of the average true range from the entry, and a trailing exit on the shorter channel.',
  parameters: [
    { key: 'channel', kind: 'integer', default: 20, min: 2, max: 1000, description: 'bars in the breakout channel' },
    {
      key: 'exitChannel',
      kind: 'integer',
      default: 10,
      min: 1,
      max: 1000,
      description: 'bars in the trailing exit channel',
    },
    {
      key: 'atrPeriod',
      kind: 'integer',
      default: 14,
      min: 1,
      max: 1000,
      description: 'bars in the average true range',
    },
    {
      key: 'atrMultiple',
      kind: 'decimal',
      default: 2,
      min: 0.1,
      max: 20,
      description: 'stop loss distance from the entry, in average true ranges',
    },
    { key: 'allowShort', kind: 'boolean', default: true, description: 'sell below the channel' },
  ],
  crossCheck: (params) =>
    params.exitChannel <= params.channel
      ? null
      : {
          key: 'exitChannel',
          code: 'inconsistent',
          message: `the exit channel (${params.exitChannel}) must not be longer than the breakout channel (${params.channel})`,
        },
  // Before the deciding bar: the channels' bars, and the atrPeriod − 1 ranges before it with the
  // close before the oldest of them (a true range reads the previous close).
  warmupBars: (params) => Math.max(params.channel, params.exitChannel, params.atrPeriod),
  init: (params) => ({
    params,
    entryHigh: new RollingExtreme(params.channel, 'max'),
    entryLow: new RollingExtreme(params.channel, 'min'),
    exitHigh: new RollingExtreme(params.exitChannel, 'max'),
    exitLow: new RollingExtreme(params.exitChannel, 'min'),
    atr: new AverageTrueRange(params.atrPeriod),
  }),
  step,
};
