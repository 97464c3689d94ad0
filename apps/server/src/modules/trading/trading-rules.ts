import type { Instrument } from '../market/index.js';
import type { TradingInstrument } from './trading-math.js';

/**
 * The trading rules this module applies (margin, fee, P&L, stop-out, order checks), gathered in
 * one file: they are moving to a package shared with the web (issue 12), and that move is then a
 * change of this one path. Nothing else in the module imports `trading-math.ts`.
 */
export {
  convertToUsdt,
  marginLevel,
  notionalUsdt,
  quoteToUsdtRate,
  reachesStopOut,
  requiredMargin,
  type TradingInstrument,
  TradingMathError,
  tradeFee,
  unrealisedPnl,
  validateLeverage,
  validateLots,
  validateStops,
} from './trading-math.js';

/** The rules' view of a market instrument. */
export function tradingInstrument(instrument: Instrument): TradingInstrument {
  return {
    code: instrument.code,
    contractSize: instrument.contract_size,
    tickSize: instrument.tick_size,
    quoteCurrency: instrument.quote_currency,
    lotStep: instrument.lot_step,
    minLots: instrument.min_lots,
    maxLots: instrument.max_lots,
    leverageCap: instrument.leverage_cap,
  };
}
