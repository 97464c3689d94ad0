import { RollingMean } from './indicators.js';
import { type Bar, NO_ORDERS, type PositionView, type StrategyDefinition, type StrategyOrder } from './strategy.js';

/**
 * Moving-average trend following: long when the fast simple moving average of closes crosses
 * above the slow one; on the cross below, close the long (and go short when `allowShort`).
 * Only crosses act: a plan started in the middle of a trend waits for the next cross.
 */
export type MaCrossoverParams = {
  readonly fast: number;
  readonly slow: number;
  readonly allowShort: boolean;
};

export type MaCrossoverState = {
  readonly fast: RollingMean;
  readonly slow: RollingMean;
  readonly allowShort: boolean;
  /** Sign of the last non-zero (fast − slow): 1 above, −1 below, 0 before the first. */
  regime: -1 | 0 | 1;
};

const order = (side: 'long' | 'short'): StrategyOrder => ({ kind: 'open', side, stopLoss: null, takeProfit: null });
const CLOSE: StrategyOrder = { kind: 'close' };
const OPEN_LONG: readonly StrategyOrder[] = Object.freeze([order('long')]);
const OPEN_SHORT: readonly StrategyOrder[] = Object.freeze([order('short')]);
const CLOSE_ONLY: readonly StrategyOrder[] = Object.freeze([CLOSE]);
const CLOSE_THEN_LONG: readonly StrategyOrder[] = Object.freeze([CLOSE, order('long')]);
const CLOSE_THEN_SHORT: readonly StrategyOrder[] = Object.freeze([CLOSE, order('short')]);

function step(state: MaCrossoverState, bar: Bar, position: PositionView): readonly StrategyOrder[] {
  state.fast.push(bar.close);
  state.slow.push(bar.close);
  if (!state.slow.ready) return NO_ORDERS;
  const difference = state.fast.value - state.slow.value;
  if (difference === 0) return NO_ORDERS;
  const sign = difference > 0 ? 1 : -1;
  const previous = state.regime;
  state.regime = sign;
  if (previous === 0 || previous === sign) return NO_ORDERS;
  const side = position?.side ?? null;
  if (sign === 1) {
    if (side === 'long') return NO_ORDERS;
    return side === 'short' ? CLOSE_THEN_LONG : OPEN_LONG;
  }
  if (side === 'short') return NO_ORDERS;
  if (side === 'long') return state.allowShort ? CLOSE_THEN_SHORT : CLOSE_ONLY;
  return state.allowShort ? OPEN_SHORT : NO_ORDERS;
}

export const maCrossover: StrategyDefinition<MaCrossoverParams, MaCrossoverState> = {
  id: 'ma-crossover',
  name: 'Moving-average crossover',
  description:
    'Trend following: long when the fast simple moving average of closes crosses above the slow one; the cross below closes it (and goes short if allowed).',
  parameters: [
    { key: 'fast', kind: 'integer', default: 50, min: 2, max: 1000, description: 'bars in the fast average' },
    { key: 'slow', kind: 'integer', default: 200, min: 3, max: 5000, description: 'bars in the slow average' },
    {
      key: 'allowShort',
      kind: 'boolean',
      default: false,
      description: 'go short on the cross below (else only close the long)',
    },
  ],
  crossCheck: (params) =>
    params.fast < params.slow
      ? null
      : {
          key: 'fast',
          code: 'inconsistent',
          message: `the fast average (${params.fast}) must be shorter than the slow one (${params.slow})`,
        },
  // The slow window full: its last bar also tells which side the averages were on (the deciding
  // bar then moves both windows as an uninterrupted run would).
  warmupBars: (params) => params.slow,
  init: (params) => ({
    fast: new RollingMean(params.fast),
    slow: new RollingMean(params.slow),
    allowShort: params.allowShort,
    regime: 0,
  }),
  step,
};
