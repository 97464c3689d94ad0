import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Candle, parseCandleCsv, runBacktest } from '@openbourse/strategies';
import type { PlanInstrument, PlansContext } from './plans.context.js';
import type { StoredBacktest } from './plans.tables.js';
import type { SmartProductRow } from './smart-products.repository.js';

/**
 * A plan product's historical performance (issue 18, SPEC §0.5): its strategy replayed by the
 * same code the live plans run (packages/strategies) over recorded prices, with the platform's
 * fee and margin rules. The data, in order of preference:
 * 1. the replay feed's own file when the instrument is replayed (`--replay DIR`): historical;
 * 2. a recorded 1-minute file of the instrument in the configured market-data folder
 *    (`<class>/<CODE>_1m.csv`, the shared market-data layout): historical;
 * 3. the platform's stored candles of the instrument's feed over the last days: historical for
 *    a market feed, but "sandbox" for the simulator (and the test feed) — never called history.
 */

/** The capital the backtest starts with: returns are ratios, so it only sets the lot granularity. */
export const BACKTEST_CAPITAL = '10000';
const DAY_MS = 86_400_000;

type BacktestData = { dataKind: StoredBacktest['dataKind']; source: string; candles: Candle[] };

function findRecordedFile(folder: string, code: string): string | null {
  const name = `${code}_1m.csv`;
  if (existsSync(path.join(folder, name))) return path.join(folder, name);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isDirectory() && existsSync(path.join(folder, entry.name, name))) {
      return path.join(folder, entry.name, name);
    }
  }
  return null;
}

async function recordedCandles(file: string): Promise<Candle[]> {
  const parsed = parseCandleCsv(await readFile(file, 'utf8'));
  if (parsed.candleMinutes !== 1) throw new Error(`${path.basename(file)} does not hold 1-minute bars`);
  return parsed.candles;
}

async function backtestData(ctx: PlansContext, instrument: PlanInstrument): Promise<BacktestData> {
  const { replayDir, recordedDir, storedDays } = ctx.backtestData;
  if (instrument.feed === 'replay' && replayDir) {
    const file = path.join(replayDir, `${instrument.code}_1m.csv`);
    if (existsSync(file)) {
      return {
        dataKind: 'historical',
        source: `replay file ${path.basename(file)}`,
        candles: await recordedCandles(file),
      };
    }
  }
  if (recordedDir && existsSync(recordedDir)) {
    const file = findRecordedFile(recordedDir, instrument.code);
    if (file) {
      const relative = path.relative(recordedDir, file).split(path.sep).join('/');
      return { dataKind: 'historical', source: `recorded file ${relative}`, candles: await recordedCandles(file) };
    }
  }
  const now = ctx.clock.now().getTime();
  const stored = await ctx.market.minuteCandles(instrument.code, now - storedDays * DAY_MS, now);
  const feed = stored.source ?? 'none';
  const isHistory = feed === 'binance' || feed === 'replay';
  return {
    dataKind: isHistory ? 'historical' : 'sandbox',
    source: `${feed} candles of ${instrument.code}`,
    candles: stored.candles,
  };
}

/** Runs a product's backtest now; throws with a reason an operator can read when it cannot run. */
export async function backtestProduct(ctx: PlansContext, row: SmartProductRow): Promise<StoredBacktest> {
  const instrument = ctx.market.instrument(row.code);
  if (!instrument) throw new Error(`${row.code} is not a listed instrument`);
  const data = await backtestData(ctx, instrument);
  if (data.candles.length === 0) throw new Error(`no candles of ${row.code} to replay (${data.source})`);
  const result = runBacktest({
    strategy: row.strategy,
    params: row.params,
    candles: data.candles,
    interval: row.interval_minutes,
    instrument: {
      contractSize: instrument.contractSize,
      lotStep: instrument.lotStep,
      minLots: instrument.minLots,
      maxLots: instrument.maxLots,
      leverageCap: instrument.leverageCap,
      quoteCurrency: instrument.quoteCurrency,
      tickSize: instrument.tickSize,
    },
    feeRate: await ctx.market.feeRate(instrument.assetClass),
    initialCapital: BACKTEST_CAPITAL,
    leverage: row.leverage,
    marginShare: row.margin_share,
  });
  return {
    dataKind: data.dataKind,
    source: data.source,
    from: result.from,
    to: result.to,
    bars: result.bars,
    totalReturn: result.totalReturn,
    maxDrawdown: result.maxDrawdown,
    winRate: result.winRate,
    trades: result.trades,
    equity: result.equity.map((point) => ({ time: new Date(point.time).toISOString(), value: point.value })),
    computedAt: ctx.clock.now().toISOString(),
  };
}
