/**
 * The volatility the pricer uses: measured from the underlying's recent one-minute closes (an
 * exponentially weighted moving average of squared log returns, RiskMetrics style), then held
 * within bounds the operator sets, so a quiet hour cannot price options near zero and a glitch
 * cannot price them at 1,000%.
 */

export type EwmaOptions = {
  /** Weight of the previous variance at each step, 0 < lambda < 1 (RiskMetrics uses 0.94). */
  lambda: number;
  /** Periods per year of the closes' spacing, to annualise: 525,600 for one-minute closes. */
  periodsPerYear: number;
  /** Fewer valid returns than this → null (not enough data to say). Default 10. */
  minReturns?: number;
};

const DEFAULT_MIN_RETURNS = 10;

const isUsableClose = (close: number): boolean => Number.isFinite(close) && close > 0;

/**
 * Annualised realised volatility from closes, oldest first, or null when fewer than `minReturns`
 * valid returns. A close that is not finite and positive is skipped, and so is any return that
 * would span it: a gap in the feed is not a one-period move.
 *
 * Seed: the plain mean of the first `minReturns` squared returns, then the EWMA from the next one
 * on. Seeding with the first squared return alone makes the estimate hostage to one minute (a
 * minute without a trade gives a zero seed, one spike a huge one) whose weight decays only as
 * lambda^n; the mean of the returns the function insists on anyway is the steadiest seed the data
 * can give, at no extra data. Returns are taken with a zero mean, as RiskMetrics does: over a
 * minute the drift is noise.
 */
export function ewmaVolatility(closes: readonly number[], options: EwmaOptions): number | null {
  const { lambda, periodsPerYear } = options;
  const minReturns = options.minReturns ?? DEFAULT_MIN_RETURNS;
  if (!(lambda > 0 && lambda < 1)) throw new RangeError(`lambda must be strictly between 0 and 1, got ${lambda}`);
  if (!(Number.isFinite(periodsPerYear) && periodsPerYear > 0)) {
    throw new RangeError(`periodsPerYear must be a finite positive number, got ${periodsPerYear}`);
  }
  if (!(Number.isInteger(minReturns) && minReturns >= 1)) {
    throw new RangeError(`minReturns must be a positive integer, got ${minReturns}`);
  }
  let previous = Number.NaN; // the last usable close, NaN after a skipped one
  let returns = 0;
  let seedSum = 0;
  let variance = 0;
  for (const close of closes) {
    if (!isUsableClose(close)) {
      previous = Number.NaN;
      continue;
    }
    if (!Number.isNaN(previous)) {
      const logReturn = Math.log(close / previous);
      // A ratio of two finite positives can still overflow or underflow (1e308 / 1e-308).
      if (Number.isFinite(logReturn)) {
        const squared = logReturn * logReturn;
        returns++;
        if (returns < minReturns) {
          seedSum += squared;
        } else if (returns === minReturns) {
          variance = (seedSum + squared) / minReturns;
        } else {
          variance = lambda * variance + (1 - lambda) * squared;
        }
      }
    }
    previous = close;
  }
  if (returns < minReturns) return null;
  return Math.sqrt(variance * periodsPerYear);
}

/** The measured volatility clamped into the operator's [floor, cap]; none measured → floor. */
export function boundedVolatility(measured: number | null, floor: number, cap: number): number {
  if (!(Number.isFinite(floor) && floor >= 0 && Number.isFinite(cap) && cap >= floor)) {
    throw new RangeError(`volatility bounds must satisfy 0 ≤ floor ≤ cap, got [${floor}, ${cap}]`);
  }
  if (measured === null || Number.isNaN(measured)) return floor;
  return Math.min(cap, Math.max(floor, measured));
}
