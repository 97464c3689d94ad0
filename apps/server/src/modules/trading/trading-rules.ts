import type { TradingInstrument } from '@openbourse/trading-rules';
import type { Instrument } from '../market/index.js';

/**
 * The trading rules this module applies (margin, fee, P&L, stop-out, order checks): one
 * implementation shared with the web's order ticket (`@openbourse/trading-rules`, issue 12),
 * answering catalogue names. This file is the module's one import of it.
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
  validateAffordable,
  validateCloseLots,
  validateEntryPrice,
  validateLeverage,
  validateLots,
  validateStops,
  validateTrailingDistance,
} from '@openbourse/trading-rules';

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
