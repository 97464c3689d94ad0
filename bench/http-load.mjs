// What the HTTP benchmarks share: command-line options, servers in their own processes, an
// autocannon run that fails loudly on any refused request, and the median.
import { execFileSync, fork } from 'node:child_process';
import fs from 'node:fs';
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
      else
        resolve({
          rate: result.requests.average,
          total: result.requests.total,
          p50: result.latency.p50,
          p99: result.latency.p99,
        });
    });
  });
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** CPU time (user + system, in ms) a process has used so far, from /proc (Linux). */
export function processCpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 1/100 s
}

/** CPU time (ms) used so far by every process of the local PostgreSQL server (user postgres). */
export function postgresCpuMs() {
  const pids = execFileSync('pgrep', ['-u', 'postgres', 'postgres']).toString().trim().split('\n');
  let total = 0;
  for (const pid of pids) {
    try {
      total += processCpuMs(pid);
    } catch {
      // A backend that ended between pgrep and the read.
    }
  }
  return total;
}
