import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { pauseUnlessAborted, repeatUntilAborted } from './singleton.js';

describe('pauseUnlessAborted (a singleton loop pausing between steps)', () => {
  it('leaves no abort listener behind after pauses that ran out, however many', async () => {
    const controller = new AbortController();
    for (let i = 0; i < 20; i += 1) await pauseUnlessAborted(1, controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('ends a long pause at once when the signal aborts, and removes its listener', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const pause = pauseUnlessAborted(60_000, controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    controller.abort();
    await pause;
    expect(performance.now() - started).toBeLessThan(1000);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('does not wait when the signal has already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const started = performance.now();
    await pauseUnlessAborted(60_000, controller.signal);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('repeatUntilAborted (a singleton loop)', () => {
  it('steps again after a failure it reports, and ends when the signal aborts, quietly for a failure the abort caused', async () => {
    const controller = new AbortController();
    const failures: unknown[] = [];
    let steps = 0;
    await repeatUntilAborted(controller.signal, {
      everyMs: 1,
      afterFailureMs: 1,
      step: async () => {
        steps += 1;
        if (steps === 2) throw new Error('node unreachable');
        if (steps === 4) {
          controller.abort();
          throw new Error('aborted mid-step');
        }
      },
      onFailure: (error) => failures.push(error),
    });
    expect(steps).toBe(4);
    expect(failures.map((error) => (error as Error).message)).toEqual(['node unreachable']);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
