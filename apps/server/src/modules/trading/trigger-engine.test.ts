import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Fired, TriggerEngine, type TriggerLevel } from './trigger-engine.js';

/**
 * The reference model: every level in one list, every tick scans all of them, each trailing
 * stop is ratcheted one by one. Written from the contract, not from the engine.
 */
class NaiveTriggers {
  private readonly levels = new Map<string, { level: TriggerLevel; seq: number; current: number; extreme: number }>();
  private readonly lastPrice = new Map<string, number>();
  private seq = 0;

  add(level: TriggerLevel): void {
    this.levels.delete(level.id);
    const distance = level.kind === 'trailing_stop' ? level.trailingDistance : 0;
    // A long (fall) trailing stop's peak starts at price + distance; a short one's trough at price − distance.
    const extreme = level.side === 'fall' ? level.price + distance : level.price - distance;
    this.levels.set(level.id, { level, seq: this.seq++, current: level.price, extreme });
  }

  remove(id: string): boolean {
    return this.levels.delete(id);
  }

  has(id: string): boolean {
    return this.levels.has(id);
  }

  size(code?: string): number {
    if (code === undefined) return this.levels.size;
    let count = 0;
    for (const l of this.levels.values()) if (l.level.code === code) count++;
    return count;
  }

  levelOf(id: string): number | undefined {
    return this.levels.get(id)?.current;
  }

  onTick(code: string, price: string, time: number): Fired[] {
    const x = Number(price);
    const previous = this.lastPrice.get(code);
    const rose = previous !== undefined && x > previous;
    this.lastPrice.set(code, x);
    const falls: { level: TriggerLevel; seq: number; current: number }[] = [];
    const rises: { level: TriggerLevel; seq: number; current: number }[] = [];
    for (const l of this.levels.values()) {
      if (l.level.code !== code) continue;
      if (l.level.kind === 'trailing_stop') {
        const d = l.level.trailingDistance;
        if (l.level.side === 'fall' && x > l.extreme) {
          l.extreme = x;
          l.current = x - d;
        } else if (l.level.side === 'rise' && x < l.extreme) {
          l.extreme = x;
          l.current = x + d;
        }
      }
      if (l.level.side === 'fall' && x <= l.current) falls.push(l);
      if (l.level.side === 'rise' && x >= l.current) rises.push(l);
    }
    falls.sort((a, b) => b.current - a.current || a.seq - b.seq);
    rises.sort((a, b) => a.current - b.current || a.seq - b.seq);
    const ordered = rose ? [...falls, ...rises] : [...rises, ...falls];
    for (const l of ordered) this.levels.delete(l.level.id);
    return ordered.map((l) => ({ level: l.level, levelPrice: l.current, tickPrice: price, tickTime: time }));
  }
}

const summary = (fired: readonly Fired[]) =>
  fired.map((f) => ({ id: f.level.id, levelPrice: f.levelPrice, tickPrice: f.tickPrice, tickTime: f.tickTime }));
const ids = (fired: readonly Fired[]) => fired.map((f) => f.level.id);

const fixed = (
  id: string,
  side: 'fall' | 'rise',
  price: number,
  kind: 'stop_loss' | 'take_profit' | 'entry' | 'stop_out' = 'stop_loss',
  code = 'EURUSD',
): TriggerLevel => ({ id, code, side, kind, price });
const trailing = (
  id: string,
  side: 'fall' | 'rise',
  price: number,
  distance: number,
  code = 'EURUSD',
): TriggerLevel => ({
  id,
  code,
  side,
  kind: 'trailing_stop',
  price,
  trailingDistance: distance,
});

describe('the trigger engine', () => {
  it('fires a long stop loss when the price falls to it, not before', () => {
    const engine = new TriggerEngine();
    engine.add(fixed('sl', 'fall', 95));
    expect(engine.onTick('EURUSD', '100', 1)).toEqual([]);
    expect(engine.onTick('EURUSD', '95.01', 2)).toEqual([]);
    expect(summary(engine.onTick('EURUSD', '94.99', 3))).toEqual([
      { id: 'sl', levelPrice: 95, tickPrice: '94.99', tickTime: 3 },
    ]);
    expect(engine.has('sl')).toBe(false);
    expect(engine.onTick('EURUSD', '90', 4)).toEqual([]);
  });

  it('fires a long take profit when the price rises to it', () => {
    const engine = new TriggerEngine();
    engine.add(fixed('tp', 'rise', 110, 'take_profit'));
    expect(engine.onTick('EURUSD', '109.9', 1)).toEqual([]);
    expect(summary(engine.onTick('EURUSD', '110.2', 2))).toEqual([
      { id: 'tp', levelPrice: 110, tickPrice: '110.2', tickTime: 2 },
    ]);
    expect(engine.size()).toBe(0);
  });

  it('fills a stop at the tick that gapped through it, not at the level', () => {
    const engine = new TriggerEngine();
    engine.add(fixed('sl', 'fall', 95));
    engine.onTick('EURUSD', '100', 1);
    const [fired] = engine.onTick('EURUSD', '90.5', 2);
    expect(fired).toMatchObject({ levelPrice: 95, tickPrice: '90.5', tickTime: 2 });
  });

  it('fires every level of a gap once, in crossing order', () => {
    const engine = new TriggerEngine();
    engine.add(fixed('f95', 'fall', 95));
    engine.add(fixed('f99', 'fall', 99, 'entry'));
    engine.add(fixed('f90', 'fall', 90));
    engine.add(fixed('f97', 'fall', 97, 'stop_out'));
    engine.add(fixed('r105', 'rise', 105));
    engine.add(fixed('r101', 'rise', 101, 'take_profit'));
    engine.add(fixed('r103', 'rise', 103, 'entry'));
    engine.onTick('EURUSD', '100', 1);
    expect(ids(engine.onTick('EURUSD', '94', 2))).toEqual(['f99', 'f97', 'f95']);
    expect(ids(engine.onTick('EURUSD', '104', 3))).toEqual(['r101', 'r103']);
    expect(ids(engine.onTick('EURUSD', '104', 4))).toEqual([]);
    expect([...['f90', 'r105']].map((id) => engine.has(id))).toEqual([true, true]);
  });

  it('fires a level the price touches exactly, on either side', () => {
    const engine = new TriggerEngine();
    engine.add(fixed('sl', 'fall', 95.25));
    engine.add(fixed('tp', 'rise', 105));
    engine.onTick('EURUSD', '100', 1);
    expect(ids(engine.onTick('EURUSD', '95.25', 2))).toEqual(['sl']);
    expect(ids(engine.onTick('EURUSD', '105.000', 3))).toEqual(['tp']);
  });

  it('fires all the levels at one price, in the order they were added', () => {
    const engine = new TriggerEngine();
    for (const id of ['c', 'a', 'd', 'b']) engine.add(fixed(id, 'fall', 95));
    engine.onTick('EURUSD', '100', 1);
    expect(ids(engine.onTick('EURUSD', '95', 2))).toEqual(['c', 'a', 'd', 'b']);
  });

  it('never fires a removed level', () => {
    const engine = new TriggerEngine();
    engine.add(fixed('sl', 'fall', 95));
    engine.add(trailing('ts', 'fall', 96, 4));
    engine.add(fixed('keep', 'fall', 94));
    engine.onTick('EURUSD', '101', 1); // the trailing stop now trails: level 97
    expect(engine.remove('sl')).toBe(true);
    expect(engine.remove('ts')).toBe(true);
    expect(engine.remove('sl')).toBe(false);
    expect(ids(engine.onTick('EURUSD', '80', 2))).toEqual(['keep']);
    expect(engine.size()).toBe(0);
  });

  it('replaces a level added again with the same id', () => {
    const engine = new TriggerEngine();
    engine.add(fixed('x', 'fall', 95));
    engine.add(fixed('x', 'rise', 105, 'take_profit'));
    expect(engine.size()).toBe(1);
    expect(engine.levelOf('x')).toBe(105);
    engine.onTick('EURUSD', '100', 1);
    expect(engine.onTick('EURUSD', '90', 2)).toEqual([]);
    expect(ids(engine.onTick('EURUSD', '106', 3))).toEqual(['x']);
  });

  it('keeps instruments apart', () => {
    const engine = new TriggerEngine();
    engine.add(fixed('e', 'fall', 1.05, 'stop_loss', 'EURUSD'));
    engine.add(fixed('b', 'fall', 60_000, 'stop_loss', 'BTCUSD'));
    expect(engine.size('EURUSD')).toBe(1);
    expect(engine.size('BTCUSD')).toBe(1);
    expect(engine.size('XAUUSD')).toBe(0);
    expect(ids(engine.onTick('EURUSD', '1.04', 1))).toEqual(['e']);
    expect(engine.has('b')).toBe(true);
  });

  it('ratchets a long trailing stop up on rises, never down, and fires on the pullback', () => {
    const engine = new TriggerEngine();
    engine.add(trailing('ts', 'fall', 95, 5)); // peak 100
    expect(engine.onTick('EURUSD', '99', 1)).toEqual([]);
    expect(engine.levelOf('ts')).toBe(95);
    engine.onTick('EURUSD', '102', 2);
    expect(engine.levelOf('ts')).toBe(97);
    engine.onTick('EURUSD', '101', 3);
    expect(engine.levelOf('ts')).toBe(97);
    engine.onTick('EURUSD', '104', 4);
    expect(engine.levelOf('ts')).toBe(99);
    expect(engine.onTick('EURUSD', '99.5', 5)).toEqual([]);
    expect(engine.levelOf('ts')).toBe(99);
    expect(summary(engine.onTick('EURUSD', '98', 6))).toEqual([
      { id: 'ts', levelPrice: 99, tickPrice: '98', tickTime: 6 },
    ]);
    expect(engine.has('ts')).toBe(false);
  });

  it('ratchets a short trailing stop down on falls, never up, and fires on the bounce', () => {
    const engine = new TriggerEngine();
    engine.add(trailing('ts', 'rise', 105, 5)); // trough 100
    engine.onTick('EURUSD', '101', 1);
    expect(engine.levelOf('ts')).toBe(105);
    engine.onTick('EURUSD', '97', 2);
    expect(engine.levelOf('ts')).toBe(102);
    engine.onTick('EURUSD', '99', 3);
    expect(engine.levelOf('ts')).toBe(102);
    expect(summary(engine.onTick('EURUSD', '102', 4))).toEqual([
      { id: 'ts', levelPrice: 102, tickPrice: '102', tickTime: 4 },
    ]);
  });

  it('trails stops added at different times from their own peaks, and fires them in crossing order', () => {
    const engine = new TriggerEngine();
    engine.add(trailing('a', 'fall', 95, 5)); // peak 100
    engine.onTick('EURUSD', '110', 1); // a trails: 105
    expect(ids(engine.onTick('EURUSD', '104', 2))).toEqual(['a']);
    engine.add(trailing('b', 'fall', 100, 3)); // peak 103
    engine.add(trailing('c', 'fall', 96, 10)); // peak 106
    engine.add(fixed('sl', 'fall', 98));
    engine.onTick('EURUSD', '105', 3); // b trails: 102; c still waits at 96
    expect([engine.levelOf('b'), engine.levelOf('c')]).toEqual([102, 96]);
    engine.onTick('EURUSD', '108', 4); // b: 105, c: 98
    expect([engine.levelOf('b'), engine.levelOf('c')]).toEqual([105, 98]);
    expect(ids(engine.onTick('EURUSD', '90', 5))).toEqual(['b', 'c', 'sl']);
  });

  it('keeps trailing groups ordered when a stop leaves one of them', () => {
    const engine = new TriggerEngine();
    engine.add(trailing('a', 'fall', 95, 4)); // start peak 99
    engine.add(trailing('b', 'fall', 95, 8)); // start peak 103
    engine.onTick('EURUSD', '110', 1); // one group, peak 110: a 106, b 102
    engine.onTick('EURUSD', '107.5', 2);
    engine.add(trailing('c', 'fall', 104.5, 1.5)); // start peak 106
    engine.onTick('EURUSD', '107', 3); // a second group, peak 107: c 105.5
    expect([engine.levelOf('a'), engine.levelOf('b'), engine.levelOf('c')]).toEqual([106, 102, 105.5]);
    engine.remove('a'); // the first group's highest level is now b's 102
    expect(ids(engine.onTick('EURUSD', '105', 4))).toEqual(['c']);
    expect(ids(engine.onTick('EURUSD', '102', 5))).toEqual(['b']);
  });

  it('keeps a trailing stop exactly at its price until the market goes above its start peak', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point, and that minus 0.2 is not 0.1: the
    // level must not drift by that rounding, so it only moves once a tick is above the peak.
    const engine = new TriggerEngine();
    engine.add(trailing('ts', 'fall', 0.1, 0.2));
    engine.onTick('EURUSD', String(0.1 + 0.2), 1);
    expect(engine.levelOf('ts')).toBe(0.1);
    expect(ids(engine.onTick('EURUSD', '0.1', 2))).toEqual(['ts']);
  });

  it('fires trailing stops whose levels are equal in floating point in the order they were added', () => {
    // At 2^53 the spacing of doubles is 1 below and 2 above: 2^53 − 0.5 and 2^53 − 0.25 are both 2^53.
    const engine = new TriggerEngine();
    engine.add(trailing('wide', 'fall', 100, 0.5));
    engine.add(trailing('narrow', 'fall', 100, 0.25));
    const fired = engine.onTick('EURUSD', String(2 ** 53), 1);
    expect(ids(fired)).toEqual(['wide', 'narrow']);
    expect(fired.map((f) => f.levelPrice)).toEqual([2 ** 53, 2 ** 53]);
  });

  it('fires a level added beyond the price on the next tick, before the levels the move crosses', () => {
    const engine = new TriggerEngine();
    engine.onTick('EURUSD', '100', 1);
    engine.add(fixed('sl', 'fall', 99));
    engine.add(fixed('stale-buy-stop', 'rise', 95, 'entry'));
    expect(ids(engine.onTick('EURUSD', '98', 2))).toEqual(['stale-buy-stop', 'sl']);
  });

  it('rejects invalid levels and ticks', () => {
    const engine = new TriggerEngine();
    expect(() => engine.add(fixed('x', 'fall', Number.NaN))).toThrow(RangeError);
    expect(() => engine.add(trailing('x', 'fall', 100, 0))).toThrow(RangeError);
    expect(() => engine.add(trailing('x', 'fall', 100, -1))).toThrow(RangeError);
    expect(() => engine.add({ ...fixed('x', 'fall', 100), trailingDistance: 2 } as TriggerLevel)).toThrow(RangeError);
    expect(() => engine.onTick('EURUSD', 'abc', 1)).toThrow(RangeError);
    expect(() => engine.onTick('EURUSD', '', 1)).toThrow(RangeError);
    expect(engine.size()).toBe(0);
  });

  it('handles ten thousand levels of one instrument, a gap firing them all in order', () => {
    const engine = new TriggerEngine();
    const prices: number[] = [];
    for (let i = 0; i < 10_000; i++) {
      const price = 90 + ((i * 7919) % 10_000) / 1000; // 90 … 99.999, shuffled
      prices.push(price);
      if (i % 10 === 0) engine.add(trailing(`t${i}`, 'fall', price, 1 + (i % 7)));
      else engine.add(fixed(`f${i}`, 'fall', price));
    }
    expect(engine.onTick('EURUSD', '100', 1)).toEqual([]);
    const fired = engine.onTick('EURUSD', '80', 2);
    expect(fired).toHaveLength(10_000);
    const levels = fired.map((f) => f.levelPrice);
    expect(levels).toEqual([...levels].sort((a, b) => b - a));
    expect(engine.size()).toBe(0);
  });
});

// --------------------------------------------------------------------------------------------
// Differential tests: the engine against the naive model over random add/remove/tick sequences.

type Op =
  | { op: 'add'; level: TriggerLevel }
  | { op: 'remove'; id: string }
  | { op: 'tick'; code: string; price: string };

const CODES = ['EURUSD', 'BTCUSD'];

function opArbitrary(idCount: number, price: fc.Arbitrary<number>, distance: fc.Arbitrary<number>): fc.Arbitrary<Op> {
  const id = fc.integer({ min: 0, max: idCount - 1 }).map((n) => `L${n}`);
  const code = fc.constantFrom(...CODES);
  const side = fc.constantFrom<'fall' | 'rise'>('fall', 'rise');
  const fixedLevel = fc.record({
    id,
    code,
    side,
    kind: fc.constantFrom<'stop_loss' | 'take_profit' | 'entry' | 'stop_out'>(
      'stop_loss',
      'take_profit',
      'entry',
      'stop_out',
    ),
    price,
  });
  const trailingLevel = fc.record({
    id,
    code,
    side,
    kind: fc.constant<'trailing_stop'>('trailing_stop'),
    price,
    trailingDistance: distance,
  });
  return fc.oneof(
    { weight: 3, arbitrary: fc.oneof(fixedLevel, trailingLevel).map((level): Op => ({ op: 'add', level })) },
    { weight: 1, arbitrary: id.map((i): Op => ({ op: 'remove', id: i })) },
    {
      weight: 5,
      arbitrary: fc.record({ code, price }).map((t): Op => ({ op: 'tick', code: t.code, price: String(t.price) })),
    },
  );
}

function runBoth(ops: Op[], idCount: number): void {
  const engine = new TriggerEngine();
  const naive = new NaiveTriggers();
  ops.forEach((op, step) => {
    if (op.op === 'add') {
      engine.add(op.level);
      naive.add(op.level);
    } else if (op.op === 'remove') {
      expect(engine.remove(op.id)).toBe(naive.remove(op.id));
    } else {
      expect(summary(engine.onTick(op.code, op.price, step))).toEqual(summary(naive.onTick(op.code, op.price, step)));
    }
    // The whole observable state, compared in one go (cheap enough to do after every step).
    const state = (t: TriggerEngine | NaiveTriggers) => [
      t.size(),
      ...CODES.map((code) => t.size(code)),
      ...Array.from({ length: idCount }, (_, i) => [t.has(`L${i}`), t.levelOf(`L${i}`)]),
    ];
    const expected = state(naive);
    const actual = state(engine);
    if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual).toEqual(expected);
  });
}

describe('the trigger engine against the naive scan', () => {
  it('agrees on a coarse price grid (many equal prices, gaps, trailing stops)', () => {
    const price = fc.integer({ min: 180, max: 220 }).map((n) => n / 2); // 90 … 110 by 0.5
    const distance = fc.integer({ min: 1, max: 12 }).map((n) => n / 2);
    const ops = fc.array(opArbitrary(12, price, distance), { maxLength: 200, size: 'max' });
    fc.assert(
      fc.property(ops, (o) => runBoth(o, 12)),
      { numRuns: 400 },
    );
  });

  it('agrees on arbitrary floating-point prices and distances', () => {
    const price = fc.double({ min: 0.5, max: 2, noNaN: true });
    const distance = fc.double({ min: 1e-9, max: 0.5, noNaN: true });
    const ops = fc.array(opArbitrary(12, price, distance), { maxLength: 200, size: 'max' });
    fc.assert(
      fc.property(ops, (o) => runBoth(o, 12)),
      { numRuns: 300 },
    );
  });

  it('agrees with many levels and long runs (deep heaps, many trailing groups)', () => {
    const price = fc.integer({ min: 0, max: 400 }).map((n) => 90 + n / 20);
    const distance = fc.integer({ min: 1, max: 100 }).map((n) => n / 20);
    const ops = fc.array(opArbitrary(150, price, distance), { minLength: 500, maxLength: 1500, size: 'max' });
    fc.assert(
      fc.property(ops, (o) => runBoth(o, 150)),
      { numRuns: 15 },
    );
  });

  it('agrees on a random walk with trailing stops added as it goes', () => {
    // Small steps and occasional gaps, like a feed: trailing stops join groups at different
    // peaks, groups merge on new highs (or lows), and pullbacks fire them.
    const step = fc.oneof(
      { weight: 12, arbitrary: fc.integer({ min: -5, max: 5 }) },
      { weight: 1, arbitrary: fc.integer({ min: -40, max: 40 }) },
    );
    const action = fc.record({
      step,
      add: fc.option(
        fc.record({
          id: fc.integer({ min: 0, max: 39 }),
          side: fc.constantFrom<'fall' | 'rise'>('fall', 'rise'),
          trailing: fc.boolean(),
          offset: fc.integer({ min: 1, max: 100 }),
          distance: fc.integer({ min: 1, max: 150 }),
        }),
        { nil: undefined },
      ),
      remove: fc.option(fc.integer({ min: 0, max: 39 }), { freq: 3, nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(action, { maxLength: 400, size: 'max' }), (actions) => {
        const ops: Op[] = [];
        let cents = 10_000;
        for (const a of actions) {
          if (a.add) {
            const { id, side, trailing: isTrailing, offset, distance } = a.add;
            const price = (side === 'fall' ? cents - offset : cents + offset) / 100;
            const base = { id: `L${id}`, code: 'EURUSD', side, price };
            ops.push({
              op: 'add',
              level: isTrailing
                ? { ...base, kind: 'trailing_stop', trailingDistance: distance / 100 }
                : { ...base, kind: 'stop_loss' },
            });
          }
          if (a.remove !== undefined) ops.push({ op: 'remove', id: `L${a.remove}` });
          cents = Math.max(1, cents + a.step);
          ops.push({ op: 'tick', code: 'EURUSD', price: (cents / 100).toFixed(2) });
        }
        runBoth(ops, 40);
      }),
      { numRuns: 400 },
    );
  });
});
