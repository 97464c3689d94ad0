import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { pauseUnlessAborted } from './singleton.js';

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
