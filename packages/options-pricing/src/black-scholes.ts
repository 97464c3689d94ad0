/**
 * Black–Scholes prices and Greeks of European options on an underlying without dividends,
 * in float64. Money rounding to exact decimals is the server's job, not this package's.
 *
 * Edge rules:
 *  - years ≤ 0 (at or after expiry): the price is the payout at expiry, delta the step of the
 *    payout (call 1 when S > K, put −1 when S < K), gamma = vega = theta = 0;
 *  - volatility ≤ 0: the deterministic limit of the model (the underlying grows at the risk-free
 *    rate for sure): call max(0, S − K·e^{−rT}), put max(0, K·e^{−rT} − S), delta a step at the
 *    discounted strike, theta the discounting of the strike when in the money, gamma = vega = 0.
 *    A limit rather than an error because an operator's volatility floor may be 0;
 *  - NaN or infinite inputs, spot or strike ≤ 0: RangeError (a log of zero has no price).
 */
import { DENSITY_FACTOR, normalTailInPlace } from './normal.js';

export type OptionType = 'call' | 'put';

/**
 * years = time to expiry in years on a 365-day, 24-hour calendar; rate = continuously compounded
 * annual risk-free rate (0.05 = 5%); volatility annualised (0.2 = 20%).
 */
export type PricingInput = { spot: number; strike: number; years: number; rate: number; volatility: number };

/**
 * price per unit of underlying; delta ∂P/∂S; gamma ∂²P/∂S²; vega = change of price for +1
 * volatility point (0.01); theta = change of price over one calendar day (negative for a long
 * option normally), i.e. ∂P/∂t / 365.
 */
export type Greeks = { price: number; delta: number; gamma: number; vega: number; theta: number };

export const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

const DAYS_PER_YEAR = 365;
const VOLATILITY_POINT = 0.01;

/** Time to expiry in years, 0 at or after expiry. */
export function yearsBetween(nowMs: number, expiryMs: number): number {
  return Math.max(0, expiryMs - nowMs) / YEAR_MS;
}

export function assertOptionType(type: OptionType): void {
  if (type !== 'call' && type !== 'put') {
    throw new RangeError(`option type must be 'call' or 'put', got ${String(type)}`);
  }
}

export function assertPricingInput(input: PricingInput): void {
  const { spot, strike, years, rate, volatility } = input;
  if (!(Number.isFinite(spot) && spot > 0)) throw new RangeError(`spot must be a finite positive number, got ${spot}`);
  if (!(Number.isFinite(strike) && strike > 0)) {
    throw new RangeError(`strike must be a finite positive number, got ${strike}`);
  }
  if (!Number.isFinite(years)) throw new RangeError(`years must be finite, got ${years}`);
  if (!Number.isFinite(rate)) throw new RangeError(`rate must be finite, got ${rate}`);
  if (!Number.isFinite(volatility)) throw new RangeError(`volatility must be finite, got ${volatility}`);
}

// The kernel below takes its numbers from typed arrays, not as arguments: V8 boxes a float that
// crosses a call it does not inline (an allocation per call), and the chain pricer must not
// allocate per tick. Per-expiry terms, shared by every strike of the expiry:
export const TERM_SPOT = 0;
export const TERM_LOG_SPOT = 1;
export const TERM_RATE = 2;
export const TERM_VOLATILITY = 3;
export const TERM_YEARS = 4;
export const TERM_SQRT_YEARS = 5;
export const TERM_DISCOUNT = 6;
export const TERMS_STRIDE = 8;

/** Fills one expiry's terms: √T and e^{−rT} are computed here, once per expiry and tick. */
export function writeTerms(
  terms: Float64Array,
  at: number,
  spot: number,
  logSpot: number,
  rate: number,
  volatility: number,
  years: number,
): void {
  terms[at + TERM_SPOT] = spot;
  terms[at + TERM_LOG_SPOT] = logSpot;
  terms[at + TERM_RATE] = rate;
  terms[at + TERM_VOLATILITY] = volatility;
  terms[at + TERM_YEARS] = years;
  terms[at + TERM_SQRT_YEARS] = years > 0 ? Math.sqrt(years) : 0;
  terms[at + TERM_DISCOUNT] = years > 0 ? Math.exp(-rate * years) : 1;
}

// The layout of one strike's results: a call and a put at the same strike and expiry share d1, d2,
// N(±d1), N(±d2) and φ(d1), so one evaluation yields both.
export const CALL_PRICE = 0;
export const CALL_DELTA = 1;
export const PUT_PRICE = 2;
export const PUT_DELTA = 3;
export const GAMMA = 4;
export const VEGA = 5;
export const CALL_THETA = 6;
export const PUT_THETA = 7;
export const STRIKE_STRIDE = 8;

// |d1|, exp(−d1²/2), |d2|, exp(−d2²/2) in; the two tails come back over |d1| and |d2|.
const tails = new Float64Array(4);

/**
 * Writes the call's and the put's price and Greeks at strike `strikes[k]` (whose log is
 * `logStrikes[k]`) into `out` from `at`, in the layout above, with the expiry's terms at
 * `terms[termsAt…]`. A chain computes the terms once per expiry and the logs of its strikes once;
 * `blackScholes` goes through this same function, so the chain pricer and the single-option path
 * agree to the last bit. Inputs are trusted (validated by the callers).
 */
export function writeStrikeGreeks(
  out: Float64Array,
  at: number,
  terms: Float64Array,
  termsAt: number,
  strikes: Float64Array,
  logStrikes: Float64Array,
  k: number,
): void {
  const spot = terms[termsAt + TERM_SPOT] ?? Number.NaN;
  const years = terms[termsAt + TERM_YEARS] ?? Number.NaN;
  const strike = strikes[k] ?? Number.NaN;
  if (years <= 0) {
    out[at + CALL_PRICE] = spot > strike ? spot - strike : 0;
    out[at + CALL_DELTA] = spot > strike ? 1 : 0;
    out[at + PUT_PRICE] = spot < strike ? strike - spot : 0;
    out[at + PUT_DELTA] = spot < strike ? -1 : 0;
    out[at + GAMMA] = 0;
    out[at + VEGA] = 0;
    out[at + CALL_THETA] = 0;
    out[at + PUT_THETA] = 0;
    return;
  }
  const rate = terms[termsAt + TERM_RATE] ?? Number.NaN;
  const volatility = terms[termsAt + TERM_VOLATILITY] ?? Number.NaN;
  const sqrtYears = terms[termsAt + TERM_SQRT_YEARS] ?? Number.NaN;
  const discountedStrike = strike * (terms[termsAt + TERM_DISCOUNT] ?? Number.NaN);
  const sigmaSqrtYears = volatility * sqrtYears;
  // Not `volatility <= 0` alone: σ√T can underflow to 0 for a positive σ, and d1 would be 0/0.
  if (!(sigmaSqrtYears > 0)) {
    const strikeCarry = (rate * discountedStrike) / DAYS_PER_YEAR;
    const callInTheMoney = spot > discountedStrike;
    const putInTheMoney = spot < discountedStrike;
    out[at + CALL_PRICE] = callInTheMoney ? spot - discountedStrike : 0;
    out[at + CALL_DELTA] = callInTheMoney ? 1 : 0;
    out[at + PUT_PRICE] = putInTheMoney ? discountedStrike - spot : 0;
    out[at + PUT_DELTA] = putInTheMoney ? -1 : 0;
    out[at + GAMMA] = 0;
    out[at + VEGA] = 0;
    // d/dt of ∓K·e^{−r(T−t)}: the strike's discount unwinding as time passes.
    out[at + CALL_THETA] = callInTheMoney ? -strikeCarry : 0;
    out[at + PUT_THETA] = putInTheMoney ? strikeCarry : 0;
    return;
  }
  const logMoneyness = (terms[termsAt + TERM_LOG_SPOT] ?? Number.NaN) - (logStrikes[k] ?? Number.NaN);
  const d1 = (logMoneyness + (rate + 0.5 * volatility * volatility) * years) / sigmaSqrtYears;
  const d2 = d1 - sigmaSqrtYears;
  const gaussian1 = Math.exp(-0.5 * d1 * d1);
  tails[0] = Math.abs(d1);
  tails[1] = gaussian1;
  tails[2] = Math.abs(d2);
  // exp(−d2²/2) without a second exp: d1² − d2² = 2·d1·σ√T − σ²T = 2·ln(S/(K·e^{−rT})), so
  // exp(−d2²/2) = exp(−d1²/2)·S/(K·e^{−rT}) (the identity S·φ(d1) = K·e^{−rT}·φ(d2)). Where
  // exp(−d1²/2) underflows, the d2 tail this loses is below 1e-300 of the price.
  tails[3] = (gaussian1 * spot) / discountedStrike;
  normalTailInPlace(tails, 0);
  normalTailInPlace(tails, 2);
  const tail1 = tails[0] ?? Number.NaN;
  const tail2 = tails[2] ?? Number.NaN;
  // Each of N(d) and N(−d) from the accurate tail: whichever is small keeps its relative precision.
  const cdf1 = d1 < 0 ? tail1 : 1 - tail1;
  const cdfMinus1 = d1 < 0 ? 1 - tail1 : tail1;
  const cdf2 = d2 < 0 ? tail2 : 1 - tail2;
  const cdfMinus2 = d2 < 0 ? 1 - tail2 : tail2;
  const density1 = DENSITY_FACTOR * gaussian1;
  const spotDensity = spot * density1;
  const timeDecay = (-spotDensity * volatility) / (2 * sqrtYears);
  const strikeCarry = rate * discountedStrike;
  // Far out of the money both terms are tiny and nearly equal, and their rounded difference can
  // come out a few subnormals below zero; a price is never negative.
  out[at + CALL_PRICE] = Math.max(0, spot * cdf1 - discountedStrike * cdf2);
  out[at + CALL_DELTA] = cdf1;
  out[at + PUT_PRICE] = Math.max(0, discountedStrike * cdfMinus2 - spot * cdfMinus1);
  out[at + PUT_DELTA] = -cdfMinus1;
  out[at + GAMMA] = density1 / (spot * sigmaSqrtYears);
  out[at + VEGA] = spotDensity * sqrtYears * VOLATILITY_POINT;
  out[at + CALL_THETA] = (timeDecay - strikeCarry * cdf2) / DAYS_PER_YEAR;
  out[at + PUT_THETA] = (timeDecay + strikeCarry * cdfMinus2) / DAYS_PER_YEAR;
}

// Scratch of the single-option path: no allocation but the returned object.
const singleTerms = new Float64Array(TERMS_STRIDE);
const singleStrike = new Float64Array(1);
const singleLogStrike = new Float64Array(1);
const singleBlock = new Float64Array(STRIKE_STRIDE);

export function blackScholes(type: OptionType, input: PricingInput): Greeks {
  assertOptionType(type);
  assertPricingInput(input);
  const { spot, strike, years, rate, volatility } = input;
  writeTerms(singleTerms, 0, spot, Math.log(spot), rate, volatility, years);
  singleStrike[0] = strike;
  singleLogStrike[0] = Math.log(strike);
  writeStrikeGreeks(singleBlock, 0, singleTerms, 0, singleStrike, singleLogStrike, 0);
  return greeksAt(singleBlock, 0, type);
}

/** The Greeks of one side (call or put) of a strike's block. */
function greeksAt(block: Float64Array, at: number, type: OptionType): Greeks {
  const isCall = type === 'call';
  return {
    price: block[at + (isCall ? CALL_PRICE : PUT_PRICE)] ?? Number.NaN,
    delta: block[at + (isCall ? CALL_DELTA : PUT_DELTA)] ?? Number.NaN,
    gamma: block[at + GAMMA] ?? Number.NaN,
    vega: block[at + VEGA] ?? Number.NaN,
    theta: block[at + (isCall ? CALL_THETA : PUT_THETA)] ?? Number.NaN,
  };
}
