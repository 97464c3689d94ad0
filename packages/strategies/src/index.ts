/**
 * Trading strategies and their backtest (issue 18): strategies written as code, each a
 * deterministic step over closed bars that emits orders; candles and their aggregation; a reader
 * of the shared market-data CSV files. Pure: no I/O.
 */
export { aggregateCandles, bucketStart, CandleAggregator, DAY_MINUTES, intervalProblem } from './aggregate-candles.js';
export { type AtrBreakoutParams, type AtrBreakoutState, atrBreakout } from './atr-breakout.strategy.js';
export {
  type BollingerReversionParams,
  type BollingerReversionState,
  bollingerReversion,
} from './bollinger-reversion.strategy.js';
export { type CandleCsv, CandleCsvError, parseCandleCsv } from './candle-csv.js';
export {
  type Candle,
  CandleDataError,
  levelToPrice,
  MAX_PRICE_SCALE,
  MINUTE_MS,
  type PriceSeries,
  toPriceSeries,
  unitsToDecimal,
  unitsToNumber,
} from './candles.js';
export { AverageTrueRange, RollingExtreme, RollingMean, RollingMeanDeviation } from './indicators.js';
export { type MaCrossoverParams, type MaCrossoverState, maCrossover } from './ma-crossover.strategy.js';
export {
  isStrategyId,
  listStrategies,
  type Strategy,
  StrategyParamsError,
  type StrategyRun,
  strategyById,
} from './registry.js';
export {
  type Bar,
  type BooleanParameter,
  type DecimalParameter,
  defaultParams,
  type IntegerParameter,
  NO_ORDERS,
  type OpenOrder,
  type ParameterSpec,
  type ParamInput,
  type ParamProblem,
  type ParamProblemCode,
  type ParamValidation,
  type ParamValues,
  type PositionSide,
  type PositionView,
  STRATEGY_IDS,
  type StrategyDefinition,
  type StrategyId,
  type StrategyOrder,
  validateParams,
} from './strategy.js';
