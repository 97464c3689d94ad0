// The trigger engine with 1,000,000 resting levels across 100 instruments (stop losses, take
// profits, entries and stop-out prices 1–10% from the price, 10% trailing stops): per-tick latency
// when nothing fires, against a naive scan of the same ticks (the instrument's levels, and every
// level), and the time of one tick that fires 1,000 levels.
// Usage: npx tsc -b apps/server && node bench/trigger-engine.mjs [--levels 1000000] [--instruments 100]
//          [--ticks 200000] [--warmup 20000] [--naive-ticks 2000] [--fire-rounds 50] [--seed 1]
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { line, numericOption, seededRandom, stats, us } from './micro-bench.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { TriggerEngine } = await import(
  pathToFileURL(path.join(here, '../apps/server/dist/modules/trading/trigger-engine.js')).href
);

const args = process.argv.slice(2);
const option = (name, fallback) => numericOption(args, name, fallback);
const LEVELS = option('levels', 1_000_000);
const INSTRUMENTS = option('instruments', 100);
const TICKS = option('ticks', 200_000);
const WARMUP = option('warmup', 20_000);
const NAIVE_TICKS = option('naive-ticks', 2_000);
const FIRE_ROUNDS = option('fire-rounds', 50);
const SEED = option('seed', 1);

const { random, between } = seededRandom(SEED);

// ---------------------------------------------------------------------------------------------
// Instruments of different magnitudes (FX, shares, indices, crypto) with their decimals.
const SHAPES = [
  { price: 1.0857, decimals: 5 },
  { price: 187.42, decimals: 2 },
  { price: 5234.5, decimals: 1 },
  { price: 64_210.37, decimals: 2 },
];
const instruments = Array.from({ length: INSTRUMENTS }, (_, i) => {
  const shape = SHAPES[i % SHAPES.length];
  const base = shape.price * between(0.8, 1.2);
  return { code: `I${i}`, base, decimals: shape.decimals, unit: 10 ** -shape.decimals };
});
const round = (inst, value) => Number(value.toFixed(inst.decimals));

// The ticks stay within ±0.4% of each instrument's base price; every resting level is at least 1%
// away (a trailing stop's distance is at least 1%, its peak at most 0.5% above the base), so no
// tick fires anything: this measures the "nothing fires" path, the one almost every tick takes.
const BAND = 0.004;

const levels = [];
const perInstrument = Math.floor(LEVELS / INSTRUMENTS);
for (const inst of instruments) {
  for (let j = 0; j < perInstrument; j++) {
    const id = `${inst.code}-${j}`;
    const r = random();
    const u = between(0.01, 0.1);
    const below = round(inst, inst.base * (1 - u));
    const above = round(inst, inst.base * (1 + u));
    const long = random() < 0.5;
    if (r < 0.3) {
      levels.push({
        id,
        code: inst.code,
        side: long ? 'fall' : 'rise',
        kind: 'stop_loss',
        price: long ? below : above,
      });
    } else if (r < 0.6) {
      levels.push({
        id,
        code: inst.code,
        side: long ? 'rise' : 'fall',
        kind: 'take_profit',
        price: long ? above : below,
      });
    } else if (r < 0.85) {
      // buy-limit / sell-stop below (fall), sell-limit / buy-stop above (rise)
      const fall = random() < 0.5;
      levels.push({ id, code: inst.code, side: fall ? 'fall' : 'rise', kind: 'entry', price: fall ? below : above });
    } else if (r < 0.9) {
      levels.push({ id, code: inst.code, side: long ? 'fall' : 'rise', kind: 'stop_out', price: long ? below : above });
    } else {
      // Set when the price was somewhere within ±0.5% of the base, `distance` behind it.
      const created = inst.base * (1 + between(-0.005, 0.005));
      const distance = round(inst, inst.base * u);
      const price = round(inst, long ? created - distance : created + distance);
      levels.push({
        id,
        code: inst.code,
        side: long ? 'fall' : 'rise',
        kind: 'trailing_stop',
        price,
        trailingDistance: distance,
      });
    }
  }
}

// Ticks: a random instrument moves by a small random step (up to 0.02%), reflected at the band.
const totalTicks = WARMUP + TICKS;
const tickInstrument = new Int32Array(totalTicks);
const tickPrice = new Array(totalTicks);
const units = instruments.map((inst) => Math.round(inst.base / inst.unit));
const lowUnits = instruments.map((inst) => Math.ceil((inst.base * (1 - BAND)) / inst.unit));
const highUnits = instruments.map((inst) => Math.floor((inst.base * (1 + BAND)) / inst.unit));
const maxStep = instruments.map((inst) => Math.max(1, Math.round((inst.base * 0.0002) / inst.unit)));
const priceOf = (k, u) => (u * instruments[k].unit).toFixed(instruments[k].decimals);
const firstTicks = instruments.map((_, k) => priceOf(k, units[k]));
for (let t = 0; t < totalTicks; t++) {
  const k = Math.floor(random() * INSTRUMENTS);
  let next = units[k] + Math.round(between(-maxStep[k], maxStep[k]));
  if (next > highUnits[k]) next = 2 * highUnits[k] - next;
  if (next < lowUnits[k]) next = 2 * lowUnits[k] - next;
  units[k] = next;
  tickInstrument[t] = k;
  tickPrice[t] = priceOf(k, next);
}

// ---------------------------------------------------------------------------------------------
console.log('Trigger engine benchmark');
console.log(`date ${new Date().toISOString()}`);
console.log(`command: node bench/trigger-engine.mjs ${args.join(' ')}`.trim());
console.log(
  `machine: nproc ${os.availableParallelism()}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, node ${process.version}`,
);
const trailingCount = levels.filter((l) => l.kind === 'trailing_stop').length;
console.log(
  `book: ${levels.length.toLocaleString('en')} levels over ${INSTRUMENTS} instruments (${trailingCount.toLocaleString('en')} trailing stops); ticks: ${WARMUP.toLocaleString('en')} warm-up + ${TICKS.toLocaleString('en')} measured`,
);

const engine = new TriggerEngine();
const heapBefore = process.memoryUsage().heapUsed;
let started = process.hrtime.bigint();
for (const level of levels) engine.add(level);
const loadNs = Number(process.hrtime.bigint() - started);
console.log(
  `load: ${(loadNs / 1e6).toFixed(0)} ms (${(loadNs / levels.length).toFixed(0)} ns per add), heap +${((process.memoryUsage().heapUsed - heapBefore) / 2 ** 20).toFixed(0)} MiB`,
);

// Each instrument's first tick starts the trailing stops whose start peak is below the price
// (about half of them, merged into one group): a one-off cost after loading.
const firstTickNs = [];
let fired = 0;
for (let k = 0; k < INSTRUMENTS; k++) {
  started = process.hrtime.bigint();
  fired += engine.onTick(instruments[k].code, firstTicks[k], 0).length;
  firstTickNs.push(Number(process.hrtime.bigint() - started));
}
console.log(line('first tick per instrument (starts ~500 trailing stops each)', stats(firstTickNs)));

let overhead = new Float64Array(100_000);
for (let i = 0; i < overhead.length; i++) {
  const a = process.hrtime.bigint();
  overhead[i] = Number(process.hrtime.bigint() - a);
}
overhead = stats(overhead);

for (let t = 0; t < WARMUP; t++) fired += engine.onTick(instruments[tickInstrument[t]].code, tickPrice[t], t).length;
const engineNs = new Float64Array(TICKS);
for (let i = 0; i < TICKS; i++) {
  const t = WARMUP + i;
  const code = instruments[tickInstrument[t]].code;
  const price = tickPrice[t];
  const a = process.hrtime.bigint();
  const out = engine.onTick(code, price, t);
  engineNs[i] = Number(process.hrtime.bigint() - a);
  fired += out.length;
}
const engineStats = stats(engineNs);
console.log(line(`engine, nothing fires (${TICKS.toLocaleString('en')} ticks)`, engineStats));
console.log(`  (hrtime pair alone: p50 ${us(overhead.p50)} µs; included above)`);
// The same ticks again without a timer per tick: throughput.
started = process.hrtime.bigint();
for (let t = WARMUP; t < totalTicks; t++)
  fired += engine.onTick(instruments[tickInstrument[t]].code, tickPrice[t], t).length;
const batchNs = Number(process.hrtime.bigint() - started) / TICKS;
console.log(
  `engine, same ticks untimed: ${batchNs.toFixed(0)} ns per tick (${(1e9 / batchNs / 1e6).toFixed(2)} M ticks/s)`,
);
console.log(
  `levels fired by these ticks: ${fired} (expected 0); levels resting: ${engine.size().toLocaleString('en')}`,
);

// ---------------------------------------------------------------------------------------------
// The naive engine: every level in flat typed arrays (as fast as a scan gets), instruments
// contiguous; each tick checks each level and ratchets each trailing stop one by one.
const n = levels.length;
const levelAt = new Float64Array(n);
const extreme = new Float64Array(n);
const distance = new Float64Array(n);
const rises = new Uint8Array(n);
const owner = new Int32Array(n);
const start = new Int32Array(INSTRUMENTS + 1);
for (let i = 0; i < n; i++) {
  const l = levels[i];
  const d = l.kind === 'trailing_stop' ? l.trailingDistance : 0;
  levelAt[i] = l.price;
  distance[i] = d;
  rises[i] = l.side === 'rise' ? 1 : 0;
  extreme[i] = l.side === 'rise' ? l.price - d : l.price + d;
  owner[i] = Number(l.code.slice(1));
  start[owner[i] + 1] = i + 1;
}
const lastPrice = new Float64Array(INSTRUMENTS);
const scan = (from, to) => {
  let hits = 0;
  for (let i = from; i < to; i++) {
    const x = lastPrice[owner[i]];
    const d = distance[i];
    if (rises[i] === 0) {
      if (d > 0 && x > extreme[i]) {
        extreme[i] = x;
        levelAt[i] = x - d;
      }
      if (x <= levelAt[i]) hits++;
    } else {
      if (d > 0 && x < extreme[i]) {
        extreme[i] = x;
        levelAt[i] = x + d;
      }
      if (x >= levelAt[i]) hits++;
    }
  }
  return hits;
};
for (let k = 0; k < INSTRUMENTS; k++) lastPrice[k] = Number(firstTicks[k]);
for (let k = 0; k < INSTRUMENTS; k++) scan(start[k], start[k + 1]);

const naiveInstrumentNs = new Float64Array(NAIVE_TICKS);
let naiveHits = 0;
for (let i = 0; i < NAIVE_TICKS; i++) {
  const t = WARMUP + i;
  const k = tickInstrument[t];
  const a = process.hrtime.bigint();
  const x = Number(tickPrice[t]);
  lastPrice[k] = x;
  naiveHits += scan(start[k], start[k + 1]);
  naiveInstrumentNs[i] = Number(process.hrtime.bigint() - a);
}
const naiveInstrument = stats(naiveInstrumentNs);
console.log(
  line(
    `naive, scan the instrument's ${perInstrument.toLocaleString('en')} levels (${NAIVE_TICKS} ticks)`,
    naiveInstrument,
  ),
);

const naiveAllNs = new Float64Array(NAIVE_TICKS);
for (let i = 0; i < NAIVE_TICKS; i++) {
  const t = WARMUP + i;
  const a = process.hrtime.bigint();
  lastPrice[tickInstrument[t]] = Number(tickPrice[t]);
  naiveHits += scan(0, n);
  naiveAllNs[i] = Number(process.hrtime.bigint() - a);
}
const naiveAll = stats(naiveAllNs);
console.log(line(`naive, scan every level (${n.toLocaleString('en')}) per tick (${NAIVE_TICKS} ticks)`, naiveAll));
console.log(`  (naive levels hit: ${naiveHits}, expected 0)`);
const ratio = (a, b) => `${Math.round(a / b).toLocaleString('en')}×`;
console.log(
  `speed-up vs the instrument scan: ${ratio(naiveInstrument.p50, engineStats.p50)} at p50, ${ratio(naiveInstrument.mean, engineStats.mean)} on the mean, ${ratio(naiveInstrument.p99, engineStats.p99)} at p99`,
);
console.log(
  `speed-up vs scanning every level: ${ratio(naiveAll.p50, engineStats.p50)} at p50, ${ratio(naiveAll.mean, engineStats.mean)} on the mean, ${ratio(naiveAll.p99, engineStats.p99)} at p99`,
);

// ---------------------------------------------------------------------------------------------
// Time to fire: on a loaded instrument, 1,000 fall levels just below the price (800 fixed, 200
// trailing stops that have started to trail), then one tick that gaps through all of them.
const addNs = [];
const trailNs = [];
const fireNs = [];
let wrongCounts = 0;
let fireTick = totalTicks;
for (let r = 0; r < FIRE_ROUNDS; r++) {
  const k = r % INSTRUMENTS;
  const inst = instruments[k];
  const p = units[k] * inst.unit;
  const batch = [];
  for (let j = 0; j < 1000; j++) {
    const id = `fire-${r}-${j}`;
    if (j % 5 === 0) {
      const d = p * between(0.0005, 0.001);
      batch.push({ id, code: inst.code, side: 'fall', kind: 'trailing_stop', price: p * 0.9988, trailingDistance: d });
    } else {
      batch.push({
        id,
        code: inst.code,
        side: 'fall',
        kind: j % 2 ? 'stop_loss' : 'entry',
        price: p * between(0.999, 0.9995),
      });
    }
  }
  let a = process.hrtime.bigint();
  for (const level of batch) engine.add(level);
  addNs.push(Number(process.hrtime.bigint() - a) / batch.length);
  a = process.hrtime.bigint();
  engine.onTick(inst.code, priceOf(k, units[k] + 1), fireTick++); // the trailing stops start to trail
  trailNs.push(Number(process.hrtime.bigint() - a));
  const gap = (p * 0.9989).toFixed(inst.decimals);
  a = process.hrtime.bigint();
  const out = engine.onTick(inst.code, gap, fireTick++);
  fireNs.push(Number(process.hrtime.bigint() - a));
  if (out.length !== 1000) wrongCounts++;
  engine.onTick(inst.code, priceOf(k, units[k]), fireTick++);
}
const fire = stats(fireNs);
console.log(
  `${line(`one tick firing 1,000 levels (${FIRE_ROUNDS} rounds)`, fire)}; ${(fire.p50 / 1000).toFixed(0)} ns per level at p50`,
);
console.log(
  `  tick that starts 200 trailing stops: p50 ${us(stats(trailNs).p50)} µs; add: ${stats(addNs).p50.toFixed(0)} ns per level`,
);
console.log(
  `  rounds where the count fired was not 1,000: ${wrongCounts}; levels resting: ${engine.size().toLocaleString('en')}`,
);
