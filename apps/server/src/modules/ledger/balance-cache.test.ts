import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedUserSummary, forgetUserSummaries, SETTLING_MS } from './balance-cache.js';
import type { LedgerDb as Db } from './ledger.tables.js';

/** A stand-in database: the cache only needs an owner object to key its entries by. */
const fakeDb = () => {
  const executor = { adapter: {} };
  return { getExecutor: () => executor } as unknown as Db;
};

describe('balance summary cache', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers repeated reads from memory for a moment', async () => {
    const db = fakeDb();
    const load = vi.fn(async () => 'balance');
    await cachedUserSummary(db, '1', 'live', load);
    await cachedUserSummary(db, '1', 'live', load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('after a transfer forgets a user, reads stay fresh until the transfer has surely committed', async () => {
    const db = fakeDb();
    let committed = 'before';
    const load = vi.fn(async () => committed);
    await cachedUserSummary(db, '1', 'live', load);

    forgetUserSummaries(db, ['1']); // inside the transfer's transaction, before its commit
    expect(await cachedUserSummary(db, '1', 'live', load)).toBe('before'); // read before the commit
    committed = 'after';
    expect(await cachedUserSummary(db, '1', 'live', load)).toBe('after'); // not the pre-commit value

    vi.advanceTimersByTime(SETTLING_MS);
    await cachedUserSummary(db, '1', 'live', load);
    const calls = load.mock.calls.length;
    await cachedUserSummary(db, '1', 'live', load);
    expect(load).toHaveBeenCalledTimes(calls); // settled: cached again
  });

  it('does not keep a value whose load overlapped a forget', async () => {
    const db = fakeDb();
    let finish: (value: string) => void = () => {};
    const slow = cachedUserSummary(db, '1', 'demo', () => new Promise<string>((resolve) => (finish = resolve)));
    forgetUserSummaries(db, ['1']);
    finish('stale');
    expect(await slow).toBe('stale');
    vi.advanceTimersByTime(SETTLING_MS);
    expect(await cachedUserSummary(db, '1', 'demo', async () => 'fresh')).toBe('fresh');
  });
});
