// Helpers of the in-process micro-benchmarks (trigger-engine.mjs, loan-ltv.mjs): numeric options,
// a seeded random source, and per-operation timing statistics in nanoseconds.

/** `--name N` from the command line as a number, else `fallback`. */
export function numericOption(args, name, fallback) {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
}

/** Deterministic random numbers (mulberry32): every run with the same seed sees the same data. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { random, between: (lo, hi) => lo + (hi - lo) * random() };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

/** p50, p99, max and mean of a list of durations in nanoseconds. */
export function stats(nanos) {
  const sorted = Float64Array.from(nanos).sort();
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1],
    mean: sum / sorted.length,
  };
}

export const us = (ns) => (ns / 1000).toFixed(2);

/** One line of a report: "<label>: p50 … µs, p99 … µs, max … µs, mean … µs". */
export const line = (label, s) =>
  `${label}: p50 ${us(s.p50)} µs, p99 ${us(s.p99)} µs, max ${us(s.max)} µs, mean ${us(s.mean)} µs`;
