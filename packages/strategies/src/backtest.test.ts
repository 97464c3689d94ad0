import { parseAmount } from '@openbourse/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BacktestInput, BacktestInputError, EQUITY_POINTS, runBacktest } from './backtest.js';
import type { Candle } from './candles.js';
import type { Strategy } from './registry.js';
import { type Bar, NO_ORDERS, type StrategyOrder } from './strategy.js';

const T0 = Date.UTC(2021, 3, 21);
const MIN = 60_000;
const candle = (minute: number, open: number, high: number, low: number, close: number): Candle => ({
  openTime: T0 + minute * MIN,
  open: String(open),
  high: String(high),
  low: String(low),
  close: String(close),
  volume: '1',
});

/** A strategy that places the given orders on the given interval bars (by index), and records the bars. */
function scripted(plan: Record<number, StrategyOrder[]>, seen: Bar[] = []): Strategy {
  return {
    id: 'scripted',
    name: 'scripted',
    description: 'orders at given bars, for the arithmetic tests',
    parameters: [],
    defaults: () => ({}),
    validateParams: () => ({ ok: true, params: {} }),
    warmupBars: () => 0,
    start: () => {
      let index = 0;
      return {
        strategyId: 'scripted',
        params: {},
        step: (bar) => {
          seen.push(bar);
          return plan[index++] ?? NO_ORDERS;
        },
      };
    },
  };
}

const long = (stopLoss: number | null = null, takeProfit: number | null = null): StrategyOrder => ({
  kind: 'open',
  side: 'long',
  stopLoss,
  takeProfit,
});
const short = (stopLoss: number | null = null, takeProfit: number | null = null): StrategyOrder => ({
  kind: 'open',
  side: 'short',
  stopLoss,
  takeProfit,
});
const close: StrategyOrder = { kind: 'close' };

// Lots of 1 unit, step 0.001; 1,000 USDT; leverage 2; half the equity as margin; fee 0.1%.
const base = (strategy: Strategy, candles: Candle[], extra: Partial<BacktestInput> = {}): BacktestInput => ({
  strategy,
  candles,
  interval: 1,
  instrument: {
    contractSize: '1',
    lotStep: '0.001',
    minLots: '0.001',
    maxLots: '1000',
    leverageCap: 5,
    quoteCurrency: 'USDT',
    tickSize: '0.01',
  },
  feeRate: '0.001',
  initialCapital: '1000',
  leverage: 2,
  marginShare: '0.5',
  includeTrades: true,
  ...extra,
});

const minor = (text: string) => parseAmount(text, 6);

describe('backtest arithmetic', () => {
  it('opens at the next candle’s open, holds margin, pays the fee, realises the P&L', () => {
    // Bar 0 (close 99) asks for a long: it fills at bar 1's open, 100, not at 99.
    //   lots = 1,000 × 0.5 × 2 ÷ 100 = 10; notional 1,000; margin 500; fee 1,000 × 0.001 = 1
    //   cash = 1,000 − 500 − 1 = 499
    // Bar 1 closes at 98: equity 499 + 500 + (98 − 100) × 10 = 979 (drawdown from 1,000: 2.1%)
    // Bar 2 (close 105) asks to close: filled at bar 3's open, 110: P&L (110 − 100) × 10 = 100
    //   cash = 499 + 500 + 100 = 1,099 = 1,000 + 100 − 1
    const result = runBacktest(
      base(scripted({ 0: [long()], 2: [close] }), [
        candle(0, 99, 99, 99, 99),
        candle(1, 100, 105, 98, 98),
        candle(2, 98, 106, 97, 105),
        candle(3, 110, 110, 108, 109),
      ]),
    );
    expect(result).toMatchObject({
      bars: 4,
      intervalBars: 4,
      trades: 1,
      wins: 1,
      winRate: '1.000000',
      fees: '1.000000',
      pnl: '100.000000',
      absorbed: '0.000000',
      finalEquity: '1099.000000',
      totalReturn: '0.099000',
      maxDrawdown: '0.021000',
      from: '2021-04-21T00:00:00.000Z',
      to: '2021-04-21T00:04:00.000Z',
    });
    expect(result.tradeLog).toEqual([
      {
        side: 'long',
        lots: '10',
        leverage: 2,
        openTime: T0 + MIN,
        openPrice: '100',
        stopLoss: null,
        takeProfit: null,
        closeTime: T0 + 3 * MIN,
        closePrice: '110',
        reason: 'signal',
        margin: '500.000000',
        fee: '1.000000',
        pnl: '100.000000',
        absorbed: '0.000000',
      },
    ]);
    expect(result.equity.map((p) => p.value)).toEqual(['1000.000000', '979.000000', '1049.000000', '1099.000000']);
  });

  it('fills a stop loss at its level when a candle reaches it', () => {
    // Short 10 at 100 with the stop at 103: bar 2's high 104 reaches it → closed at 103.
    // P&L (100 − 103) × 10 = −30; final 1,000 − 30 − 1 = 969.
    const result = runBacktest(
      base(scripted({ 0: [short(103, 90)] }), [
        candle(0, 100, 100, 100, 100),
        candle(1, 100, 102, 99, 101),
        candle(2, 101, 104, 100, 103),
        candle(3, 103, 103, 80, 85),
      ]),
    );
    expect(result.tradeLog?.[0]).toMatchObject({ reason: 'stop-loss', closePrice: '103', pnl: '-30.000000' });
    expect(result.finalEquity).toBe('969.000000');
  });

  it('fills at the open when a candle gaps through the stop', () => {
    // Long 10 at 100, stop 95; bar 2 opens at 90: filled at 90, not 95. P&L −100; final 899.
    const result = runBacktest(
      base(scripted({ 0: [long(95)] }), [
        candle(0, 100, 100, 100, 100),
        candle(1, 100, 101, 99, 100),
        candle(2, 90, 92, 89, 91),
      ]),
    );
    expect(result.tradeLog?.[0]).toMatchObject({ reason: 'stop-loss', closePrice: '90', pnl: '-100.000000' });
    expect(result.finalEquity).toBe('899.000000');
  });

  it('takes profit at its level, and assumes the stop first when one candle reaches both', () => {
    const candles = (third: Candle) => [candle(0, 100, 100, 100, 100), candle(1, 100, 101, 99, 100), third];
    // TP 105 reached by a high of 106: +50 → 1,049.
    const profit = runBacktest(base(scripted({ 0: [long(95, 105)] }), candles(candle(2, 101, 106, 100, 104))));
    expect(profit.tradeLog?.[0]).toMatchObject({ reason: 'take-profit', closePrice: '105', pnl: '50.000000' });
    expect(profit.finalEquity).toBe('1049.000000');
    // High 106 and low 94: the candle's path is unknown, so the stop (−50) is taken → 949.
    const both = runBacktest(base(scripted({ 0: [long(95, 105)] }), candles(candle(2, 100, 106, 94, 100))));
    expect(both.tradeLog?.[0]).toMatchObject({ reason: 'stop-loss', closePrice: '95', pnl: '-50.000000' });
    expect(both.finalEquity).toBe('949.000000');
  });

  it('stops the position out where the margin level reaches 50%, at the worst price of the candle', () => {
    // All the equity as margin: lots = 1,000 × 2 ÷ 100 = 20 would need 1,000 + 2 of fee; the
    // affordable size is 1,000 × 2 ÷ (100 × 1.002) = 19.96: notional 1,996, margin 998, fee 1.996,
    // cash left 0.004. Equity 0.004 + 998 + (P − 100) × 19.96 ≤ 499 ⇔ P ≤ 74.9997996: stop-out at
    // 74.99 (the last cent there). Bar 2's low 70 reaches it; P&L (74.99 − 100) × 19.96 = −499.1996.
    // Cash 0.004 + 998 − 499.1996 = 498.8044.
    const result = runBacktest(
      base(
        scripted({ 0: [long()] }),
        [candle(0, 100, 100, 100, 100), candle(1, 100, 100, 100, 100), candle(2, 90, 91, 70, 72)],
        { marginShare: '1' },
      ),
    );
    expect(result.tradeLog?.[0]).toMatchObject({
      lots: '19.96',
      margin: '998.000000',
      fee: '1.996000',
      reason: 'stop-out',
      closePrice: '74.99',
      pnl: '-499.199600',
    });
    expect(result).toMatchObject({ stopOuts: 1, finalEquity: '498.804400', absorbed: '0.000000' });
  });

  it('never lets the balance go below zero: a gap through the stop-out is absorbed and counted', () => {
    // The same 19.96 long; bar 2 opens at 40, beyond the stop-out price: closed at 40.
    // P&L (40 − 100) × 19.96 = −1,197.6; cash 0.004 + 998 − 1,197.6 = −199.596 → absorbed 199.596.
    // Final 0 = 1,000 − 1,197.6 − 1.996 + 199.596.
    const result = runBacktest(
      base(
        scripted({ 0: [long()] }),
        [candle(0, 100, 100, 100, 100), candle(1, 100, 100, 100, 100), candle(2, 40, 41, 39, 40)],
        { marginShare: '1' },
      ),
    );
    expect(result.tradeLog?.[0]).toMatchObject({ reason: 'stop-out', closePrice: '40', absorbed: '199.596000' });
    expect(result).toMatchObject({
      finalEquity: '0.000000',
      absorbed: '199.596000',
      pnl: '-1197.600000',
      totalReturn: '-1.000000',
    });
  });

  it('refuses an open whose stop is on the wrong side of the fill price, as the platform would', () => {
    // A long asked at bar 0 with its stop at 101; it fills at 100: the stop is above the price.
    const result = runBacktest(
      base(scripted({ 0: [long(101)] }), [candle(0, 102, 102, 102, 102), candle(1, 100, 100, 100, 100)]),
    );
    expect(result).toMatchObject({ trades: 0, refusedOrders: 1, finalEquity: '1000.000000' });
  });

  it('closes a position still open at the last candle’s close', () => {
    // Long 10 at 100, last close 120: +200 → 1,000 + 200 − 1 = 1,199.
    const result = runBacktest(
      base(scripted({ 0: [long()] }), [candle(0, 100, 100, 100, 100), candle(1, 100, 121, 99, 120)]),
    );
    expect(result.tradeLog?.[0]).toMatchObject({ reason: 'end', closePrice: '120', closeTime: T0 + 2 * MIN });
    expect(result.finalEquity).toBe('1199.000000');
  });

  it('decides on interval bars aligned on UTC and fills at the first candle after the bar closed', () => {
    // 5-minute bars. Minutes 0–4 make bar [0, 5), which closes with minute 4. Minutes 5, 7, 9 and
    // 10 are missing: bar [5, 10) holds minutes 6 and 8 and closes when minute 11 arrives.
    // The long asked on the first bar fills at minute 6's open; the close asked on the second
    // fills at minute 11's open. The last bar [10, 15) is not complete: not decided on.
    const minutes = [0, 1, 2, 3, 4, 6, 8, 11];
    const candles = minutes.map((m) => candle(m, 100 + m, 100 + m + 0.5, 100 + m - 0.5, 100 + m + 0.25));
    const seen: Bar[] = [];
    const result = runBacktest(base(scripted({ 0: [long()], 1: [close] }, seen), candles, { interval: 5 }));
    expect(seen).toEqual([
      { time: T0, open: 100, high: 104.5, low: 99.5, close: 104.25, volume: 5 },
      { time: T0 + 5 * MIN, open: 106, high: 108.5, low: 105.5, close: 108.25, volume: 2 },
    ]);
    expect(result.intervalBars).toBe(2);
    expect(result.tradeLog?.[0]).toMatchObject({
      openTime: T0 + 6 * MIN,
      openPrice: '106',
      closeTime: T0 + 11 * MIN,
      closePrice: '111',
    });
  });

  it('refuses input it cannot replay honestly, naming the field', () => {
    const candles = [candle(0, 1, 1, 1, 1)];
    const refused = (extra: Partial<BacktestInput>) => {
      try {
        runBacktest(base(scripted({}), candles, extra));
      } catch (error) {
        return error instanceof BacktestInputError ? error.field : String(error);
      }
      return null;
    };
    expect(refused({ strategy: 'no-such' })).toBe('strategy');
    expect(refused({ strategy: 'ma-crossover', params: { fast: 0 } })).toBe('params.fast');
    expect(refused({ interval: 7 })).toBe('interval');
    expect(refused({ feeRate: 'ten' })).toBe('feeRate');
    expect(refused({ initialCapital: '-5' })).toBe('initialCapital');
    expect(refused({ leverage: 0 })).toBe('leverage');
    expect(refused({ marginShare: '2' })).toBe('marginShare');
    expect(refused({ candles: [] })).toBe('candles');
    expect(refused({ instrument: { ...base(scripted({}), candles).instrument, quoteCurrency: 'JPY' } })).toBe(
      'instrument.quoteCurrency',
    );
  });
});

/** A seeded random walk of one-minute candles with a gap of up to ±`gap`/2 on 1% of them. */
function walk(count: number, seed: number, gap = 0.5): Candle[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  let price = 5_000_000;
  const candles: Candle[] = [];
  const text = (c: number) => (c / 100).toFixed(2);
  for (let i = 0; i < count; i++) {
    const jump = random() < 0.01 ? 1 + (random() - 0.5) * gap : 1;
    const open = Math.max(100, Math.round(price * jump));
    const close = Math.max(100, Math.round(open * (1 + (random() - 0.5) * 0.01)));
    const high = Math.max(open, close) + Math.round(random() * open * 0.003);
    const low = Math.max(1, Math.min(open, close) - Math.round(random() * open * 0.003));
    candles.push(candle(i, 0, 0, 0, 0));
    candles[i] = { ...candles[i], open: text(open), high: text(high), low: text(low), close: text(close) } as Candle;
    price = close;
  }
  return candles;
}

const SMALL_PARAMS: Record<string, Record<string, unknown>> = {
  'ma-crossover': { fast: 5, slow: 20, allowShort: true },
  'bollinger-reversion': { period: 20, width: 1.5, stopWidth: 1 },
  'atr-breakout': { channel: 20, exitChannel: 10, atrPeriod: 14, atrMultiple: 1.5 },
};

describe('backtest runs', () => {
  it.each(Object.keys(SMALL_PARAMS))('%s: the same input gives the same result', (id) => {
    const input = base(scripted({}), walk(5_000, 42), {
      strategy: id,
      params: SMALL_PARAMS[id],
      interval: 5,
      marginShare: '0.8',
      leverage: 5,
    });
    const first = runBacktest(input);
    const second = runBacktest(input);
    expect(first.trades).toBeGreaterThan(3);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it('draws at most 200 equity points at evenly spaced candles, the last being the final equity', () => {
    const candles = walk(1_001, 3);
    const result = runBacktest(base(scripted({ 10: [long()], 500: [close], 600: [short()] }), candles));
    expect(result.equity.length).toBe(EQUITY_POINTS);
    expect(result.equity[0]?.time).toBe(T0 + MIN);
    expect(result.equity.at(-1)).toEqual({ time: T0 + 1001 * MIN, value: result.finalEquity });
    const times = result.equity.map((p) => p.time);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('conserves money: final equity = capital + Σ P&L − Σ fees + absorbed, never below zero', () => {
    const seen = { stopOuts: 0, absorbed: 0, trades: 0 };
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(SMALL_PARAMS)),
        fc.integer({ min: 60, max: 800 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom('0.1', '0.5', '1'),
        fc.constantFrom('0', '0.001', '0.0075'),
        fc.constantFrom('1', '5'),
        (id, count, seed, leverage, marginShare, feeRate, interval) => {
          const result = runBacktest(
            // Gaps of up to ±60%: stop-outs, and losses beyond the balance, happen.
            base(scripted({}), walk(count, seed, 1.2), {
              strategy: id,
              params: SMALL_PARAMS[id],
              leverage,
              marginShare,
              feeRate,
              interval: Number(interval),
              initialCapital: '2500.5',
            }),
          );
          const final = minor(result.finalEquity);
          expect(final).toBe(minor('2500.5') + minor(result.pnl) - minor(result.fees) + minor(result.absorbed));
          expect(final >= 0n).toBe(true);
          const log = result.tradeLog ?? [];
          expect(log.length).toBe(result.trades);
          expect(log.reduce((sum, t) => sum + minor(t.pnl), 0n)).toBe(minor(result.pnl));
          expect(log.reduce((sum, t) => sum + minor(t.fee), 0n)).toBe(minor(result.fees));
          expect(log.reduce((sum, t) => sum + minor(t.absorbed), 0n)).toBe(minor(result.absorbed));
          expect(result.equity.at(-1)?.value).toBe(result.finalEquity);
          seen.trades += result.trades;
          seen.stopOuts += result.stopOuts;
          if (minor(result.absorbed) > 0n) seen.absorbed++;
        },
      ),
      // A fixed seed: the runs below are known to include stop-outs and absorbed gaps.
      { numRuns: 60, seed: 18 },
    );
    expect(seen.trades).toBeGreaterThan(100);
    expect(seen.stopOuts).toBeGreaterThan(0);
    expect(seen.absorbed).toBeGreaterThan(0);
  });
});
