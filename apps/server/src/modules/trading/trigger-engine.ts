/**
 * The trigger engine: the price levels that wait for the market (stop losses, take profits,
 * pending entries, stop-out prices, trailing stops) and the ticks that cross them.
 *
 * A level fires on a FALL (tick price ≤ level: long SL, short TP, buy-limit, sell-stop, long
 * stop-out, long trailing stop) or on a RISE (tick price ≥ level: long TP, short SL, sell-limit,
 * buy-stop, short stop-out, short trailing stop). A tick fires every level it satisfies, so a gap
 * never skips one: every fall level ≥ the new price and every rise level ≤ it fires, once, and is
 * removed. Each firing reports the tick that crossed it: fills happen at the crossing tick's
 * price, not at the level ("filled at 90 after a gap through 95").
 *
 * Order of the levels fired by one tick (crossing order): walking the price from the previous
 * tick to this one, fall levels come highest first and rise levels lowest first; equal levels
 * come in the order they were added. Levels on the other side of the move can only be stale ones
 * (added already beyond the price, e.g. a buy-stop below the market); they were satisfied before
 * the walk started, so they come first. The first tick of an instrument counts as a fall.
 *
 * Prices inside the engine are numbers used only as comparison keys (levels, not money); the
 * tick price is passed through as the feed's decimal string.
 *
 * Data structures, per instrument and side. Both sides share one implementation (`Book`) that
 * works in "fall" terms: a rise book stores −price, so "price ≥ level" becomes "−price ≤ −level"
 * and a short trailing stop's trough becomes a peak.
 * - Fixed levels sit in an indexed binary max-heap: insert and remove by id in O(log n), and the
 *   "does anything fire" test is one comparison of the tick with the heap's top.
 * - Trailing stops (see `Book` below) cost O(log n) per add/remove/fire and O(log g) amortised per
 *   tick that makes a new high, never O(number of trailing stops) per tick.
 * A tick where nothing fires and nothing ratchets costs a map lookup, a number parse and four
 * comparisons per side.
 */

import { IndexedHeap } from '../../platform/collections/indexed-heap.js';

export type TriggerSide = 'fall' | 'rise';
export type TriggerKind = 'stop_loss' | 'take_profit' | 'entry' | 'stop_out' | 'trailing_stop';

type LevelBase = {
  /** Unique across the engine; adding an id again replaces the earlier level. */
  id: string;
  /** Instrument code. */
  code: string;
  side: TriggerSide;
  /** The level; for a trailing stop, its initial level. */
  price: number;
};
export type FixedTriggerLevel = LevelBase & { kind: Exclude<TriggerKind, 'trailing_stop'> };
/**
 * A trailing stop. On the fall side (long position) its peak starts at `price + trailingDistance`
 * and follows the highest tick seen since it was added; its level stays `price` until a tick
 * goes above the peak, then it is `peak − trailingDistance`, so it only ever moves up. The rise
 * side (short position) mirrors it: trough `price − trailingDistance`, level `trough + distance`,
 * only ever moving down.
 */
export type TrailingTriggerLevel = LevelBase & { kind: 'trailing_stop'; trailingDistance: number };
export type TriggerLevel = FixedTriggerLevel | TrailingTriggerLevel;

export type Fired = {
  /** The level as it was added. */
  level: TriggerLevel;
  /** The level when it fired (for a trailing stop, the ratcheted one). */
  levelPrice: number;
  /** The tick that crossed it, as the feed sent it: the fill price. */
  tickPrice: string;
  tickTime: number;
};

// ---------------------------------------------------------------------------------------------
// Entries and trailing-stop groups.

class Entry {
  staticIndex = -1;
  waitingIndex = -1;
  /** Set once a trailing stop has started to trail; resolve with `findGroup`. */
  group: Group | null = null;
  /** Pairing-heap links (trailing stops in a group, ordered by distance). */
  child: Entry | null = null;
  sibling: Entry | null = null;
  prev: Entry | null = null;
  /** The normalised level at which it fired (for ordering and reporting). */
  firedAt = 0;

  constructor(
    readonly level: TriggerLevel,
    readonly book: Book,
    readonly seq: number,
    /** Normalised initial level: the price on the fall side, −price on the rise side. */
    readonly key: number,
    /** Trailing distance; 0 for a fixed level. */
    readonly distance: number,
    /** Normalised initial peak (`key + distance`): a tick above it starts the trailing. */
    readonly startPeak: number,
  ) {}
}

/** Trailing stops that share one peak: their levels are `peak − distance`. */
class Group {
  root: Entry | null = null;
  /** Set when merged into another group (union–find, with path compression). */
  parent: Group | null = null;
  peakIndex = -1;
  topIndex = -1;

  constructor(public peak: number) {}
}

function findGroup(entry: Entry): Group {
  let root = entry.group as Group;
  while (root.parent !== null) root = root.parent;
  let node = entry.group as Group;
  while (node.parent !== null && node.parent !== root) {
    const next: Group = node.parent;
    node.parent = root;
    node = next;
  }
  entry.group = root;
  return root;
}

// Pairing heap of a group's trailing stops, smallest distance (so highest level) first; ties in
// the order added. Meld is O(1), so merging whole groups when the price makes a new high is cheap;
// delete-min and delete are O(log n) amortised. Iterative: no recursion depth to worry about.

function pairBefore(a: Entry, b: Entry): boolean {
  return a.distance < b.distance || (a.distance === b.distance && a.seq < b.seq);
}

function meld(a: Entry | null, b: Entry | null): Entry | null {
  if (a === null) return b;
  if (b === null) return a;
  let top = a;
  let other = b;
  if (pairBefore(b, a)) {
    top = b;
    other = a;
  }
  other.prev = top;
  other.sibling = top.child;
  if (top.child !== null) top.child.prev = other;
  top.child = other;
  return top;
}

/** Two-pass pairing of a list of sibling roots into one heap. */
function mergePairs(first: Entry | null): Entry | null {
  let stack: Entry | null = null;
  let node = first;
  while (node !== null) {
    const a: Entry = node;
    const b = a.sibling;
    let next: Entry | null = null;
    a.prev = null;
    a.sibling = null;
    let pair: Entry = a;
    if (b !== null) {
      next = b.sibling;
      b.prev = null;
      b.sibling = null;
      pair = meld(a, b) as Entry;
    }
    pair.sibling = stack;
    stack = pair;
    node = next;
  }
  let root: Entry | null = null;
  while (stack !== null) {
    const next: Entry | null = stack.sibling;
    stack.sibling = null;
    root = meld(stack, root);
    stack = next;
  }
  return root;
}

function deleteRoot(root: Entry): Entry | null {
  const rest = mergePairs(root.child);
  root.child = null;
  return rest;
}

function deleteNode(root: Entry, node: Entry): Entry | null {
  if (node === root) return deleteRoot(root);
  const prev = node.prev as Entry;
  if (prev.child === node) prev.child = node.sibling;
  else prev.sibling = node.sibling;
  if (node.sibling !== null) node.sibling.prev = prev;
  node.prev = null;
  node.sibling = null;
  return meld(root, deleteRoot(node));
}

function groupLevel(group: Group): number {
  return group.peak - (group.root as Entry).distance;
}

// ---------------------------------------------------------------------------------------------

/**
 * One side of one instrument, in fall terms (normalised prices: see the file comment).
 *
 * Trailing stops without touching each one per tick. A trailing stop is first "waiting": its
 * level is its initial level, it sits in the fixed-level heap like any other level, and also in
 * a min-heap keyed by its start peak (`price + distance`). The first tick above its start peak
 * moves it into a *group*: a set of trailing stops that share one peak, the highest tick since
 * they joined. Inside a group every level is `peak − distance`, so the group's highest level
 * belongs to its smallest distance: a group keeps its stops in a pairing heap by distance, and one
 * number (the peak) moves all of their levels at once — ratcheting a group is O(1) whatever its
 * size. Levels are computed lazily, `peak − distance`, only when asked for (`levelOf`) or fired.
 *
 * A tick at x above some groups' peaks raises all of them to x, so they now share peak x and
 * merge into one (union–find for the stops' group pointers, O(1) pairing-heap meld for their
 * contents). The groups sit in a min-heap by peak (does this tick raise any group: one comparison
 * with the top) and in a max-heap by their highest level (does a trailing stop fire: one
 * comparison). A tick creates at most one group and a merge destroys one, so a tick that makes a
 * new high costs O(log g) amortised for g groups — in the steady state it raises the one
 * lowest-peak group and re-sifts it — plus O(log w) for each of the w waiting stops it starts
 * (once in each stop's life). Nothing is done per trailing stop on a tick otherwise; adding,
 * removing and firing one is O(log n) (amortised, for the pairing heap).
 *
 * Since a stop starts to trail only at a tick strictly above `price + distance` (as rounded in
 * floating point), its first trailed level `x − distance` is ≥ its initial level (no rounding
 * drift below it), and it only rises afterwards.
 */
class Book {
  /**
   * Fixed levels and trailing stops by their initial level, highest first. A trailing stop that
   * has started to trail stays here as a tombstone until it fires or is removed (O(log n) then
   * anyway), so starting to trail costs no removal here. A tombstone cannot make the "does
   * anything fire" test wrong: its trailed level is ≥ its key, so whenever its key is ≥ the
   * tick, it fires from its group in that same tick.
   */
  private readonly fixed = new IndexedHeap<Entry>(
    (a, b) => a.key > b.key || (a.key === b.key && a.seq < b.seq),
    (e) => e.staticIndex,
    (e, i) => {
      e.staticIndex = i;
    },
  );
  /** Waiting trailing stops, lowest start peak first. */
  private readonly waiting = new IndexedHeap<Entry>(
    (a, b) => a.startPeak < b.startPeak,
    (e) => e.waitingIndex,
    (e, i) => {
      e.waitingIndex = i;
    },
  );
  /** Non-empty groups, lowest peak first. */
  private readonly byPeak = new IndexedHeap<Group>(
    (a, b) => a.peak < b.peak,
    (g) => g.peakIndex,
    (g, i) => {
      g.peakIndex = i;
    },
  );
  /** Non-empty groups, highest level first. */
  private readonly tops = new IndexedHeap<Group>(
    (a, b) => {
      const la = groupLevel(a);
      const lb = groupLevel(b);
      return la > lb || (la === lb && (a.root as Entry).seq < (b.root as Entry).seq);
    },
    (g) => g.topIndex,
    (g, i) => {
      g.topIndex = i;
    },
  );
  count = 0;

  add(entry: Entry): void {
    this.fixed.push(entry);
    if (entry.distance > 0) this.waiting.push(entry);
    this.count++;
  }

  remove(entry: Entry): void {
    this.count--;
    this.fixed.remove(entry); // also a trailing stop's tombstone, if still there
    if (entry.group === null) {
      if (entry.distance > 0) this.waiting.remove(entry);
      return;
    }
    const group = findGroup(entry);
    entry.group = null;
    const wasRoot = group.root === entry;
    group.root = deleteNode(group.root as Entry, entry);
    if (group.root === null) this.dropGroup(group);
    else if (wasRoot) this.tops.update(group);
  }

  levelOf(entry: Entry): number {
    return entry.group === null ? entry.key : findGroup(entry).peak - entry.distance;
  }

  /** Applies a normalised tick; returns the entries fired in crossing order, or null. */
  tick(x: number): Entry[] | null {
    const lowestPeak = this.byPeak.peek();
    const nextWaiting = this.waiting.peek();
    if ((lowestPeak !== undefined && lowestPeak.peak < x) || (nextWaiting !== undefined && nextWaiting.startPeak < x)) {
      this.ratchet(x);
    }
    const topFixed = this.fixed.peek();
    const topGroup = this.tops.peek();
    const fixedFires = topFixed !== undefined && topFixed.key >= x;
    const trailingFires = topGroup !== undefined && groupLevel(topGroup) >= x;
    if (!fixedFires && !trailingFires) return null;

    const out: Entry[] = [];
    if (fixedFires) this.fireFixed(x, out);
    if (trailingFires) this.fireTrailing(x, out);
    this.count -= out.length;
    // Each list comes out in crossing order; one (near-linear) sort interleaves them and settles
    // the order of trailing stops whose levels are equal in floating point although their
    // distances differ (the group heap orders by distance, the contract by order added).
    if (trailingFires && out.length > 1) out.sort(crossingOrder);
    return out;
  }

  private ratchet(x: number): void {
    let acc: Group | null = null;
    for (;;) {
      const group = this.byPeak.peek();
      if (group === undefined || group.peak >= x) break;
      this.byPeak.pop();
      if (acc === null) {
        acc = group;
      } else {
        this.tops.remove(group);
        group.parent = acc;
        acc.root = meld(acc.root, group.root);
        group.root = null;
      }
    }
    for (;;) {
      const entry = this.waiting.peek();
      if (entry === undefined || entry.startPeak >= x) break;
      this.waiting.pop();
      // It stays in the fixed heap as a tombstone (see `fixed`): no O(log n) removal here.
      if (acc === null) acc = new Group(x);
      entry.group = acc;
      acc.root = meld(acc.root, entry);
    }
    if (acc === null) return;
    acc.peak = x;
    this.byPeak.push(acc);
    if (acc.topIndex < 0) this.tops.push(acc);
    else this.tops.update(acc);
  }

  private fireFixed(x: number, out: Entry[]): void {
    for (;;) {
      const entry = this.fixed.peek();
      if (entry === undefined || entry.key < x) return;
      this.fixed.pop();
      // A tombstone: its trailed level is ≥ its key ≥ x, so it fires from its group, below.
      if (entry.group !== null) continue;
      if (entry.distance > 0) this.waiting.remove(entry);
      entry.firedAt = entry.key;
      out.push(entry);
    }
  }

  private fireTrailing(x: number, out: Entry[]): void {
    for (;;) {
      const group = this.tops.peek();
      if (group === undefined) return;
      const level = groupLevel(group);
      if (level < x) return;
      const entry = group.root as Entry;
      group.root = deleteRoot(entry);
      entry.group = null;
      this.fixed.remove(entry);
      entry.firedAt = level;
      out.push(entry);
      if (group.root === null) this.dropGroup(group);
      else this.tops.update(group);
    }
  }

  private dropGroup(group: Group): void {
    this.tops.remove(group);
    this.byPeak.remove(group);
  }
}

function crossingOrder(a: Entry, b: Entry): number {
  return b.firedAt - a.firedAt || a.seq - b.seq;
}

type Instrument = { fall: Book; rise: Book; lastPrice: number | undefined };

/** What almost every tick returns: shared, so the common path allocates nothing. */
const NOTHING_FIRED: readonly Fired[] = Object.freeze([]);

export class TriggerEngine {
  private readonly entries = new Map<string, Entry>();
  private readonly instruments = new Map<string, Instrument>();
  private seq = 0;

  /** Adds a level; a level with the same id is replaced. Throws on an invalid level. */
  add(level: TriggerLevel): void {
    if (!Number.isFinite(level.price)) throw new RangeError(`trigger ${level.id}: price must be finite`);
    if (level.side !== 'fall' && level.side !== 'rise') throw new RangeError(`trigger ${level.id}: bad side`);
    let distance = 0;
    if (level.kind === 'trailing_stop') {
      distance = level.trailingDistance;
      if (!(distance > 0) || !Number.isFinite(level.price + distance) || !Number.isFinite(level.price - distance)) {
        throw new RangeError(`trigger ${level.id}: trailing distance must be positive and finite`);
      }
    } else if ((level as { trailingDistance?: unknown }).trailingDistance !== undefined) {
      throw new RangeError(`trigger ${level.id}: only a trailing stop has a trailing distance`);
    }
    this.remove(level.id);
    const instrument = this.instrument(level.code);
    const book = level.side === 'fall' ? instrument.fall : instrument.rise;
    const key = level.side === 'fall' ? level.price : -level.price;
    const entry = new Entry(level, book, this.seq++, key, distance, key + distance);
    book.add(entry);
    this.entries.set(level.id, entry);
  }

  /** Removes a level; false when there was none with this id. */
  remove(id: string): boolean {
    const entry = this.entries.get(id);
    if (entry === undefined) return false;
    entry.book.remove(entry);
    this.entries.delete(id);
    return true;
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** Levels waiting, on one instrument or on all. */
  size(code?: string): number {
    if (code === undefined) return this.entries.size;
    const instrument = this.instruments.get(code);
    return instrument === undefined ? 0 : instrument.fall.count + instrument.rise.count;
  }

  /** The level's current price: for a trailing stop, the ratcheted one. */
  levelOf(id: string): number | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined) return undefined;
    const normalised = entry.book.levelOf(entry);
    return entry.level.side === 'fall' ? normalised : -normalised;
  }

  /**
   * Applies a tick (price as a decimal string, time in epoch ms): ratchets the instrument's
   * trailing stops and returns the levels fired, in crossing order, removed from the engine.
   * When nothing fires (almost always) it returns one shared, frozen empty array.
   */
  onTick(code: string, price: string, time: number): readonly Fired[] {
    const x = Number(price);
    if (price.length === 0 || !Number.isFinite(x)) throw new RangeError(`tick ${code}: bad price ${price}`);
    const instrument = this.instrument(code);
    const rose = instrument.lastPrice !== undefined && x > instrument.lastPrice;
    instrument.lastPrice = x;
    const falls = instrument.fall.tick(x);
    const rises = instrument.rise.tick(-x);
    if (falls === null && rises === null) return NOTHING_FIRED;
    const fired: Fired[] = [];
    const first = rose ? falls : rises;
    const second = rose ? rises : falls;
    if (first !== null) for (const entry of first) fired.push(this.fire(entry, price, time));
    if (second !== null) for (const entry of second) fired.push(this.fire(entry, price, time));
    return fired;
  }

  private fire(entry: Entry, tickPrice: string, tickTime: number): Fired {
    this.entries.delete(entry.level.id);
    const levelPrice = entry.level.side === 'fall' ? entry.firedAt : -entry.firedAt;
    return { level: entry.level, levelPrice, tickPrice, tickTime };
  }

  private instrument(code: string): Instrument {
    let instrument = this.instruments.get(code);
    if (instrument === undefined) {
      instrument = { fall: new Book(), rise: new Book(), lastPrice: undefined };
      this.instruments.set(code, instrument);
    }
    return instrument;
  }
}
