/**
 * Group commit: callers' items queue up while one database transaction is being written, and
 * the next transaction takes as many of them as fit. One lock pass, a few statements and one
 * commit serve hundreds of requests, and there are no lock waits between writers because a
 * process has one. A round trip to the database, not the work inside it, is what a small
 * transaction mostly costs (TigerBeetle's lesson).
 *
 * `write` answers one outcome per item, so an item refused on its merits (not enough margin,
 * say) fails alone. When `write` throws, the group is written again one item at a time, each in
 * a transaction of its own, so one bad item never fails the others.
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export type GroupCommit<I, O> = {
  submit(item: I): Promise<O>;
  /** Resolves once everything submitted so far has been written or refused. */
  drain(): Promise<void>;
};

type Pending<I, O> = { item: I; resolve: (value: O) => void; reject: (error: unknown) => void };

export function createGroupCommit<I, O>(options: {
  /** Writes the items in one transaction and answers one outcome each, in order. */
  write: (items: I[]) => Promise<Array<Outcome<O>>>;
  /** What an item counts towards `maxWeight` (1 unless told). */
  weight?: (item: I) => number;
  maxWeight: number;
}): GroupCommit<I, O> {
  const weightOf = options.weight ?? (() => 1);
  const queue: Array<Pending<I, O>> = [];
  // Cleared in the same step in which the writer sees the queue empty, so an item submitted a
  // microtask later starts a writer instead of waiting for one that is ending.
  let isWriting = false;
  let writing: Promise<void> = Promise.resolve();

  const settle = (pending: Pending<I, O>, outcome: Outcome<O> | undefined) => {
    if (!outcome) pending.reject(new Error('group commit answered fewer outcomes than items'));
    else if (outcome.ok) pending.resolve(outcome.value);
    else pending.reject(outcome.error);
  };

  async function writeGroup(group: Array<Pending<I, O>>): Promise<void> {
    let outcomes: Array<Outcome<O>>;
    try {
      outcomes = await options.write(group.map((pending) => pending.item));
    } catch (groupError) {
      if (group.length === 1) {
        group[0]?.reject(groupError);
        return;
      }
      for (const pending of group) {
        try {
          settle(pending, (await options.write([pending.item]))[0]);
        } catch (error) {
          pending.reject(error);
        }
      }
      return;
    }
    group.forEach((pending, index) => {
      settle(pending, outcomes[index]);
    });
  }

  async function writeLoop(): Promise<void> {
    isWriting = true;
    try {
      while (queue.length > 0) {
        const group: Array<Pending<I, O>> = [];
        let weight = 0;
        while (queue.length > 0) {
          const next = queue[0] as Pending<I, O>;
          const nextWeight = weightOf(next.item);
          if (group.length > 0 && weight + nextWeight > options.maxWeight) break;
          queue.shift();
          group.push(next);
          weight += nextWeight;
        }
        await writeGroup(group);
      }
    } finally {
      isWriting = false;
    }
  }

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (!isWriting) writing = writeLoop();
      });
    },
    async drain() {
      while (isWriting) await writing;
    },
  };
}
