import { describe, expect, it } from 'vitest';
import { createReadiness } from './readiness.js';

const quiet = { info() {}, warn() {}, error() {} };

/** A promise the test settles by hand. */
function gate() {
  let open: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

describe('readiness', () => {
  it('holds deferred work until the server listens, naming it as loading meanwhile', async () => {
    const readiness = createReadiness(quiet);
    let hasStarted = false;
    const work = gate();
    readiness.afterListen('market-backfill', () => {
      hasStarted = true;
      return work.promise;
    });
    expect(hasStarted).toBe(false);
    expect(await readiness.report()).toEqual({ isReady: false, loading: ['market-backfill'] });

    readiness.begin();
    expect(hasStarted).toBe(true);
    expect(await readiness.report()).toEqual({ isReady: false, loading: ['market-backfill'] });

    work.open();
    await readiness.settled();
    expect(await readiness.report()).toEqual({ isReady: true });
  });

  it('runs work named after listening at once', async () => {
    const readiness = createReadiness(quiet);
    readiness.begin();
    const work = gate();
    readiness.afterListen('chain-node', () => work.promise);
    expect(readiness.loading()).toEqual(['chain-node']);
    work.open();
    await readiness.settled();
    expect(readiness.loading()).toEqual([]);
  });

  it('names a part once while two pieces of its work run, until both are done', async () => {
    const readiness = createReadiness(quiet);
    readiness.begin();
    const first = gate();
    const second = gate();
    readiness.afterListen('market-backfill', () => first.promise);
    readiness.afterListen('market-backfill', () => second.promise);
    expect(readiness.loading()).toEqual(['market-backfill']);
    first.open();
    await first.promise;
    await new Promise((resolve) => setImmediate(resolve));
    expect(readiness.loading()).toEqual(['market-backfill']);
    second.open();
    await readiness.settled();
    expect(readiness.loading()).toEqual([]);
  });

  it('logs failed work and stops counting it as loading', async () => {
    const errors: object[] = [];
    const readiness = createReadiness({ ...quiet, error: (obj) => errors.push(obj) });
    readiness.begin();
    const work = gate();
    readiness.afterListen('market-backfill', () => work.promise);
    work.fail(new Error('connection lost'));
    await readiness.settled();
    expect(await readiness.report()).toEqual({ isReady: true });
    expect(errors).toEqual([{ part: 'market-backfill', err: 'connection lost' }]);
  });

  it('names a check that answers false or fails, on every report', async () => {
    const readiness = createReadiness(quiet);
    let isMigrated = false;
    readiness.addCheck('database', async () => isMigrated);
    readiness.addCheck('cache', async () => {
      throw new Error('down');
    });
    expect(await readiness.report()).toEqual({ isReady: false, loading: ['database', 'cache'] });
    isMigrated = true;
    expect(await readiness.report()).toEqual({ isReady: false, loading: ['cache'] });
  });
});
