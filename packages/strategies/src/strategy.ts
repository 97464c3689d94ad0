import type { PositionSide } from '@openbourse/trading-rules';

export type { PositionSide };

/**
 * A closed bar of the strategy's interval, as float64 (see indicators.ts: indicators are
 * statistics; the money is computed exactly by the backtest and the trading engine).
 */
export type Bar = {
  /** Open time of the bar, ms since the epoch (UTC). */
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
};

/** The strategy's view of its position: none, or its side and entry price. */
export type PositionView = { readonly side: PositionSide; readonly entryPrice: number } | null;

/**
 * What a strategy asks for, filled at the next price (the next bar's open in a backtest):
 * open a position (flat only; a stop loss / take profit is a price level, rounded by the
 * executor to the instrument's tick grid), or close the position it has.
 */
export type StrategyOrder =
  | {
      readonly kind: 'open';
      readonly side: PositionSide;
      readonly stopLoss: number | null;
      readonly takeProfit: number | null;
    }
  | { readonly kind: 'close' };

export type OpenOrder = Extract<StrategyOrder, { kind: 'open' }>;

export type IntegerParameter = {
  readonly key: string;
  readonly kind: 'integer';
  readonly default: number;
  readonly min: number;
  readonly max: number;
  readonly description: string;
};

export type DecimalParameter = {
  readonly key: string;
  readonly kind: 'decimal';
  readonly default: number;
  readonly min: number;
  readonly max: number;
  readonly description: string;
};

export type BooleanParameter = {
  readonly key: string;
  readonly kind: 'boolean';
  readonly default: boolean;
  readonly description: string;
};

export type ParameterSpec = IntegerParameter | DecimalParameter | BooleanParameter;

/** Parameter values by key (a strategy's own type narrows them). */
export type ParamValues = Readonly<Record<string, number | boolean>>;

/** Parameters as given: a plan's stored JSON (numbers, booleans) or command-line text. */
export type ParamInput = Readonly<Record<string, unknown>>;

export type ParamProblemCode =
  | 'unknown-parameter'
  | 'not-a-number'
  | 'not-an-integer'
  | 'not-a-boolean'
  | 'out-of-range'
  | 'inconsistent';

/** Why parameters were refused: the key at fault, a code a screen can translate, and an English sentence (without the key). */
export type ParamProblem = { readonly key: string; readonly code: ParamProblemCode; readonly message: string };

export type ParamValidation<P> = { ok: true; params: P } | { ok: false; problem: ParamProblem };

export const STRATEGY_IDS = ['ma-crossover', 'bollinger-reversion', 'atr-breakout'] as const;
export type StrategyId = (typeof STRATEGY_IDS)[number];

/**
 * A strategy, typed by its parameters `P` and its state `S`. `step` is deterministic: its
 * orders depend only on the state, the bar and the position (no clock, no I/O, no randomness).
 * It advances `state` in place: the rolling windows are ring buffers, and copying one per bar
 * would make a step O(window) instead of O(1).
 */
export type StrategyDefinition<P extends ParamValues, S> = {
  readonly id: StrategyId;
  readonly name: string;
  readonly description: string;
  readonly parameters: readonly ParameterSpec[];
  /** A problem between parameters each valid alone (e.g. fast ≥ slow), or null. */
  readonly crossCheck: (params: P) => ParamProblem | null;
  /**
   * How many closed bars rebuild the state: after a restart, a live runner feeds the last
   * `warmupBars(params)` bars (ignoring the orders) and the strategy decides as if it had
   * never stopped (up to float rounding in the running sums).
   */
  readonly warmupBars: (params: P) => number;
  readonly init: (params: P) => S;
  readonly step: (state: S, bar: Bar, position: PositionView) => readonly StrategyOrder[];
};

/** No order: one shared empty list, so the common step allocates nothing. */
export const NO_ORDERS: readonly StrategyOrder[] = Object.freeze([]);

const describe = (spec: IntegerParameter | DecimalParameter) => `from ${spec.min} to ${spec.max}`;

function readParameter(spec: ParameterSpec, raw: unknown): ParamValidation<number | boolean> {
  const refuse = (code: ParamProblemCode, message: string): ParamValidation<number | boolean> => ({
    ok: false,
    problem: { key: spec.key, code, message },
  });
  if (spec.kind === 'boolean') {
    if (typeof raw === 'boolean') return { ok: true, params: raw };
    if (raw === 'true' || raw === 'false') return { ok: true, params: raw === 'true' };
    return refuse('not-a-boolean', `expected true or false, got ${JSON.stringify(raw)}`);
  }
  let value: number;
  if (typeof raw === 'number') value = raw;
  else if (typeof raw === 'string' && /^-?\d+(\.\d+)?$/.test(raw.trim())) value = Number(raw.trim());
  else return refuse('not-a-number', `expected a number ${describe(spec)}, got ${JSON.stringify(raw)}`);
  if (!Number.isFinite(value)) return refuse('not-a-number', `expected a number ${describe(spec)}`);
  if (spec.kind === 'integer' && !Number.isInteger(value)) {
    return refuse('not-an-integer', `expected a whole number ${describe(spec)}, got ${value}`);
  }
  if (value < spec.min || value > spec.max) {
    return refuse('out-of-range', `expected ${describe(spec)}, got ${value}`);
  }
  return { ok: true, params: value };
}

/** The defaults of a parameter list. */
export function defaultParams(parameters: readonly ParameterSpec[]): ParamValues {
  const values: Record<string, number | boolean> = {};
  for (const spec of parameters) values[spec.key] = spec.default;
  return values;
}

/**
 * Parameters checked against a strategy's list: unknown keys refused, missing ones defaulted,
 * each value of its kind and within its range, then the strategy's cross-check. The first
 * problem is answered.
 */
export function validateParams<P extends ParamValues, S>(
  definition: StrategyDefinition<P, S>,
  input: ParamInput,
): ParamValidation<P> {
  const known = new Set(definition.parameters.map((spec) => spec.key));
  for (const key of Object.keys(input)) {
    if (!known.has(key)) {
      const expected = [...known].join(', ');
      return {
        ok: false,
        problem: {
          key,
          code: 'unknown-parameter',
          message: `not a parameter of ${definition.id} (it has ${expected})`,
        },
      };
    }
  }
  const values: Record<string, number | boolean> = {};
  for (const spec of definition.parameters) {
    const raw = input[spec.key];
    if (raw === undefined) {
      values[spec.key] = spec.default;
      continue;
    }
    const read = readParameter(spec, raw);
    if (!read.ok) return read;
    values[spec.key] = read.params;
  }
  // The values were read one by one against the definition's own list, so they are its P.
  const params = values as P;
  const problem = definition.crossCheck(params);
  return problem ? { ok: false, problem } : { ok: true, params };
}
