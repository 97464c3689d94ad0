/**
 * The trading rules (issue 12): margin, fee, P&L, stop-out and the order checks, written once
 * for the server, which enforces them, and the web, which previews them as the user types.
 * Validators answer error-catalogue names (`TradingRuleProblem`).
 */
export { convertToUsdt, findQuoteToUsdtRate, isUsdQuoted, quoteToUsdtRate, type RateSource } from './conversion.js';
export {
  marginLevel,
  notional,
  notionalUsdt,
  pipValue,
  reachesStopOut,
  requiredMargin,
  stopOutPrice,
  tickValueQuote,
  tradeFee,
  unrealisedPnl,
  unrealisedPnlQuote,
} from './figures.js';
export {
  CONVERSION_SCALE,
  DEFAULT_STOP_OUT_LEVEL,
  type DecimalInput,
  MARGIN_LEVEL_SCALE,
  type PositionSide,
  type TradingInstrument,
  USDT_DECIMALS,
} from './instrument.js';
export {
  type AccountFunds,
  clampLeverage,
  freeMarginForOrder,
  type LotsInvalidReason,
  type LotsValidation,
  type StopInput,
  type StopProblems,
  type StopValidationCode,
  stopProblems,
  validateAffordable,
  validateCloseLots,
  validateEntryPrice,
  validateLeverage,
  validateLots,
  validatePrice,
  validateStops,
  validateTrailingDistance,
} from './order-checks.js';
export {
  TRADING_RULE_PROBLEMS,
  TradingMathError,
  type TradingMathErrorCode,
  type TradingRuleProblem,
} from './problems.js';
