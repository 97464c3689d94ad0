import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DbView } from '../db/database.js';
import type { PlatformTables } from '../db/platform.tables.js';
import { recurringJob } from './recurring-job.js';

const db = {} as DbView<PlatformTables>;
const clock = { now: () => new Date(Date.UTC(2026, 5, 1, 12, 0, 0)) };

afterEach(() => {
  vi.useRealTimers();
});

describe('a recurring job', () => {
  it('asks at once and then every interval, each run due after its delay under its singleton key, until stopped', async () => {
    vi.useFakeTimers();
    const asked: Array<{ name: string; singletonKey?: string; runAt?: Date }> = [];
    const job = recurringJob({
      jobs: {
        enqueue: async (_db, name, _payload, options) => {
          asked.push({ name, ...options });
          return 'id';
        },
      },
      db,
      name: 'module.work',
      dueAfterMs: 60_000,
      askEveryMs: 1_000,
      clock,
      log: { warn: () => undefined },
    });
    await job.start();
    expect(asked).toEqual([
      { name: 'module.work', singletonKey: 'module.work', runAt: new Date(Date.UTC(2026, 5, 1, 12, 1, 0)) },
    ]);
    await vi.advanceTimersByTimeAsync(2_500);
    expect(asked).toHaveLength(3);
    job.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(asked).toHaveLength(3);
  });

  it('logs a failed ask instead of throwing (the next ask tries again)', async () => {
    const warnings: object[] = [];
    const job = recurringJob({
      jobs: {
        enqueue: async () => {
          throw new Error('database away');
        },
      },
      db,
      name: 'module.work',
      dueAfterMs: 0,
      askEveryMs: 60_000,
      clock,
      log: { warn: (entry) => warnings.push(entry) },
    });
    await expect(job.ask()).resolves.toBeUndefined();
    expect(warnings).toEqual([{ err: 'Error: database away', job: 'module.work' }]);
  });
});
