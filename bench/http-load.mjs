// What the HTTP benchmarks share: command-line options, servers in their own processes, an
// autocannon run that fails loudly on any refused request, and the median.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));

/** `--name N` from the command line, as a number, else the fallback. */
export function numberOption(name, fallback) {
  const args = process.argv.slice(2);
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
}

/**
 * Forks a bench server script (servers.mjs, trading-server.mjs …) in its own process, as the
 * server would run in production, and resolves with its first message (its port, tokens …).
 */
export function startBenchProcess(file, args = []) {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, file), args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (message) => resolve({ child, ...message }));
    child.once('exit', (code) => reject(new Error(`${file} ${args.join(' ')} exited with ${code}`)));
  });
}

/** Stops a process from startBenchProcess and waits until it has cleaned up and exited. */
export function stopBenchProcess({ child }) {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/** One autocannon run (pipelining 1); any non-2xx answer or error fails the bench. */
export function loadRun(options) {
  return new Promise((resolve, reject) => {
    autocannon({ pipelining: 1, ...options }, (error, result) => {
      if (error) reject(error);
      else if (result.non2xx > 0 || result.errors > 0)
        reject(new Error(`${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      else resolve({ rate: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
    });
  });
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
