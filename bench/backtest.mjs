// Backtest speed (issue 18): one year of one-minute candles (525,600 bars) through the 50/200
// moving-average crossover with fees and margin, against baselines in the same run:
//  - naive: a straightforward exact implementation written here, which recomputes both averages
//    from scratch each bar (summing the last 50 and 200 closes as exact decimals) and marks the
//    position to market every bar with the platform's Decimal rules;
//  - recompute: our engine with a strategy that recomputes both averages from scratch each bar in
//    float64 (isolates the O(1) indicators from the rest of the engine's design).
// The year is built from the recorded BTCUSDT one-minute file (Binance, 2021-04-21 … 2021-05-19,
// 41,476 bars) chained end to end: each copy shifted in time to start one minute after the
// previous one ends (the recorded gaps kept), its prices scaled so its first open equals the
// previous copy's last close (rounded to the cent; the rounding is monotonic, so every bar keeps
// low ≤ open, close ≤ high), the last copy cut at 525,600 bars.
// Rounds alternate (ours, recompute, naive); medians; the naive one runs on a slice of the year
// (--naive-bars) unless --naive-full. The baselines decide on every minute: with --interval other
// than 1 only our engine is measured.
// Usage: npx tsc -b packages/strategies && node bench/backtest.mjs [--rounds 5] [--bars 525600]
//          [--naive-bars 20000] [--recompute-bars 100000] [--naive-full] [--interval 1]
//          [--file /work/shared/market-data/crypto/BTCUSDT_1m.csv]
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { Decimal } from '@openbourse/money';
import { NO_ORDERS, parseCandleCsv, runBacktest, sizePosition, toPriceSeries } from '@openbourse/strategies';
import { notionalUsdt, reachesStopOut, requiredMargin, tradeFee, unrealisedPnl } from '@openbourse/trading-rules';
import { numericOption } from './micro-bench.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => numericOption(args, name, fallback);
const fileIndex = args.indexOf('--file');
const FILE = fileIndex >= 0 ? args[fileIndex + 1] : '/work/shared/market-data/crypto/BTCUSDT_1m.csv';
const ROUNDS = option('rounds', 5);
const BARS = option('bars', 525_600);
const INTERVAL = option('interval', 1);
const BASELINES = INTERVAL === 1;
const NAIVE_FULL = args.includes('--naive-full');
const NAIVE_BARS = NAIVE_FULL ? BARS : Math.min(BARS, option('naive-bars', 20_000));
const RECOMPUTE_BARS = Math.min(BARS, option('recompute-bars', 100_000));

// BTCUSDT as the platform's catalogue lists it: 1 BTC per lot, step 0.00001, 0.0001 to 100 lots,
// crypto's leverage cap 2 (SPEC §0.7).
const INSTRUMENT = {
  contractSize: '1',
  lotStep: '0.00001',
  minLots: '0.0001',
  maxLots: '100',
  leverageCap: 2,
  quoteCurrency: 'USDT',
};
const FEE_RATE = '0.001';
const CAPITAL = '10000';
const LEVERAGE = 2;
const MARGIN_SHARE = '0.5';
const PARAMS = { fast: 50, slow: 200, allowShort: true };

// ---------------------------------------------------------------------------------------------
// One year of minutes from the recorded month.
const recorded = parseCandleCsv(readFileSync(FILE, 'utf8')).candles;
const first = recorded[0];
const last = recorded[recorded.length - 1];
const spanMs = last.openTime - first.openTime + 60_000;
const cents = (text) => Math.round(Number(text) * 100);
const ratioPerCopy = cents(last.close) / cents(first.open);
const year = [];
for (let copy = 0; year.length < BARS; copy++) {
  const factor = ratioPerCopy ** copy;
  const scaled = (text) => (Math.round(cents(text) * factor) / 100).toFixed(2);
  for (const c of recorded) {
    if (year.length === BARS) break;
    year.push({
      openTime: c.openTime + copy * spanMs,
      open: scaled(c.open),
      high: scaled(c.high),
      low: scaled(c.low),
      close: scaled(c.close),
      volume: c.volume,
    });
  }
}
const series = toPriceSeries(year);
const days = (year.at(-1).openTime + 60_000 - year[0].openTime) / 86_400_000;

// ---------------------------------------------------------------------------------------------
// Baseline "recompute": our engine, the averages recomputed from every close kept so far.
function recomputeStrategy({ fast, slow, allowShort }) {
  return {
    id: 'ma-crossover-recompute',
    name: 'ma-crossover recomputing its averages each bar',
    description: 'baseline',
    parameters: [],
    defaults: () => ({}),
    validateParams: () => ({ ok: true, params: {} }),
    warmupBars: () => slow,
    start: () => {
      const closes = [];
      let regime = 0;
      const mean = (n) => {
        let sum = 0;
        for (let i = closes.length - n; i < closes.length; i++) sum += closes[i];
        return sum / n;
      };
      const open = (side) => ({ kind: 'open', side, stopLoss: null, takeProfit: null });
      return {
        strategyId: 'ma-crossover-recompute',
        params: {},
        step: (bar, position) => {
          closes.push(bar.close);
          if (closes.length < slow) return NO_ORDERS;
          const difference = mean(fast) - mean(slow);
          if (difference === 0) return NO_ORDERS;
          const sign = difference > 0 ? 1 : -1;
          const previous = regime;
          regime = sign;
          if (previous === 0 || previous === sign) return NO_ORDERS;
          const side = position?.side ?? null;
          if (sign === 1)
            return side === 'long' ? NO_ORDERS : side === 'short' ? [{ kind: 'close' }, open('long')] : [open('long')];
          if (side === 'short') return NO_ORDERS;
          if (side === 'long') return allowShort ? [{ kind: 'close' }, open('short')] : [{ kind: 'close' }];
          return allowShort ? [open('short')] : NO_ORDERS;
        },
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Baseline "naive": candles as decimal strings, both averages recomputed from scratch each bar as
// exact decimals, the position marked to market each bar with the platform's Decimal rules
// (unrealised P&L, stop-out check at the candle's worst price). Same decisions and fills as the
// engine: orders at the next candle's open, sizing by sizePosition, fee and margin at the open.
function naiveBacktest(candles, { fast, slow, allowShort }) {
  const usdt = (minor) => Decimal.fromMinorUnits(minor, 6);
  let cash = 10_000_000_000n;
  let position = null;
  let pending = [];
  let regime = 0;
  let trades = 0;
  let peak = cash;
  let worst = Decimal.ZERO;
  const closeAt = (price) => {
    const pnl = unrealisedPnl(position.side, position.lots, position.open, price, INSTRUMENT, '1');
    cash += position.margin + pnl;
    if (cash < 0n) cash = 0n;
    position = null;
    trades++;
  };
  for (let i = 0; i < candles.length; i++) {
    const c = candles[i];
    for (const order of pending) {
      if (order.kind === 'close' && position) closeAt(c.open);
      else if (order.kind === 'open' && !position) {
        const sized = sizePosition({
          equity: cash,
          available: cash,
          price: c.open,
          leverage: LEVERAGE,
          marginShare: MARGIN_SHARE,
          feeRate: FEE_RATE,
          instrument: INSTRUMENT,
        });
        if (sized.ok) {
          const notional = notionalUsdt(sized.lots, c.open, INSTRUMENT, '1');
          const margin = requiredMargin(notional, sized.leverage, INSTRUMENT);
          const fee = tradeFee(notional, FEE_RATE);
          cash -= margin + fee;
          position = { side: order.side, lots: sized.lots, open: c.open, margin };
        }
      }
    }
    pending = [];
    if (position) {
      const worstPrice = position.side === 'long' ? c.low : c.high;
      const atWorst =
        cash +
        position.margin +
        unrealisedPnl(position.side, position.lots, position.open, worstPrice, INSTRUMENT, '1');
      if (reachesStopOut(usdt(atWorst), usdt(position.margin))) closeAt(worstPrice);
    }
    if (i + 1 >= slow) {
      const sum = (n) => {
        let total = Decimal.ZERO;
        for (let k = i - n + 1; k <= i; k++) total = total.add(Decimal.parse(candles[k].close));
        return total.div(Decimal.fromInteger(n), 12, 'half-even');
      };
      const difference = sum(fast).sub(sum(slow));
      if (!difference.isZero()) {
        const sign = difference.isPositive() ? 1 : -1;
        const previous = regime;
        regime = sign;
        if (previous !== 0 && previous !== sign) {
          const side = position?.side ?? null;
          if (sign === 1 && side !== 'long')
            pending =
              side === 'short' ? [{ kind: 'close' }, { kind: 'open', side: 'long' }] : [{ kind: 'open', side: 'long' }];
          if (sign === -1 && side === 'long')
            pending = allowShort ? [{ kind: 'close' }, { kind: 'open', side: 'short' }] : [{ kind: 'close' }];
          if (sign === -1 && side === null && allowShort) pending = [{ kind: 'open', side: 'short' }];
        }
      }
    }
    const equity = position
      ? cash + position.margin + unrealisedPnl(position.side, position.lots, position.open, c.close, INSTRUMENT, '1')
      : cash;
    if (equity > peak) peak = equity;
    const fall = usdt(peak - equity).div(usdt(peak), 6, 'ceil');
    if (fall.gt(worst)) worst = fall;
  }
  if (position) closeAt(candles.at(-1).close);
  return { trades, finalEquity: usdt(cash).toFixed(6), maxDrawdown: worst.toFixed(6) };
}

// ---------------------------------------------------------------------------------------------
const input = (candles, strategy = 'ma-crossover') => ({
  strategy,
  params: strategy === 'ma-crossover' ? PARAMS : {},
  candles,
  interval: INTERVAL,
  instrument: INSTRUMENT,
  feeRate: FEE_RATE,
  initialCapital: CAPITAL,
  leverage: LEVERAGE,
  marginShare: MARGIN_SHARE,
});

function timed(fn) {
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  const result = fn();
  const wallNs = Number(process.hrtime.bigint() - started);
  const used = process.cpuUsage(cpu);
  return { result, wallNs, cpuNs: (used.user + used.system) * 1000 };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const rate = (bars, ns) => `${((bars / ns) * 1e3).toFixed(2)} M bars/s`;
const ms = (ns) => `${(ns / 1e6).toFixed(0)} ms`;

console.log('Backtest speed (issue 18): 50/200 moving-average crossover, fees and margin');
console.log(`date ${new Date().toISOString()}`);
console.log(`command: node bench/backtest.mjs ${args.join(' ')}`.trim());
console.log(
  `machine: nproc ${os.availableParallelism()}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  `data: ${year.length.toLocaleString('en')} one-minute bars (${days.toFixed(1)} days) built from ${recorded.length.toLocaleString('en')} recorded BTCUSDT minutes chained end to end; prices ${year[0].open} → ${year.at(-1).close}`,
);
console.log(
  `run: ${JSON.stringify(PARAMS)}, interval ${INTERVAL} min, capital ${CAPITAL} USDT, leverage ${LEVERAGE}, margin share ${MARGIN_SHARE}, fee rate ${FEE_RATE}; naive on ${NAIVE_BARS.toLocaleString('en')} bars, recompute on ${RECOMPUTE_BARS.toLocaleString('en')}`,
);

// Warm-up: one small run of each, so the first measured round is not the compiler's.
runBacktest(input(year.slice(0, 20_000)));
if (BASELINES) {
  runBacktest(input(toPriceSeries(year.slice(0, 20_000)), recomputeStrategy(PARAMS)));
  naiveBacktest(year.slice(0, 2_000), PARAMS);
}

const oursSeries = [];
const oursCandles = [];
const recompute = [];
const naive = [];
let oursResult;
let naiveResult;
const recomputeSeries = toPriceSeries(year.slice(0, RECOMPUTE_BARS));
const naiveSlice = year.slice(0, NAIVE_BARS);
for (let round = 0; round < ROUNDS; round++) {
  const fromSeries = timed(() => runBacktest(input(series)));
  oursSeries.push(fromSeries);
  oursResult = fromSeries.result;
  oursCandles.push(timed(() => runBacktest(input(year))));
  if (BASELINES) recompute.push(timed(() => runBacktest(input(recomputeSeries, recomputeStrategy(PARAMS)))));
  if (BASELINES && (round === 0 || !NAIVE_FULL)) {
    const n = timed(() => naiveBacktest(naiveSlice, PARAMS));
    naive.push(n);
    naiveResult = n.result;
  }
  console.log(
    `round ${round + 1}: ours ${ms(fromSeries.wallNs)} (from strings ${ms(oursCandles.at(-1).wallNs)})${BASELINES ? `, recompute ${ms(recompute.at(-1).wallNs)}` : ''}${naive.length > round ? `, naive ${ms(naive.at(-1).wallNs)}` : ''}`,
  );
}

const perBar = (runs, bars, key) => median(runs.map((r) => r[key])) / bars;
const oursWall = median(oursSeries.map((r) => r.wallNs));
const oursCpu = median(oursSeries.map((r) => r.cpuNs));
const candlesWall = median(oursCandles.map((r) => r.wallNs));
console.log('');
console.log(
  `ours (engine on the price series): median ${ms(oursWall)} wall (${rate(BARS, oursWall)}), ${ms(oursCpu)} CPU (${rate(BARS, oursCpu)}); ${oursResult.trades} trades, final equity ${oursResult.finalEquity}, max drawdown ${oursResult.maxDrawdown}`,
);
console.log(
  `ours (from the candles' decimal strings, series built in the run): median ${ms(candlesWall)} wall (${rate(BARS, candlesWall)})`,
);
if (!BASELINES) {
  console.log(`goal: under 1 s (≥ 0.5 M bars/s): ${oursWall < 1e9 ? 'met' : 'NOT met'}; baselines: interval 1 only`);
  process.exit(0);
}
console.log(
  `recompute baseline (float64 averages from scratch, our engine): ${(perBar(recompute, RECOMPUTE_BARS, 'wallNs') / 1000).toFixed(2)} µs/bar wall (${rate(1, perBar(recompute, RECOMPUTE_BARS, 'wallNs'))})`,
);
console.log(
  `naive baseline (exact decimal averages from scratch, Decimal marks): ${(perBar(naive, NAIVE_BARS, 'wallNs') / 1000).toFixed(2)} µs/bar wall over ${NAIVE_BARS.toLocaleString('en')} bars → ${((perBar(naive, NAIVE_BARS, 'wallNs') * BARS) / 1e9).toFixed(1)} s for the year${NAIVE_FULL ? ' (measured)' : ' (extrapolated)'}; ${naiveResult.trades} trades, final equity ${naiveResult.finalEquity}`,
);
const oursPerBar = oursWall / BARS;
console.log(
  `ratios per bar (wall medians): ours vs naive ${(perBar(naive, NAIVE_BARS, 'wallNs') / oursPerBar).toFixed(0)}×, ours vs recompute ${(perBar(recompute, RECOMPUTE_BARS, 'wallNs') / oursPerBar).toFixed(1)}×; CPU: ours vs naive ${(perBar(naive, NAIVE_BARS, 'cpuNs') / (oursCpu / BARS)).toFixed(0)}×`,
);
console.log(
  `goals: under 1 s (≥ 0.5 M bars/s): ${oursWall < 1e9 ? 'met' : 'NOT met'}; ours ≥ 50× the naive: ${perBar(naive, NAIVE_BARS, 'wallNs') / oursPerBar >= 50 ? 'met' : 'NOT met'}`,
);
// Same decisions on the slice: our engine over the naive one's bars, for comparison.
const check = runBacktest(input(naiveSlice));
console.log(
  `check on the naive slice: ours ${check.trades} trades, final ${check.finalEquity}, drawdown ${check.maxDrawdown}; naive ${naiveResult.trades} trades, final ${naiveResult.finalEquity}, drawdown ${naiveResult.maxDrawdown}`,
);
