/**
 * Trading strategies and their backtest (issue 18): strategies written as code, each a
 * deterministic step over closed bars that emits orders; a sizing rule shared by the backtest
 * and the live runner; a backtest engine that replays recorded candles with the platform's fee,
 * margin, stop-out and negative-balance rules (@openbourse/trading-rules); a reader of the
 * shared market-data CSV files. Pure: no I/O (the command line in cli/ reads files).
 */
export { aggregateCandles, bucketStart, CandleAggregator, DAY_MINUTES, intervalProblem } from './aggregate-candles.js';
export { type AtrBreakoutParams, type AtrBreakoutState, atrBreakout } from './atr-breakout.strategy.js';
export {
  type BacktestInput,
  BacktestInputError,
  type BacktestInstrument,
  type BacktestResult,
  type BacktestTrade,
  type CloseReason,
  DEFAULT_MARGIN_SHARE,
  EQUITY_POINTS,
  type EquityPoint,
  runBacktest,
} from './backtest.js';
export {
  type BollingerReversionParams,
  type BollingerReversionState,
  bollingerReversion,
} from './bollinger-reversion.strategy.js';
export { type CandleCsv, CandleCsvError, parseCandleCsv } from './candle-csv.js';
export {
  type Candle,
  CandleDataError,
  candleToBar,
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
export { type Sizing, type SizingInput, type SizingInstrument, sizePosition } from './sizing.js';
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
