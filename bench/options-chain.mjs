// Options chain re-pricing (issue 19): a chain of 2,000 European options on BTC/USDT re-priced on
// every tick of the underlying by @openbourse/options-pricing's ChainPricer (Black–Scholes price,
// delta, gamma, vega, theta per series, in place in typed arrays), per-tick latency p50 / p99 /
// p99.9 / max. Goal: p99 under 1 ms on the 2-core shared machine.
// The chain: 5 expiries (1, 7, 14, 30 and 60 days after listing) × 200 strikes (every 250 USDT
// from ~0.6× the listing spot) × a put and a call, every call capped at 20% of the listing spot
// (the worst case for the pricer: a capped call's second leg at K + cap lies off the strike grid,
// so each expiry has 400 distinct strikes, 2,000 Black–Scholes evaluations per tick).
// Ticks: successive closes of the recorded BTCUSDT one-minute file (Binance, 2021-04-21 …), the
// clock advancing one second per tick so every expiry stays live; volatility measured once from
// the day of closes before the first tick (EWMA, lambda 0.94, bounded to [0.2, 3]); rate 5%. If
// the file is missing, a seeded random walk (the output says so).
// Baseline in the same run: a naive re-pricer that calls optionGreeks for every series on every
// tick (an input object and a result object per series, a new array per tick), on the first
// --naive-ticks ticks. Rounds alternate (ChainPricer, naive); each figure is the median of the
// rounds' figures. After the rounds, both are compared on one tick (max relative difference).
// Usage: npx tsc -b packages/options-pricing && node bench/options-chain.mjs [--rounds 5]
//          [--ticks 20000] [--warmup 2000] [--naive-ticks 5000] [--naive-warmup 500]
//          [--expiries 5] [--strikes 200] [--file /work/shared/market-data/crypto/BTCUSDT_1m.csv]
//          [--seed 1]
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  boundedVolatility,
  ChainPricer,
  ewmaVolatility,
  optionGreeks,
  YEAR_MS,
  yearsBetween,
} from '@openbourse/options-pricing';
import { numericOption, seededRandom } from './micro-bench.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => numericOption(args, name, fallback);
const fileIndex = args.indexOf('--file');
const FILE = fileIndex >= 0 ? args[fileIndex + 1] : '/work/shared/market-data/crypto/BTCUSDT_1m.csv';
const ROUNDS = option('rounds', 5);
const TICKS = option('ticks', 20_000);
const WARMUP = option('warmup', 2_000);
const NAIVE_TICKS = Math.min(TICKS, option('naive-ticks', 5_000));
const NAIVE_WARMUP = option('naive-warmup', 500);
const EXPIRY_DAYS = [1, 7, 14, 30, 60].slice(0, option('expiries', 5));
const STRIKES = option('strikes', 200);
const SEED = option('seed', 1);

const DAY_MS = 86_400_000;
const VOLATILITY_WINDOW = 1_440; // a day of one-minute closes before the first tick
const RATE = 0.05;
const STRIKE_STEP = 250;
const CAP_SHARE = 0.2;

// ---------------------------------------------------------------------------------------------
// Closes: the recorded file, else a seeded random walk.
const needed = VOLATILITY_WINDOW + WARMUP + TICKS;
let closes;
let source;
if (existsSync(FILE)) {
  const [header, ...rows] = readFileSync(FILE, 'utf8').trim().split('\n');
  const closeColumn = header.split(',').indexOf('close');
  if (closeColumn < 0) throw new Error(`${FILE}: no close column in "${header}"`);
  closes = rows.map((row) => Number(row.split(',')[closeColumn])).filter((c) => Number.isFinite(c) && c > 0);
  source = `${FILE} (${closes.length.toLocaleString('en')} one-minute closes${closes.length < needed ? ', replayed from the start when used up' : ''})`;
} else {
  const { random } = seededRandom(SEED);
  const perMinute = 0.8 / Math.sqrt(525_600); // 80% a year, BTC-like
  closes = [56_450.51];
  for (let i = 1; i < needed; i++) {
    // Box–Muller from two uniforms.
    const z = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    closes.push(Math.round(closes[i - 1] * Math.exp(perMinute * z) * 100) / 100);
  }
  source = `NO FILE at ${FILE}: a seeded random walk (seed ${SEED}, 80% volatility), ${needed.toLocaleString('en')} closes`;
}
const closeAt = (i) => closes[i % closes.length];

const listingSpot = closeAt(VOLATILITY_WINDOW);
const volatility = boundedVolatility(
  ewmaVolatility(closes.slice(0, VOLATILITY_WINDOW + 1), { lambda: 0.94, periodsPerYear: 525_600 }),
  0.2,
  3,
);

// Ticks: closes after the volatility window, one second apart on the clock.
const LISTED_AT = Date.UTC(2021, 3, 22);
const totalTicks = WARMUP + TICKS;
const tickSpot = new Float64Array(totalTicks);
const tickNow = new Float64Array(totalTicks);
for (let t = 0; t < totalTicks; t++) {
  tickSpot[t] = closeAt(VOLATILITY_WINDOW + t);
  tickNow[t] = LISTED_AT + t * 1000;
}

// The chain.
const cap = Math.round(listingSpot * CAP_SHARE * 100) / 100;
const firstStrike = Math.round((listingSpot * 0.6) / STRIKE_STEP) * STRIKE_STEP;
const series = [];
for (const days of EXPIRY_DAYS) {
  const expiryMs = LISTED_AT + days * DAY_MS;
  for (let j = 0; j < STRIKES; j++) {
    const strike = firstStrike + j * STRIKE_STEP;
    series.push({ type: 'call', strike, cap, expiryMs });
    series.push({ type: 'put', strike, cap: null, expiryMs });
  }
}

console.log('Options chain re-pricing benchmark (issue 19)');
console.log(`date ${new Date().toISOString()}`);
console.log(`command: node bench/options-chain.mjs ${args.join(' ')}`.trim());
console.log(
  `machine: nproc ${os.availableParallelism()}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`ticks from: ${source}`);
console.log(
  `chain: ${series.length.toLocaleString('en')} series = ${EXPIRY_DAYS.length} expiries (${EXPIRY_DAYS.join(', ')} days) × ${STRIKES} strikes (${firstStrike.toLocaleString('en')}–${(firstStrike + (STRIKES - 1) * STRIKE_STEP).toLocaleString('en')}, step ${STRIKE_STEP}) × call capped at ${cap} + put; listing spot ${listingSpot}`,
);
console.log(
  `volatility ${(volatility * 100).toFixed(1)}% (EWMA of the ${VOLATILITY_WINDOW} closes before the first tick, bounded to [20%, 300%]), rate ${RATE * 100}%`,
);
console.log(
  `ticks: ${WARMUP.toLocaleString('en')} warm-up + ${TICKS.toLocaleString('en')} measured per round (naive: ${NAIVE_WARMUP} + ${NAIVE_TICKS.toLocaleString('en')}), ${ROUNDS} rounds alternating`,
);

// ---------------------------------------------------------------------------------------------
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
function summary(nanos) {
  const sorted = Float64Array.from(nanos).sort();
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    p999: percentile(sorted, 0.999),
    max: sorted[sorted.length - 1],
    mean: sum / sorted.length,
  };
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const medianSummary = (rounds) =>
  Object.fromEntries(Object.keys(rounds[0]).map((key) => [key, median(rounds.map((r) => r[key]))]));
const us = (ns) => (ns / 1000).toFixed(1);
const describe = (s) =>
  `p50 ${us(s.p50)} µs, p99 ${us(s.p99)} µs, p99.9 ${us(s.p999)} µs, max ${us(s.max)} µs, mean ${us(s.mean)} µs`;

const pricer = new ChainPricer(series);
let checksum = 0;

function measureChainPricer() {
  for (let t = 0; t < WARMUP; t++) pricer.reprice(tickSpot[t], tickNow[t], RATE, volatility);
  const nanos = new Float64Array(TICKS);
  for (let i = 0; i < TICKS; i++) {
    const t = WARMUP + i;
    const a = process.hrtime.bigint();
    pricer.reprice(tickSpot[t], tickNow[t], RATE, volatility);
    nanos[i] = Number(process.hrtime.bigint() - a);
    checksum += pricer.price[i % pricer.size];
  }
  return summary(nanos);
}

function naiveReprice(spot, nowMs) {
  const out = new Array(series.length);
  for (let i = 0; i < series.length; i++) {
    const s = series[i];
    out[i] = optionGreeks(
      s.type,
      { spot, strike: s.strike, years: yearsBetween(nowMs, s.expiryMs), rate: RATE, volatility },
      s.cap,
    );
  }
  return out;
}

function measureNaive() {
  for (let t = 0; t < NAIVE_WARMUP; t++) checksum += naiveReprice(tickSpot[t], tickNow[t])[0].price;
  const nanos = new Float64Array(NAIVE_TICKS);
  for (let i = 0; i < NAIVE_TICKS; i++) {
    const t = WARMUP + i;
    const a = process.hrtime.bigint();
    const out = naiveReprice(tickSpot[t], tickNow[t]);
    nanos[i] = Number(process.hrtime.bigint() - a);
    checksum += out[i % out.length].price;
  }
  return summary(nanos);
}

const oursRounds = [];
const naiveRounds = [];
for (let r = 0; r < ROUNDS; r++) {
  const ours = measureChainPricer();
  const naive = measureNaive();
  oursRounds.push(ours);
  naiveRounds.push(naive);
  console.log(`round ${r + 1}: ChainPricer ${describe(ours)}`);
  console.log(`         naive       ${describe(naive)}`);
}
const ours = medianSummary(oursRounds);
const naive = medianSummary(naiveRounds);
console.log(
  `ChainPricer, ${series.length.toLocaleString('en')} series (medians of ${ROUNDS} rounds): ${describe(ours)}`,
);
console.log(`naive optionGreeks per series (medians of ${ROUNDS} rounds): ${describe(naive)}`);
console.log(
  `naive / ChainPricer: ${(naive.p50 / ours.p50).toFixed(1)}× at p50, ${(naive.p99 / ours.p99).toFixed(1)}× at p99; goal p99 < 1000 µs: ${ours.p99 < 1e6 ? 'met' : 'NOT met'}`,
);

// No allocation per tick: heap growth between full collections over untimed ticks (no timer,
// whose bigints allocate), the collector reached the way --expose-gc would. Twice: as the ticks are
// fed here (spot and time read from typed arrays, which V8 boxes to pass them: the caller's
// allocation), and with one tick's spot and time boxed once and repeated (the pricer's own).
v8.setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc');
function heapGrowthPerTick(runTicks) {
  runTicks();
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  runTicks();
  return (process.memoryUsage().heapUsed - before) / TICKS;
}
const fedGrowth = heapGrowthPerTick(() => {
  for (let t = 0; t < TICKS; t++) pricer.reprice(tickSpot[t % totalTicks], tickNow[t % totalTicks], RATE, volatility);
});
const oneSpot = tickSpot[0];
const oneNow = tickNow[0];
const ownGrowth = heapGrowthPerTick(() => {
  for (let t = 0; t < TICKS; t++) pricer.reprice(oneSpot, oneNow, RATE, volatility);
});
console.log(
  `heap growth per untimed ChainPricer tick: ${fedGrowth.toFixed(2)} bytes as fed (the two floats boxed by the caller), ${ownGrowth.toFixed(2)} bytes with the arguments boxed once`,
);

// Same answers: one tick through both, largest relative difference over every Greek of every series.
const last = totalTicks - 1;
pricer.reprice(tickSpot[last], tickNow[last], RATE, volatility);
const reference = naiveReprice(tickSpot[last], tickNow[last]);
let worst = 0;
for (let i = 0; i < series.length; i++) {
  for (const greek of ['price', 'delta', 'gamma', 'vega', 'theta']) {
    const a = pricer[greek][i];
    const b = reference[i][greek];
    const scale = Math.max(Math.abs(a), Math.abs(b));
    if (scale > 0) worst = Math.max(worst, Math.abs(a - b) / scale);
  }
}
const years = yearsBetween(tickNow[last], LISTED_AT + EXPIRY_DAYS[0] * DAY_MS);
console.log(
  `ChainPricer vs optionGreeks on the last tick (spot ${tickSpot[last]}, nearest expiry in ${((years * YEAR_MS) / 3_600_000).toFixed(1)} h): max relative difference ${worst.toExponential(2)} (checksum ${checksum.toFixed(0)})`,
);
