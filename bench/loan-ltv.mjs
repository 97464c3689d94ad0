// The LTV monitor of crypto-backed loans (issue 17) with 100,000 open loans on one price pair
// (BTC/USDT, the worst case: every loan watches the pair that ticks): per-tick latency when no loan
// crosses its margin-call or liquidation price, against baselines measured in the same run (the
// timer alone, a scan of every loan's precomputed trigger prices in a typed array, and a scan of
// every loan with the exact decimal LTV rule), then the time of a tick that crosses 1,000 loans and
// of re-watching a loan (its debt changed).
// Usage: npx tsc -b apps/server && node bench/loan-ltv.mjs [--loans 100000] [--ticks 200000]
//          [--warmup 20000] [--scan-ticks 2000] [--exact-ticks 20] [--fire-rounds 30] [--seed 1]
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { line, numericOption, seededRandom, stats } from './micro-bench.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const domain = await import(pathToFileURL(path.join(here, '../apps/server/dist/modules/lending/domain/index.js')).href);
const { Decimal } = await import('@openbourse/money');
const { LtvMonitor, ltvReaches, nextWarningLtv, ltvOf } = domain;

const args = process.argv.slice(2);
const option = (name, fallback) => numericOption(args, name, fallback);
const LOANS = option('loans', 100_000);
const TICKS = option('ticks', 200_000);
const WARMUP = option('warmup', 20_000);
const SCAN_TICKS = option('scan-ticks', 2_000);
const EXACT_TICKS = option('exact-ticks', 20);
const FIRE_ROUNDS = option('fire-rounds', 30);
const SEED = option('seed', 1);

const { between } = seededRandom(SEED);

const ratio = (a, b) => `${Math.round(a / b).toLocaleString('en')}×`;

// ---------------------------------------------------------------------------------------------
// Loans: 0.01–5 BTC of collateral each, borrowed at an LTV of 0.30–0.65 at 60,000 (thresholds
// 0.5 initial, 0.7 margin call, 0.8 liquidation; loans that have drifted above the initial LTV
// included). The nearest warning price is at 60,000 × 0.65 / 0.7 ≈ 55,714; ticks stay within ±2% of
// 60,000 (58,800–61,200), so no tick crosses anything: the path almost every tick takes.
const BASE = 60_000;
const BAND = 0.02;
const thresholds = {
  initialLtv: Decimal.parse('0.5'),
  marginCallLtv: Decimal.parse('0.7'),
  liquidationLtv: Decimal.parse('0.8'),
};
const basePrice = Decimal.parse(String(BASE));
const loans = [];
for (let i = 0; i < LOANS; i++) {
  const collateral = Decimal.fromMinorUnits(BigInt(Math.round(between(0.01, 5) * 1e8)), 8);
  const ltv = between(0.3, 0.65);
  const debt = collateral
    .mul(Decimal.parse(ltv.toFixed(6)))
    .mul(basePrice)
    .round(6, 'floor');
  loans.push({
    loanId: `L${i}`,
    collateralAsset: 'BTC',
    loanAsset: 'USDT',
    debt,
    collateral,
    warnLtv: nextWarningLtv(thresholds, ltvOf(debt, collateral, basePrice)),
    liquidationLtv: thresholds.liquidationLtv,
  });
}

// Ticks: a random walk of up to ±$6 (0.01%) per tick in cents, reflected at the band.
const totalTicks = WARMUP + TICKS;
const tickPrice = new Array(totalTicks);
let cents = BASE * 100;
const low = Math.ceil(BASE * (1 - BAND) * 100);
const high = Math.floor(BASE * (1 + BAND) * 100);
for (let t = 0; t < totalTicks; t++) {
  let next = cents + Math.round(between(-600, 600));
  if (next > high) next = 2 * high - next;
  if (next < low) next = 2 * low - next;
  cents = next;
  tickPrice[t] = (cents / 100).toFixed(2);
}

console.log('LTV monitor benchmark (crypto-backed loans)');
console.log(`date ${new Date().toISOString()}`);
console.log(`command: node bench/loan-ltv.mjs ${args.join(' ')}`.trim());
console.log(
  `machine: nproc ${os.availableParallelism()}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, node ${process.version}`,
);
console.log(
  `loans: ${LOANS.toLocaleString('en')} open on BTC/USDT; ticks: ${WARMUP.toLocaleString('en')} warm-up + ${TICKS.toLocaleString('en')} measured, ${low / 100}–${high / 100}`,
);

const monitor = new LtvMonitor();
const heapBefore = process.memoryUsage().heapUsed;
let started = process.hrtime.bigint();
for (const loan of loans) monitor.upsert(loan);
const loadNs = Number(process.hrtime.bigint() - started);
console.log(
  `load: ${(loadNs / 1e6).toFixed(0)} ms (${(loadNs / LOANS / 1000).toFixed(1)} µs per loan: two exact trigger prices and two heap inserts), heap +${((process.memoryUsage().heapUsed - heapBefore) / 2 ** 20).toFixed(0)} MiB`,
);

// Baseline 1: the timer pair alone (an empty loop body), per tick.
const overheadNs = new Float64Array(TICKS);
for (let i = 0; i < TICKS; i++) {
  const a = process.hrtime.bigint();
  overheadNs[i] = Number(process.hrtime.bigint() - a);
}
const overhead = stats(overheadNs);

let crossed = 0;
for (let t = 0; t < WARMUP; t++) {
  const out = monitor.onPrice('BTC', 'USDT', tickPrice[t]);
  crossed += out.warnings.length + out.liquidations.length;
}
const monitorNs = new Float64Array(TICKS);
for (let i = 0; i < TICKS; i++) {
  const price = tickPrice[WARMUP + i];
  const a = process.hrtime.bigint();
  const out = monitor.onPrice('BTC', 'USDT', price);
  monitorNs[i] = Number(process.hrtime.bigint() - a);
  crossed += out.warnings.length + out.liquidations.length;
}
const monitorStats = stats(monitorNs);
console.log(
  line(`monitor, nothing crossed (${TICKS.toLocaleString('en')} ticks, price as the feed's string)`, monitorStats),
);
console.log(line('  baseline: the timer pair alone (empty loop body)', overhead));
started = process.hrtime.bigint();
for (let t = WARMUP; t < totalTicks; t++) monitor.onPrice('BTC', 'USDT', tickPrice[t]);
const batchNs = Number(process.hrtime.bigint() - started) / TICKS;
console.log(
  `monitor, same ticks untimed: ${batchNs.toFixed(0)} ns per tick (${(1e9 / batchNs / 1e6).toFixed(2)} M ticks/s)`,
);
console.log(
  `loans crossed by these ticks: ${crossed} (expected 0); loans watched: ${monitor.size().toLocaleString('en')}`,
);

// Baseline 2: a scan of every loan per tick, as fast as a scan gets: each loan's warning and
// liquidation prices precomputed as float64 in typed arrays (inexact, but a lower bound on a scan).
const warnAt = new Float64Array(LOANS);
const liquidateAt = new Float64Array(LOANS);
loans.forEach((loan, i) => {
  const prices = monitor.triggerPricesOf(loan.loanId);
  warnAt[i] = prices.warn === null ? -1 : Number(prices.warn.toString());
  liquidateAt[i] = Number(prices.liquidation.toString());
});
const scanNs = new Float64Array(SCAN_TICKS);
let scanHits = 0;
for (let i = 0; i < SCAN_TICKS; i++) {
  const price = tickPrice[WARMUP + i];
  const a = process.hrtime.bigint();
  const x = Number(price);
  for (let j = 0; j < LOANS; j++) if (x <= liquidateAt[j] || x <= warnAt[j]) scanHits++;
  scanNs[i] = Number(process.hrtime.bigint() - a);
}
const scanStats = stats(scanNs);
console.log(
  line(`scan of ${LOANS.toLocaleString('en')} float trigger prices per tick (${SCAN_TICKS} ticks)`, scanStats),
);

// Baseline 3: a scan with the exact rule a naive engine would write: each loan's LTV at the price.
const exactNs = new Float64Array(EXACT_TICKS);
for (let i = 0; i < EXACT_TICKS; i++) {
  const price = tickPrice[WARMUP + i];
  const a = process.hrtime.bigint();
  const p = Decimal.parse(price);
  for (const loan of loans) {
    if (ltvReaches(loan.debt, loan.collateral, p, loan.liquidationLtv)) scanHits++;
    else if (loan.warnLtv !== null && ltvReaches(loan.debt, loan.collateral, p, loan.warnLtv)) scanHits++;
  }
  exactNs[i] = Number(process.hrtime.bigint() - a);
}
const exactStats = stats(exactNs);
console.log(
  line(
    `scan of ${LOANS.toLocaleString('en')} loans with the exact decimal LTV rule (${EXACT_TICKS} ticks)`,
    exactStats,
  ),
);
console.log(`  (scan hits: ${scanHits}, expected 0)`);
console.log(
  `monitor vs the float scan: ${ratio(scanStats.p50, monitorStats.p50)} at p50, ${ratio(scanStats.mean, monitorStats.mean)} on the mean, ${ratio(scanStats.p99, monitorStats.p99)} at p99`,
);
console.log(
  `monitor vs the exact scan: ${ratio(exactStats.p50, monitorStats.p50)} at p50, ${ratio(exactStats.p99, monitorStats.p99)} at p99`,
);
console.log(`monitor p50 against the timer pair alone: ${(monitorStats.p50 / overhead.p50).toFixed(1)}×`);

// ---------------------------------------------------------------------------------------------
// A tick that crosses 1,000 loans: 1,000 loans added just above the band (liquidation between
// 62,000 and 62,500), one tick at 61,999.99 liquidates them all; and re-watching a loan.
const fireNs = [];
const upsertNs = [];
let wrongCounts = 0;
for (let r = 0; r < FIRE_ROUNDS; r++) {
  const batch = [];
  for (let j = 0; j < 1000; j++) {
    const collateral = Decimal.parse('1');
    const debt = Decimal.parse((between(62_000, 62_500) * 0.8).toFixed(6));
    batch.push({
      loanId: `F${r}-${j}`,
      collateralAsset: 'BTC',
      loanAsset: 'USDT',
      debt,
      collateral,
      warnLtv: null,
      liquidationLtv: thresholds.liquidationLtv,
    });
  }
  let a = process.hrtime.bigint();
  for (const loan of batch) monitor.upsert(loan);
  upsertNs.push(Number(process.hrtime.bigint() - a) / batch.length);
  a = process.hrtime.bigint();
  const out = monitor.onPrice('BTC', 'USDT', '61999.99');
  fireNs.push(Number(process.hrtime.bigint() - a));
  if (out.liquidations.length !== 1000) wrongCounts++;
}
const fire = stats(fireNs);
console.log(
  `${line(`one tick crossing 1,000 loans (${FIRE_ROUNDS} rounds)`, fire)}; ${(fire.p50 / 1000).toFixed(0)} ns per loan at p50`,
);
console.log(
  `upsert with ${LOANS.toLocaleString('en')} loans watched: p50 ${(stats(upsertNs).p50 / 1000).toFixed(1)} µs per loan; rounds where the count crossed was not 1,000: ${wrongCounts}`,
);
