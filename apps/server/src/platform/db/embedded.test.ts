import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const embeddedModule = path.join(path.dirname(new URL(import.meta.url).pathname), 'embedded.ts');

/** Runs a module in a fresh Node process (TypeScript through tsx) and returns its exit status. */
function exitStatusOf(source: string): number | null {
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (result.error) throw result.error;
  return result.status;
}

describe('the embedded PostgreSQL package', () => {
  it('leaves the exit code of a process that loaded it alone (a failed test run or audit must not exit 0)', () => {
    // Without the package: the process ends with the code it set.
    expect(exitStatusOf('process.exitCode = 3;')).toBe(3);
    // With it loaded, its exit hook used to call process.exit(0) when the event loop emptied,
    // and its SIGTERM handler stopped PostgreSQL under the server's graceful shutdown (4 here).
    const loaded = `
      const { loadEmbeddedPostgres } = await import(${JSON.stringify(embeddedModule)});
      const signalListeners = process.listenerCount('SIGTERM') + process.listenerCount('SIGINT');
      await loadEmbeddedPostgres();
      const added = process.listenerCount('SIGTERM') + process.listenerCount('SIGINT') - signalListeners;
      process.exitCode = added === 0 ? 3 : 4;
    `;
    expect(exitStatusOf(loaded)).toBe(3);
  });
});
