/**
 * The pure maths of European options (issue 19): Black–Scholes prices and Greeks in float64, the
 * capped call as the call spread it is, payouts at expiry, the volatility the pricer uses, and a
 * chain pricer that re-prices a whole chain in place on every tick. No I/O and no dependencies;
 * money rounding to exact decimals happens in the server.
 */
export {
  blackScholes,
  type Greeks,
  type OptionType,
  type PricingInput,
  YEAR_MS,
  yearsBetween,
} from './black-scholes.js';
export { cappedCall, optionGreeks } from './capped-call.js';
export { ChainPricer, type ChainSeries } from './chain-pricer.js';
export { normalCdf, normalPdf } from './normal.js';
export { breakEven, maximumPayout, payoffAtExpiry } from './payoff.js';
export { boundedVolatility, type EwmaOptions, ewmaVolatility } from './volatility.js';
