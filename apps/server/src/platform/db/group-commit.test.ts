import { describe, expect, it } from 'vitest';
import { createGroupCommit, type Outcome } from './group-commit.js';

/** A writer that records each group it is given and answers item × 10, refusing odd items. */
function recordingWriter(options: { failGroupsLargerThan?: number } = {}) {
  const groups: number[][] = [];
  const write = async (items: number[]): Promise<Array<Outcome<number>>> => {
    groups.push(items);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (options.failGroupsLargerThan !== undefined && items.length > options.failGroupsLargerThan) {
      throw new Error('the merged transaction failed');
    }
    return items.map((item) =>
      item % 2 === 0 ? { ok: true, value: item * 10 } : { ok: false, error: new Error(`odd ${item}`) },
    );
  };
  return { groups, write };
}

describe('group commit', () => {
  it('writes what queued during a write as one group, and answers each caller its own outcome', async () => {
    const writer = recordingWriter();
    const group = createGroupCommit({ write: writer.write, maxWeight: 100 });
    const answers = await Promise.allSettled([0, 1, 2, 3, 4].map((item) => group.submit(item)));
    // The first item starts a write at once; the four that arrive meanwhile share the next.
    expect(writer.groups).toEqual([[0], [1, 2, 3, 4]]);
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual([
      0,
      'odd 1',
      20,
      'odd 3',
      40,
    ]);
  });

  it('keeps a group within its weight', async () => {
    const writer = recordingWriter();
    const group = createGroupCommit({ write: writer.write, maxWeight: 5, weight: (item: number) => item });
    await Promise.all([0, 2, 2, 2, 4].map((item) => group.submit(item)));
    expect(writer.groups).toEqual([[0], [2, 2], [2], [4]]);
  });

  it('when a merged write throws, writes each item of the group alone', async () => {
    const writer = recordingWriter({ failGroupsLargerThan: 1 });
    const group = createGroupCommit({ write: writer.write, maxWeight: 100 });
    const answers = await Promise.allSettled([0, 2, 4, 6].map((item) => group.submit(item)));
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : null))).toEqual([0, 20, 40, 60]);
    expect(writer.groups).toEqual([[0], [2, 4, 6], [2], [4], [6]]);
  });

  it('writes one group at a time, and drain waits until everything submitted is written', async () => {
    let running = 0;
    let mostAtOnce = 0;
    const group = createGroupCommit<number, number>({
      maxWeight: 1,
      write: async (items) => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return items.map((item) => ({ ok: true, value: item }));
      },
    });
    const answers = Array.from({ length: 5 }, (_, item) => group.submit(item));
    let written = 0;
    for (const answer of answers) void answer.then(() => (written += 1));
    await group.drain();
    await Promise.resolve();
    expect(written).toBe(5);
    expect(mostAtOnce).toBe(1);
    expect(await Promise.all(answers)).toEqual([0, 1, 2, 3, 4]);
  });

  it('never strands an item submitted just as a writer finishes', async () => {
    // Whatever the number of promise hops between one answer and the next submit, the next
    // item is written: a writer that has seen an empty queue must not still count as running.
    for (let hops = 0; hops < 12; hops += 1) {
      const group = createGroupCommit<number, number>({
        maxWeight: 10,
        write: async (items) => items.map((item) => ({ ok: true, value: item })),
      });
      let chain: Promise<unknown> = group.submit(1);
      for (let hop = 0; hop < hops; hop += 1) chain = chain.then(() => undefined);
      const next = chain.then(() => group.submit(2));
      const stranded = new Promise((resolve) => setTimeout(() => resolve('stranded'), 200));
      expect(await Promise.race([next, stranded]), `after ${hops} hops`).toBe(2);
    }
  });
});
