/**
 * A chain of options on one underlying, re-priced in place on every tick with no allocation.
 *
 * Where the time goes in Black–Scholes is exp, log, sqrt and the normal tails; the chain shares
 * them as far as they are shared in the maths:
 *  - ln S once per tick;
 *  - √T and e^{−rT} once per distinct expiry (a chain has a handful);
 *  - d1, d2, N(±d1), N(±d2), φ(d1) once per distinct (expiry, strike), and with them both the
 *    call's and the put's values, so a put and a call at the same strike cost one evaluation;
 *    a capped call's second leg (K + cap) is one more strike, shared when it coincides with
 *    another series' strike;
 *  - ln K of every strike at construction.
 * Each series then only reads its strike's block (or subtracts two, for a capped call). Per-tick
 * state lives in typed arrays allocated once, and the kernels take their numbers through them
 * rather than as float arguments, which V8 would box (allocate) at every call it does not inline.
 * The arithmetic is the single-option path's own (writeStrikeGreeks, writeCappedCall), so the
 * results equal optionGreeks' to the last bit.
 */
import {
  assertOptionType,
  CALL_DELTA,
  CALL_PRICE,
  CALL_THETA,
  GAMMA,
  type OptionType,
  PUT_DELTA,
  PUT_PRICE,
  PUT_THETA,
  STRIKE_STRIDE,
  TERMS_STRIDE,
  VEGA,
  writeStrikeGreeks,
  writeTerms,
  yearsBetween,
} from './black-scholes.js';
import { writeCappedCall } from './capped-call.js';
import { assertCap } from './payoff.js';

/** One listed option: its type, strike, cap per unit (calls only; null = uncapped) and expiry. */
export type ChainSeries = { type: OptionType; strike: number; cap: number | null; expiryMs: number };

const PLAIN_CALL = 0;
const PUT = 1;
const CAPPED_CALL = 2;

export class ChainPricer {
  readonly size: number;
  readonly price: Float64Array;
  readonly delta: Float64Array;
  readonly gamma: Float64Array;
  readonly vega: Float64Array;
  readonly theta: Float64Array;

  // Distinct expiries, and this tick's terms of each (TERMS_STRIDE values per expiry).
  private readonly expiryMs: Float64Array;
  private readonly terms: Float64Array;
  // Distinct strikes, grouped by expiry: expiry e owns strikes [strikesFrom[e], strikesFrom[e + 1]).
  private readonly strikesFrom: Int32Array;
  private readonly strike: Float64Array;
  private readonly logStrike: Float64Array;
  /** STRIKE_STRIDE values per strike: this tick's call and put values there. */
  private readonly strikeBlocks: Float64Array;
  // Series.
  private readonly kind: Uint8Array;
  private readonly seriesExpiry: Int32Array;
  private readonly seriesStrike: Float64Array;
  private readonly seriesCap: Float64Array;
  /** Offsets into strikeBlocks of the series' strike and, for a capped call, of K + cap. */
  private readonly lowAt: Int32Array;
  private readonly highAt: Int32Array;

  constructor(series: readonly ChainSeries[]) {
    const size = series.length;
    this.size = size;
    this.price = new Float64Array(size);
    this.delta = new Float64Array(size);
    this.gamma = new Float64Array(size);
    this.vega = new Float64Array(size);
    this.theta = new Float64Array(size);
    this.kind = new Uint8Array(size);
    this.seriesExpiry = new Int32Array(size);
    this.seriesStrike = new Float64Array(size);
    this.seriesCap = new Float64Array(size);
    this.lowAt = new Int32Array(size);
    this.highAt = new Int32Array(size);

    // Distinct expiries in order of appearance, each with its distinct strikes.
    const expiryIndex = new Map<number, number>();
    const strikesByExpiry: Map<number, number>[] = [];
    const strikeOf = (expiry: number, strike: number): number => {
      const strikes = strikesByExpiry[expiry] ?? new Map<number, number>();
      strikesByExpiry[expiry] = strikes;
      let local = strikes.get(strike);
      if (local === undefined) {
        local = strikes.size;
        strikes.set(strike, local);
      }
      return local;
    };
    const localLow = new Int32Array(size);
    const localHigh = new Int32Array(size);
    series.forEach((s, i) => {
      assertOptionType(s.type);
      if (!(Number.isFinite(s.strike) && s.strike > 0)) {
        throw new RangeError(`series ${i}: strike must be a finite positive number, got ${s.strike}`);
      }
      if (!Number.isFinite(s.expiryMs)) throw new RangeError(`series ${i}: expiryMs must be finite, got ${s.expiryMs}`);
      let expiry = expiryIndex.get(s.expiryMs);
      if (expiry === undefined) {
        expiry = expiryIndex.size;
        expiryIndex.set(s.expiryMs, expiry);
      }
      this.seriesExpiry[i] = expiry;
      this.seriesStrike[i] = s.strike;
      localLow[i] = strikeOf(expiry, s.strike);
      if (s.type === 'put') {
        this.kind[i] = PUT;
      } else if (s.cap === null) {
        this.kind[i] = PLAIN_CALL;
      } else {
        assertCap(s.cap);
        this.kind[i] = CAPPED_CALL;
        this.seriesCap[i] = s.cap;
        // The same sum as cappedCall's, so the leg's strike (and its log) are bit for bit its own.
        localHigh[i] = strikeOf(expiry, s.strike + s.cap);
      }
    });

    const expiries = expiryIndex.size;
    this.expiryMs = Float64Array.from(expiryIndex.keys());
    this.terms = new Float64Array(expiries * TERMS_STRIDE);
    this.strikesFrom = new Int32Array(expiries + 1);
    for (let e = 0; e < expiries; e++) {
      this.strikesFrom[e + 1] = (this.strikesFrom[e] ?? 0) + (strikesByExpiry[e]?.size ?? 0);
    }
    const strikes = this.strikesFrom[expiries] ?? 0;
    this.strike = new Float64Array(strikes);
    this.logStrike = new Float64Array(strikes);
    this.strikeBlocks = new Float64Array(strikes * STRIKE_STRIDE);
    strikesByExpiry.forEach((byStrike, e) => {
      const from = this.strikesFrom[e] ?? 0;
      for (const [strike, local] of byStrike) {
        this.strike[from + local] = strike;
        this.logStrike[from + local] = Math.log(strike);
      }
    });
    for (let i = 0; i < size; i++) {
      const from = this.strikesFrom[this.seriesExpiry[i] ?? 0] ?? 0;
      this.lowAt[i] = (from + (localLow[i] ?? 0)) * STRIKE_STRIDE;
      this.highAt[i] = (from + (localHigh[i] ?? 0)) * STRIKE_STRIDE;
    }
  }

  /** Re-prices every series at this spot and time with one rate and volatility (the underlying's). */
  reprice(spot: number, nowMs: number, rate: number, volatility: number): void {
    if (!(Number.isFinite(spot) && spot > 0)) {
      throw new RangeError(`spot must be a finite positive number, got ${spot}`);
    }
    if (!Number.isFinite(nowMs)) throw new RangeError(`nowMs must be finite, got ${nowMs}`);
    if (!Number.isFinite(rate)) throw new RangeError(`rate must be finite, got ${rate}`);
    if (!Number.isFinite(volatility)) throw new RangeError(`volatility must be finite, got ${volatility}`);

    const logSpot = Math.log(spot);
    const { terms, strikeBlocks, strike, logStrike, strikesFrom } = this;
    const expiries = this.expiryMs.length;
    for (let e = 0; e < expiries; e++) {
      const termsAt = e * TERMS_STRIDE;
      writeTerms(terms, termsAt, spot, logSpot, rate, volatility, yearsBetween(nowMs, this.expiryMs[e] ?? Number.NaN));
      const to = strikesFrom[e + 1] ?? 0;
      for (let k = strikesFrom[e] ?? 0; k < to; k++) {
        writeStrikeGreeks(strikeBlocks, k * STRIKE_STRIDE, terms, termsAt, strike, logStrike, k);
      }
    }

    const { price, delta, gamma, vega, theta, kind, lowAt, highAt, seriesExpiry, seriesStrike, seriesCap } = this;
    for (let i = 0; i < this.size; i++) {
      const at = lowAt[i] ?? 0;
      switch (kind[i]) {
        case PLAIN_CALL:
          price[i] = strikeBlocks[at + CALL_PRICE] ?? Number.NaN;
          delta[i] = strikeBlocks[at + CALL_DELTA] ?? Number.NaN;
          gamma[i] = strikeBlocks[at + GAMMA] ?? Number.NaN;
          vega[i] = strikeBlocks[at + VEGA] ?? Number.NaN;
          theta[i] = strikeBlocks[at + CALL_THETA] ?? Number.NaN;
          break;
        case PUT:
          price[i] = strikeBlocks[at + PUT_PRICE] ?? Number.NaN;
          delta[i] = strikeBlocks[at + PUT_DELTA] ?? Number.NaN;
          gamma[i] = strikeBlocks[at + GAMMA] ?? Number.NaN;
          vega[i] = strikeBlocks[at + VEGA] ?? Number.NaN;
          theta[i] = strikeBlocks[at + PUT_THETA] ?? Number.NaN;
          break;
        default:
          writeCappedCall(
            strikeBlocks,
            at,
            highAt[i] ?? 0,
            terms,
            (seriesExpiry[i] ?? 0) * TERMS_STRIDE,
            seriesStrike,
            seriesCap,
            i,
            this,
          );
      }
    }
  }
}
