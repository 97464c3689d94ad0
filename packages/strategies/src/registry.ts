import { atrBreakout } from './atr-breakout.strategy.js';
import { bollingerReversion } from './bollinger-reversion.strategy.js';
import { maCrossover } from './ma-crossover.strategy.js';
import {
  type Bar,
  defaultParams,
  type ParameterSpec,
  type ParamInput,
  type ParamValidation,
  type ParamValues,
  type PositionView,
  STRATEGY_IDS,
  type StrategyDefinition,
  type StrategyId,
  type StrategyOrder,
  validateParams,
} from './strategy.js';

/** A running strategy: its state lives inside; `step` takes each closed bar in turn. */
export type StrategyRun = {
  readonly strategyId: string;
  readonly params: ParamValues;
  readonly step: (bar: Bar, position: PositionView) => readonly StrategyOrder[];
};

/**
 * A strategy of the registry, its parameter types erased so the server and the command line can
 * hold any of them: parameters go in as given (stored JSON, command-line text) and are validated
 * before a run starts.
 */
export type Strategy = {
  /** A registry id (StrategyId) for the strategies of the registry. */
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly parameters: readonly ParameterSpec[];
  readonly defaults: () => ParamValues;
  readonly validateParams: (input: ParamInput) => ParamValidation<ParamValues>;
  /** Bars a live runner feeds after a restart to rebuild the state (see StrategyDefinition). */
  readonly warmupBars: (params: ParamInput) => number;
  /** A new run; throws a RangeError naming the problem when the parameters are invalid. */
  readonly start: (params: ParamInput) => StrategyRun;
};

export class StrategyParamsError extends RangeError {
  constructor(
    readonly strategyId: string,
    readonly problem: { key: string; code: string; message: string },
  ) {
    super(`${strategyId} ${problem.key}: ${problem.message}`);
    this.name = 'StrategyParamsError';
  }
}

function register<P extends ParamValues, S>(definition: StrategyDefinition<P, S>): Strategy {
  const valid = (input: ParamInput): P => {
    const checked = validateParams(definition, input);
    if (!checked.ok) throw new StrategyParamsError(definition.id, checked.problem);
    return checked.params;
  };
  return Object.freeze({
    id: definition.id,
    name: definition.name,
    description: definition.description,
    parameters: definition.parameters,
    defaults: () => defaultParams(definition.parameters),
    validateParams: (input: ParamInput) => validateParams(definition, input),
    warmupBars: (input: ParamInput) => definition.warmupBars(valid(input)),
    start: (input: ParamInput): StrategyRun => {
      const params = valid(input);
      const state = definition.init(params);
      return {
        strategyId: definition.id,
        params,
        step: (bar, position) => definition.step(state, bar, position),
      };
    },
  });
}

const REGISTRY: ReadonlyMap<StrategyId, Strategy> = new Map(
  [register(maCrossover), register(bollingerReversion), register(atrBreakout)].map(
    (strategy) => [strategy.id as StrategyId, strategy] as const,
  ),
);

/** Every strategy, in the order of STRATEGY_IDS. */
export function listStrategies(): readonly Strategy[] {
  return STRATEGY_IDS.map((id) => REGISTRY.get(id) as Strategy);
}

/** The strategy with this id, or null (an id typed by a user or stored in a plan). */
export function strategyById(id: string): Strategy | null {
  return REGISTRY.get(id as StrategyId) ?? null;
}

export function isStrategyId(id: string): id is StrategyId {
  return (STRATEGY_IDS as readonly string[]).includes(id);
}
