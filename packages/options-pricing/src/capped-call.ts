/**
 * The capped call: pays min(max(0, S−K), cap) per unit at expiry, which is exactly a long call at
 * K and a short call at K + cap (a bull call spread). It is priced as that spread, so it needs no
 * model of its own and inherits the plain call's accuracy; its Greeks are the legs' differences.
 */
import {
  assertOptionType,
  assertPricingInput,
  blackScholes,
  CALL_DELTA,
  CALL_PRICE,
  CALL_THETA,
  GAMMA,
  type Greeks,
  type OptionType,
  type PricingInput,
  STRIKE_STRIDE,
  TERM_DISCOUNT,
  TERM_SPOT,
  TERM_YEARS,
  TERMS_STRIDE,
  VEGA,
  writeStrikeGreeks,
  writeTerms,
} from './black-scholes.js';

/** One column per Greek, one row per option: the chain pricer's output, and a one-row scratch here. */
export type GreekColumns = {
  readonly price: Float64Array;
  readonly delta: Float64Array;
  readonly gamma: Float64Array;
  readonly vega: Float64Array;
  readonly theta: Float64Array;
};

/**
 * Writes the capped call of row `row` (strike `strikes[row]`, cap `caps[row]`) into that row of
 * `into`, from its two legs' strike blocks in `legs` (written by writeStrikeGreeks at `lowAt` for
 * K and `highAt` for K + cap) and its expiry's terms at `terms[termsAt…]`. Numbers through typed
 * arrays, as writeStrikeGreeks takes them (no float crosses the call, nothing is boxed).
 * At or after expiry the price is the payout itself and delta the payout's slope (1 strictly
 * between K and K + cap), rather than a difference of two steps.
 * The spread's price is clamped into [0, cap·e^{−rT}], the bounds it has in exact arithmetic:
 * the two legs are each rounded, and their difference may otherwise stray past a bound by an ulp.
 */
export function writeCappedCall(
  legs: Float64Array,
  lowAt: number,
  highAt: number,
  terms: Float64Array,
  termsAt: number,
  strikes: Float64Array,
  caps: Float64Array,
  row: number,
  into: GreekColumns,
): void {
  const cap = caps[row] ?? Number.NaN;
  if ((terms[termsAt + TERM_YEARS] ?? Number.NaN) <= 0) {
    const spot = terms[termsAt + TERM_SPOT] ?? Number.NaN;
    const strike = strikes[row] ?? Number.NaN;
    into.price[row] = Math.min(Math.max(0, spot - strike), cap);
    into.delta[row] = spot > strike && spot < strike + cap ? 1 : 0;
    into.gamma[row] = 0;
    into.vega[row] = 0;
    into.theta[row] = 0;
    return;
  }
  const spread = (legs[lowAt + CALL_PRICE] ?? Number.NaN) - (legs[highAt + CALL_PRICE] ?? Number.NaN);
  const ceiling = cap * (terms[termsAt + TERM_DISCOUNT] ?? Number.NaN);
  into.price[row] = spread < 0 ? 0 : spread > ceiling ? ceiling : spread;
  into.delta[row] = (legs[lowAt + CALL_DELTA] ?? Number.NaN) - (legs[highAt + CALL_DELTA] ?? Number.NaN);
  into.gamma[row] = (legs[lowAt + GAMMA] ?? Number.NaN) - (legs[highAt + GAMMA] ?? Number.NaN);
  into.vega[row] = (legs[lowAt + VEGA] ?? Number.NaN) - (legs[highAt + VEGA] ?? Number.NaN);
  into.theta[row] = (legs[lowAt + CALL_THETA] ?? Number.NaN) - (legs[highAt + CALL_THETA] ?? Number.NaN);
}

// Scratch of the single-option path: no allocation but the returned object.
const singleTerms = new Float64Array(TERMS_STRIDE);
const legStrikes = new Float64Array(2); // K, K + cap
const legLogStrikes = new Float64Array(2);
const legBlocks = new Float64Array(2 * STRIKE_STRIDE);
const singleCap = new Float64Array(1);
const singleRow: GreekColumns = {
  price: new Float64Array(1),
  delta: new Float64Array(1),
  gamma: new Float64Array(1),
  vega: new Float64Array(1),
  theta: new Float64Array(1),
};

/** A call whose payout per unit is capped at `cap`: min(max(0, S−K), cap). RangeError when cap ≤ 0. */
export function cappedCall(input: PricingInput & { cap: number }): Greeks {
  return cappedCallGreeks(input, input.cap);
}

function cappedCallGreeks(input: PricingInput, cap: number): Greeks {
  assertPricingInput(input);
  const { spot, strike, years, rate, volatility } = input;
  if (!(Number.isFinite(cap) && cap > 0)) throw new RangeError(`cap must be a finite positive number, got ${cap}`);
  writeTerms(singleTerms, 0, spot, Math.log(spot), rate, volatility, years);
  legStrikes[0] = strike;
  legStrikes[1] = strike + cap;
  legLogStrikes[0] = Math.log(strike);
  legLogStrikes[1] = Math.log(strike + cap);
  singleCap[0] = cap;
  writeStrikeGreeks(legBlocks, 0, singleTerms, 0, legStrikes, legLogStrikes, 0);
  writeStrikeGreeks(legBlocks, STRIKE_STRIDE, singleTerms, 0, legStrikes, legLogStrikes, 1);
  // Row 0 of legStrikes is the capped call's own strike K.
  writeCappedCall(legBlocks, 0, STRIKE_STRIDE, singleTerms, 0, legStrikes, singleCap, 0, singleRow);
  return {
    price: singleRow.price[0] ?? Number.NaN,
    delta: singleRow.delta[0] ?? Number.NaN,
    gamma: singleRow.gamma[0] ?? Number.NaN,
    vega: singleRow.vega[0] ?? Number.NaN,
    theta: singleRow.theta[0] ?? Number.NaN,
  };
}

/** type 'call' with a cap → cappedCall, without (cap null) → plain call; 'put' ignores cap. */
export function optionGreeks(type: OptionType, input: PricingInput, cap: number | null): Greeks {
  assertOptionType(type);
  if (type === 'put' || cap === null) return blackScholes(type, input);
  return cappedCallGreeks(input, cap);
}
