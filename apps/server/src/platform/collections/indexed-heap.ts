/**
 * A binary heap whose items know their slot, so any item is removed or re-keyed in O(log n)
 * without lazy deletion (no tombstones to sweep, no memory that grows with churn). The trading
 * trigger engine and the lending LTV monitor keep their price levels in it.
 * `outranks(a, b)` is true when `a` must come out before `b`; `slotOf`/`setSlot` keep the item's
 * slot on the item itself (-1 when it is in no heap).
 */
export class IndexedHeap<T> {
  private readonly items: T[] = [];

  constructor(
    private readonly outranks: (a: T, b: T) => boolean,
    private readonly slotOf: (item: T) => number,
    private readonly setSlot: (item: T, slot: number) => void,
  ) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    this.items.push(item);
    this.siftUp(this.items.length - 1, item);
  }

  pop(): T | undefined {
    const top = this.items[0];
    if (top !== undefined) this.removeSlot(0);
    return top;
  }

  /** Removes the item if it is in this heap; false otherwise. */
  remove(item: T): boolean {
    const slot = this.held(item);
    if (slot < 0) return false;
    this.removeSlot(slot);
    return true;
  }

  /** Restores the order after the item's key changed (either way); nothing if it is not here. */
  update(item: T): void {
    const slot = this.held(item);
    if (slot < 0) return;
    if (this.siftUp(slot, item) === slot) this.siftDown(slot, item);
  }

  /** The item's slot in this heap, or -1 (its slot may belong to another heap it is not in). */
  private held(item: T): number {
    const slot = this.slotOf(item);
    return slot >= 0 && this.items[slot] === item ? slot : -1;
  }

  private removeSlot(slot: number): void {
    const removed = this.items[slot] as T;
    const last = this.items.pop() as T;
    this.setSlot(removed, -1);
    if (slot === this.items.length) return;
    if (this.siftUp(slot, last) === slot) this.siftDown(slot, last);
  }

  /** Places `item` at `slot` or above; returns where it landed. */
  private siftUp(slot: number, item: T): number {
    let i = slot;
    while (i > 0) {
      const parentSlot = (i - 1) >> 1;
      const parent = this.items[parentSlot] as T;
      if (!this.outranks(item, parent)) break;
      this.items[i] = parent;
      this.setSlot(parent, i);
      i = parentSlot;
    }
    this.items[i] = item;
    this.setSlot(item, i);
    return i;
  }

  private siftDown(slot: number, item: T): void {
    const n = this.items.length;
    let i = slot;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      let childItem = this.items[child] as T;
      const right = child + 1;
      if (right < n && this.outranks(this.items[right] as T, childItem)) {
        child = right;
        childItem = this.items[right] as T;
      }
      if (!this.outranks(childItem, item)) break;
      this.items[i] = childItem;
      this.setSlot(childItem, i);
      i = child;
    }
    this.items[i] = item;
    this.setSlot(item, i);
  }
}
