// What the benchmarks share: command-line options, servers in their own processes, an
// autocannon run that fails loudly on any refused request, medians and percentiles, CPU read
// from /proc, and the machine, load and ledger-audit lines of a report.
import { execFile, execFileSync, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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

/**
 * wrk (C, one thread by default) must be on the machine; as root it is installed from Debian's
 * packages when missing, as the test script does for Chromium.
 */
export function ensureWrk() {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return;
  } catch (error) {
    // wrk prints its version and exits 1; only a missing binary is an error here.
    if (error.code !== 'ENOENT') return;
  }
  if (process.getuid?.() !== 0) throw new Error('this bench needs wrk: sudo apt-get install wrk');
  console.log("installing Debian's wrk");
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'wrk'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/**
 * One wrk run, as loadRun reports it. wrk reads answers without decoding them; autocannon turns
 * every body into a JavaScript string (its request queue appends each chunk to a string), which
 * for binary, compressed answers costs the load generator more than the server spends on them.
 */
export function wrkRun({ url, connections, duration, headers = {}, threads = 1 }) {
  const args = ['-t', String(threads), '-c', String(connections), '-d', `${duration}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  return new Promise((resolve, reject) => {
    execFile('wrk', [...args, url], (error, stdout) => {
      if (error) return reject(error);
      const number = (pattern) => {
        const match = pattern.exec(stdout);
        return match ? Number(match[1]) : null;
      };
      const rate = number(/Requests\/sec:\s+([\d.]+)/);
      const total = number(/(\d+) requests in/);
      const refused = number(/Non-2xx or 3xx responses: (\d+)/) ?? 0;
      const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
      const errors = socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0;
      if (rate === null || total === null) return reject(new Error(`wrk printed no rate:\n${stdout}`));
      if (refused > 0 || errors > 0) return reject(new Error(`${url}: ${refused} non-2xx, ${errors} socket errors`));
      resolve({ rate, total, p50: wrkMilliseconds(stdout, '50%'), p99: wrkMilliseconds(stdout, '99%') });
    });
  });
}

/** A latency percentile line of wrk --latency ("99%  12.34ms"), in milliseconds. */
function wrkMilliseconds(stdout, percentile) {
  const match = new RegExp(`^\\s+${percentile}\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(stdout);
  if (!match) return null;
  const scale = { us: 0.001, ms: 1, s: 1000 }[match[2]];
  return Number(match[1]) * scale;
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** CPU time (user + system, in ms) a process has used so far, from /proc (Linux). */
export function processCpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 1/100 s
}

/** The p-th percentile (0–100) of some values (nearest rank). */
export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

export const sleep = (duration) => new Promise((resolve) => setTimeout(resolve, duration));

/** "machine: 2 × <cpu>, node v20…; load average at start 0.12 0.30 0.41" */
export function machineLine() {
  const cpus = os.cpus();
  return `machine: ${cpus.length} × ${cpus[0]?.model}, node ${process.version}; load average at start ${loadAverage()}`;
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** The ledger audit's verdict as one line (the ledger module of the server build). */
export async function ledgerAuditLine(ledger, db) {
  const findings = await ledger.auditLedger(db);
  return findings.length === 0
    ? 'ledger audit: every invariant holds'
    : `ledger audit: ${findings.length} findings ${JSON.stringify(findings.slice(0, 3))}`;
}

/**
 * CPU time (ms) used so far by the local PostgreSQL server (user postgres): the postmaster, its
 * live backends, and the backends that already ended (their time is in the postmaster's
 * cutime/cstime once reaped), so a connection closing mid-run does not make the figure drop.
 */
export function postgresCpuMs() {
  const pids = execFileSync('pgrep', ['-u', 'postgres', 'postgres']).toString().trim().split('\n').map(Number);
  const stat = (pid) => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  let total = 0;
  let reaped = 0;
  for (const pid of pids) {
    try {
      total += processCpuMs(pid);
      const fields = stat(pid);
      // The postmaster: its parent is not a postgres process.
      if (!pids.includes(Number(fields[1]))) reaped += ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
    } catch {
      // A backend that ended between pgrep and the read.
    }
  }
  return total + reaped;
}
