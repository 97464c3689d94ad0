import { describe, expect, it } from 'vitest';
import { atrBreakout } from './atr-breakout.strategy.js';
import { bollingerReversion } from './bollinger-reversion.strategy.js';
import { maCrossover } from './ma-crossover.strategy.js';
import { listStrategies, StrategyParamsError, strategyById } from './registry.js';
import type { Bar, PositionView, StrategyOrder } from './strategy.js';

const HOUR = 3_600_000;
const bar = (i: number, high: number, low: number, close: number): Bar => ({
  time: i * HOUR,
  open: close,
  high,
  low,
  close,
  volume: 1,
});
const closeOnly = (closes: number[]) => closes.map((c, i) => bar(i, c, c, c));

/**
 * Steps a strategy through bars, keeping the position its orders ask for (filled at once at the
 * bar's close: enough to know which orders a series produces). Answers the orders of each bar.
 */
function replay<S>(
  step: (state: S, bar: Bar, position: PositionView) => readonly StrategyOrder[],
  state: S,
  bars: Bar[],
): Array<readonly StrategyOrder[]> {
  let position: PositionView = null;
  return bars.map((b) => {
    const orders = step(state, b, position);
    for (const order of orders) {
      position = order.kind === 'close' ? null : { side: order.side, entryPrice: b.close };
    }
    return orders;
  });
}

/** Bars where an order came, with the orders. */
const signals = (orders: Array<readonly StrategyOrder[]>) =>
  orders.flatMap((list, i) => (list.length > 0 ? [{ bar: i, orders: list }] : []));

const open = (side: 'long' | 'short', stopLoss: number | null = null) => ({
  kind: 'open',
  side,
  stopLoss,
  takeProfit: null,
});
const close = { kind: 'close' };

describe('ma-crossover', () => {
  // fast = 2, slow = 4. Averages after each bar (fast / slow):
  //  bar 3: 10 / 10 (equal: no side yet)   bar 4: 9.5 / 9.75 (below: first side seen, no cross)
  //  bar 5: 8.5 / 9.25   bar 6: 7.5 / 8.5   bar 7: 9.5 / 9 → crosses above: open long
  //  bar 8: 13 / 10.25   bar 9: 10 / 9.75   bar 10: 5.5 / 9.25 → crosses below: close (and short)
  const closes = [10, 10, 10, 10, 9, 8, 7, 12, 14, 6, 5];

  it('opens a long where the fast average crosses above the slow one and closes it on the cross below', () => {
    const params = { fast: 2, slow: 4, allowShort: false };
    const orders = replay(maCrossover.step, maCrossover.init(params), closeOnly(closes));
    expect(signals(orders)).toEqual([
      { bar: 7, orders: [open('long')] },
      { bar: 10, orders: [close] },
    ]);
  });

  it('turns short on the cross below when shorts are allowed', () => {
    const params = { fast: 2, slow: 4, allowShort: true };
    const orders = replay(maCrossover.step, maCrossover.init(params), closeOnly(closes));
    expect(signals(orders)).toEqual([
      { bar: 7, orders: [open('long')] },
      { bar: 10, orders: [close, open('short')] },
    ]);
  });

  it('does not trade the side it starts on: it waits for a cross', () => {
    const rising = closeOnly([1, 2, 3, 4, 5, 6, 7, 8]);
    const orders = replay(maCrossover.step, maCrossover.init({ fast: 2, slow: 4, allowShort: true }), rising);
    expect(signals(orders)).toEqual([]);
  });
});

describe('bollinger-reversion', () => {
  // period 3, width 1, stop 1σ.
  //  bar 4: window 10, 10, 7 → mean 9, σ = √2 ≈ 1.414; 7 < 9 − 1.414 → long, stop 7 − 1.414 = 5.586
  //  bar 5: window 10, 7, 8 → mean 8.33; 8 < mean: hold
  //  bar 6: window 7, 8, 10 → mean 8.33, σ ≈ 1.247; 10 ≥ mean → close; 10 > 8.33 + 1.247 → short,
  //         stop 10 + 1.247 = 11.247
  const closes = [10, 10, 10, 10, 7, 8, 10];

  it('buys below the lower band with a stop, and closes at the mean, turning short above the upper band', () => {
    const params = { period: 3, width: 1, stopWidth: 1, allowShort: true };
    const found = signals(replay(bollingerReversion.step, bollingerReversion.init(params), closeOnly(closes)));
    expect(found.map((s) => s.bar)).toEqual([4, 6]);
    const [entry] = found[0]?.orders ?? [];
    expect(entry).toMatchObject({ kind: 'open', side: 'long' });
    expect(entry?.kind === 'open' && entry.stopLoss).toBeCloseTo(7 - Math.SQRT2, 9);
    const [exit, reverse] = found[1]?.orders ?? [];
    expect(exit).toEqual(close);
    const sigma = Math.sqrt(((7 - 25 / 3) ** 2 + (8 - 25 / 3) ** 2 + (10 - 25 / 3) ** 2) / 3);
    expect(reverse).toMatchObject({ kind: 'open', side: 'short' });
    expect(reverse?.kind === 'open' && reverse.stopLoss).toBeCloseTo(10 + sigma, 9);
  });

  it('only closes at the mean when shorts are not allowed', () => {
    const params = { period: 3, width: 1, stopWidth: 1, allowShort: false };
    const found = signals(replay(bollingerReversion.step, bollingerReversion.init(params), closeOnly(closes)));
    expect(found.map((s) => [s.bar, s.orders.length])).toEqual([
      [4, 1],
      [6, 1],
    ]);
    expect(found[1]?.orders).toEqual([close]);
  });

  it('does nothing while the prices do not move (no deviation, no band)', () => {
    const params = { period: 3, width: 1, stopWidth: 1, allowShort: true };
    expect(
      signals(replay(bollingerReversion.step, bollingerReversion.init(params), closeOnly([5, 5, 5, 5, 5]))),
    ).toEqual([]);
  });
});

describe('atr-breakout', () => {
  // channel 3, exit channel 2, ATR over 2 bars, stop 1 ATR.
  //  bars 0–2: high 11, low 9, close 10 (true range 2)
  //  bar 3: close 13 > highest high of bars 0–2 (11) → long; TR(3) = max(14 − 10, |14 − 10|, |10 − 10|) = 4,
  //         ATR = (2 + 4) / 2 = 3 → stop 13 − 3 = 10
  //  bar 4: close 14, lowest low of bars 2–3 is 9: hold      bar 5: close 12 ≥ low 10 of bars 3–4: hold
  //  bar 6: close 9 < lowest low of bars 4–5 (11) → close; 9 < lowest low of bars 3–5 (10) → short;
  //         TR(5) = 3, TR(6) = max(12 − 8, |12 − 12|, |8 − 12|) = 4 → ATR 3.5, stop 9 + 3.5 = 12.5
  const bars = [
    bar(0, 11, 9, 10),
    bar(1, 11, 9, 10),
    bar(2, 11, 9, 10),
    bar(3, 14, 10, 13),
    bar(4, 15, 12, 14),
    bar(5, 14, 11, 12),
    bar(6, 12, 8, 9),
  ];

  it('buys the breakout above the channel with an ATR stop and exits on the shorter channel, turning short', () => {
    const params = { channel: 3, exitChannel: 2, atrPeriod: 2, atrMultiple: 1, allowShort: true };
    expect(signals(replay(atrBreakout.step, atrBreakout.init(params), bars))).toEqual([
      { bar: 3, orders: [open('long', 10)] },
      { bar: 6, orders: [close, open('short', 12.5)] },
    ]);
  });

  it('only closes on the exit channel when shorts are not allowed', () => {
    const params = { channel: 3, exitChannel: 2, atrPeriod: 2, atrMultiple: 1, allowShort: false };
    expect(signals(replay(atrBreakout.step, atrBreakout.init(params), bars))).toEqual([
      { bar: 3, orders: [open('long', 10)] },
      { bar: 6, orders: [close] },
    ]);
  });
});

describe('the registry', () => {
  it('lists three strategies with their parameters and defaults', () => {
    expect(listStrategies().map((s) => s.id)).toEqual(['ma-crossover', 'bollinger-reversion', 'atr-breakout']);
    expect(strategyById('ma-crossover')?.defaults()).toEqual({ fast: 50, slow: 200, allowShort: false });
    expect(strategyById('nope')).toBeNull();
  });

  it('validates parameters: text and numbers, defaults for the missing, a clear problem for the wrong', () => {
    const strategy = strategyById('ma-crossover');
    expect(strategy?.validateParams({ fast: '20', allowShort: 'true' })).toEqual({
      ok: true,
      params: { fast: 20, slow: 200, allowShort: true },
    });
    const problem = (input: Record<string, unknown>) => {
      const checked = strategy?.validateParams(input);
      return checked && !checked.ok ? checked.problem : null;
    };
    expect(problem({ fast: 2.5 })).toMatchObject({ key: 'fast', code: 'not-an-integer' });
    expect(problem({ fast: 1 })).toMatchObject({ key: 'fast', code: 'out-of-range' });
    expect(problem({ slow: 'many' })).toMatchObject({ key: 'slow', code: 'not-a-number' });
    expect(problem({ allowShort: 'yes' })).toMatchObject({ key: 'allowShort', code: 'not-a-boolean' });
    expect(problem({ fats: 10 })).toMatchObject({ key: 'fats', code: 'unknown-parameter' });
    expect(problem({ fast: 300 })).toMatchObject({ key: 'fast', code: 'inconsistent' });
    expect(problem({ fast: 300 })?.message).toMatch(/shorter than the slow one/);
    expect(() => strategy?.start({ fast: 300 })).toThrow(StrategyParamsError);
    expect(strategyById('atr-breakout')?.validateParams({ exitChannel: 30 })).toMatchObject({
      ok: false,
      problem: { key: 'exitChannel', code: 'inconsistent' },
    });
    expect(strategyById('bollinger-reversion')?.validateParams({ width: '2.5' })).toMatchObject({
      ok: true,
      params: { width: 2.5 },
    });
  });

  /** A seeded walk of whole-number prices: the running sums stay exact, so runs compare exactly. */
  function walk(count: number, seed: number): Bar[] {
    let state = seed;
    let price = 1000;
    const bars: Bar[] = [];
    for (let i = 0; i < count; i++) {
      state = (state * 1103515245 + 12345) % 2147483648;
      price = Math.max(10, price + ((state >> 8) % 41) - 20);
      const high = price + ((state >> 4) % 7);
      const low = price - ((state >> 12) % 7);
      bars.push(bar(i, high, low, price));
    }
    return bars;
  }

  it.each([
    ['ma-crossover', { fast: 5, slow: 20, allowShort: true }],
    ['bollinger-reversion', { period: 12, width: 1.5, stopWidth: 1, allowShort: true }],
    ['atr-breakout', { channel: 15, exitChannel: 6, atrPeriod: 9, atrMultiple: 2, allowShort: true }],
  ])('%s rebuilt from its last warmupBars bars decides as the uninterrupted run', (id, params) => {
    // The same orders; a stop level may differ in its last binary digit (the deviation's running
    // sums are centred at another point after a restart), far below any tick.
    const rounded = (orders: readonly StrategyOrder[]) =>
      orders.map((o) =>
        o.kind === 'open' && o.stopLoss !== null ? { ...o, stopLoss: o.stopLoss.toPrecision(12) } : o,
      );
    const strategy = strategyById(id);
    if (!strategy) throw new Error(id);
    const bars = walk(600, 7);
    const warmup = strategy.warmupBars(params);
    const restartAt = 400;
    // The uninterrupted run, with the position its orders ask for.
    const continuous = strategy.start(params);
    let position: PositionView = null;
    const positions: PositionView[] = [];
    const expected = bars.map((b) => {
      positions.push(position);
      const orders = continuous.step(b, position);
      for (const order of orders) position = order.kind === 'close' ? null : { side: order.side, entryPrice: b.close };
      return orders;
    });
    expect(signals(expected).length).toBeGreaterThan(5);
    // A restart: a new run fed the bars before the restart point (orders ignored), then live.
    const rebuilt = strategy.start(params);
    for (const b of bars.slice(restartAt - warmup, restartAt)) rebuilt.step(b, null);
    const after = bars.slice(restartAt).map((b, i) => rebuilt.step(b, positions[restartAt + i] ?? null));
    expect(after.map(rounded)).toEqual(expected.slice(restartAt).map(rounded));
  });
});
