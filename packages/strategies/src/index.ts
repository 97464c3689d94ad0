/**
 * Trading strategies and their backtest (issue 18). Pure: no I/O (the command line in cli/
 * reads files). This first part: candles, their aggregation into interval bars, and the reader of
 * the shared market-data CSV files.
 */
export { aggregateCandles, bucketStart, CandleAggregator, DAY_MINUTES, intervalProblem } from './aggregate-candles.js';
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
