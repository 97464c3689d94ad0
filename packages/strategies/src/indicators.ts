/**
 * Incremental indicators, O(1) per bar (amortised), for the strategies. They compute with
 * float64: an indicator is a statistic that decides *whether* to trade; every amount of money
 * (cash, margin, fee, P&L, equity) is computed exactly elsewhere from the exact prices.
 *
 * Running sums drift by a rounding per update; each rolling window re-sums its buffer once per
 * lap (every `period` pushes, O(period) work, so still O(1) amortised), which bounds the drift
 * to one lap's worth of roundings however long the run.
 */

function assertPeriod(period: number): void {
  if (!Number.isSafeInteger(period) || period < 1) throw new RangeError(`a period must be ≥ 1, got ${period}`);
}

/** Simple moving average of the last `period` values. */
export class RollingMean {
  private readonly values: Float64Array;
  private position = 0;
  private count = 0;
  private sum = 0;

  constructor(readonly period: number) {
    assertPeriod(period);
    this.values = new Float64Array(period);
  }

  push(value: number): void {
    const values = this.values;
    const position = this.position;
    this.sum += value - (values[position] as number);
    values[position] = value;
    this.position = position + 1 === this.period ? 0 : position + 1;
    if (this.count < this.period) this.count++;
    if (this.position === 0) {
      let sum = 0;
      for (let i = 0; i < this.period; i++) sum += values[i] as number;
      this.sum = sum;
    }
  }

  get ready(): boolean {
    return this.count === this.period;
  }

  /** The mean of the last `period` values (of fewer while not ready). */
  get value(): number {
    return this.count === 0 ? Number.NaN : this.sum / this.count;
  }
}

/**
 * Mean and population standard deviation of the last `period` values. The sums are taken around
 * a shift (the mean at the last lap) so that E[x²] − E[x]² does not cancel catastrophically at
 * prices like 50,000 with a spread of a few units.
 */
export class RollingMeanDeviation {
  private readonly values: Float64Array;
  private position = 0;
  private count = 0;
  private shift = Number.NaN;
  private sum = 0;
  private sumSquares = 0;

  constructor(readonly period: number) {
    assertPeriod(period);
    this.values = new Float64Array(period);
  }

  push(value: number): void {
    if (Number.isNaN(this.shift)) this.shift = value;
    const values = this.values;
    const position = this.position;
    const added = value - this.shift;
    if (this.count === this.period) {
      const removed = (values[position] as number) - this.shift;
      this.sum -= removed;
      this.sumSquares -= removed * removed;
    } else {
      this.count++;
    }
    this.sum += added;
    this.sumSquares += added * added;
    values[position] = value;
    this.position = position + 1 === this.period ? 0 : position + 1;
    if (this.position === 0) this.recentre();
  }

  private recentre(): void {
    const values = this.values;
    const shift = this.mean;
    let sum = 0;
    let sumSquares = 0;
    for (let i = 0; i < this.period; i++) {
      const d = (values[i] as number) - shift;
      sum += d;
      sumSquares += d * d;
    }
    this.shift = shift;
    this.sum = sum;
    this.sumSquares = sumSquares;
  }

  get ready(): boolean {
    return this.count === this.period;
  }

  get mean(): number {
    return this.count === 0 ? Number.NaN : this.shift + this.sum / this.count;
  }

  get deviation(): number {
    if (this.count === 0) return Number.NaN;
    const m = this.sum / this.count;
    const variance = this.sumSquares / this.count - m * m;
    return variance > 0 ? Math.sqrt(variance) : 0;
  }
}

/**
 * The highest (or lowest) of the last `period` values: a monotonic queue in a ring buffer. Each
 * value enters and leaves the queue once, so a push is O(1) amortised.
 */
export class RollingExtreme {
  private readonly values: Float64Array;
  private readonly sequence: Float64Array;
  private readonly capacity: number;
  private head = 0;
  private size = 0;
  private pushed = 0;
  private readonly isMax: boolean;

  constructor(
    readonly period: number,
    kind: 'max' | 'min',
  ) {
    assertPeriod(period);
    this.capacity = period + 1;
    this.values = new Float64Array(this.capacity);
    this.sequence = new Float64Array(this.capacity);
    this.isMax = kind === 'max';
  }

  push(value: number): void {
    const capacity = this.capacity;
    // Drop from the back every value the new one dominates.
    while (this.size > 0) {
      const back = (this.head + this.size - 1) % capacity;
      const kept = this.values[back] as number;
      if (this.isMax ? kept > value : kept < value) break;
      this.size--;
    }
    const slot = (this.head + this.size) % capacity;
    this.values[slot] = value;
    this.sequence[slot] = this.pushed;
    this.size++;
    this.pushed++;
    // Drop from the front what has left the window.
    const oldest = this.pushed - this.period;
    while ((this.sequence[this.head] as number) < oldest) {
      this.head = (this.head + 1) % capacity;
      this.size--;
    }
  }

  get ready(): boolean {
    return this.pushed >= this.period;
  }

  /** The extreme of the last `period` values (of those pushed while not ready). */
  get value(): number {
    return this.size === 0 ? Number.NaN : (this.values[this.head] as number);
  }
}

/**
 * Average true range over `period` bars, as a simple mean of the true ranges (not Wilder's
 * exponential smoothing): its memory is exactly `period` bars, so a live runner that rebuilds
 * its state from the last bars after a restart gets the same value as an uninterrupted run.
 * The first bar's true range is its high − low (there is no previous close).
 */
export class AverageTrueRange {
  private readonly mean: RollingMean;
  private previousClose = Number.NaN;

  constructor(readonly period: number) {
    this.mean = new RollingMean(period);
  }

  push(high: number, low: number, close: number): void {
    const previous = this.previousClose;
    let range = high - low;
    if (!Number.isNaN(previous)) {
      const up = Math.abs(high - previous);
      const down = Math.abs(low - previous);
      if (up > range) range = up;
      if (down > range) range = down;
    }
    this.mean.push(range);
    this.previousClose = close;
  }

  get ready(): boolean {
    return this.mean.ready;
  }

  get value(): number {
    return this.mean.value;
  }
}
