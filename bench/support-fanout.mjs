// Support chat fan-out (issue 20): CONVERSATIONS open conversations, each receiving one message
// per second, sent on one instance and delivered to the user's socket on the other, against a raw
// `ws` relay of the same messages between two processes joined by Redis, in the same run.
//
// Platform: two instances of the real app (bench/support-fanout-server.mjs: one database, one
// Redis bus) — every user's socket signs in on instance A (`{ op: 'auth' }`); the support agent
// replies through `POST /swx/admin/support/conversations/{id}/messages` on instance B (each reply
// is a committed row, then `{ op: 'support', data: { kind: 'message' } }` crosses the bus).
// Baseline: bench/support-relay.mjs twice — recipients on relay A, the sender on relay B, each
// message published on Redis and delivered by A; no HTTP, no database.
// Clients: bench/support-fanout-clients.mjs, a forked process (recipient sockets + sender).
// Reports per side: messages sent, lost (sent − failed − received after a grace period),
// duplicates, send → receive latency p50/p90/p99/max, the CPU of each process; rounds alternate
// baseline, platform. The goal: platform p99 ≤ 1.2 × baseline p99, nothing lost.
// Usage: bash -c 'ulimit -n 65536; node bench/support-fanout.mjs [--conversations 2000]
//          [--seconds 15] [--per-second 1] [--rounds 2] [--http-connections 64]'
// Needs `npx tsc -b`; creates the scratch database bench_support_fanout on DATABASE_URL's server
// (default: the local postgres) and drops it afterwards. Redis at REDIS_URL (default 127.0.0.1:6379).
import { execFileSync, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from './scratch-database.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const conversations = option('conversations', 2000);
const seconds = option('seconds', 15);
const perSecond = option('per-second', 1);
const rounds = option('rounds', 2);
const httpConnections = option('http-connections', 64);
const graceMs = 5000;
// An overloaded instance answers late: its queue is waited for (latency), up to this long.
const answerTimeoutMs = option('answer-timeout-ms', 180_000);
const DATABASE = 'bench_support_fanout';

const CLOCK_TICKS = 100;
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

// Children never outlive the bench (a failed start would leave relays and instances running).
const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill();
});
process.on('unhandledRejection', (error) => {
  console.error(error);
  process.exit(1);
});

function start(file, argv) {
  // BENCH_CPU_PROF=dir writes a V8 CPU profile of each platform instance there (where the time goes).
  const execArgv =
    process.env.BENCH_CPU_PROF && file === 'support-fanout-server.mjs'
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : [];
  const child = fork(path.join(here, file), argv, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const first = new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
  return { child, first };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

console.log(
  `support fan-out: ${conversations} conversations × ${perSecond} msg/s for ${seconds} s, ${rounds} rounds; ` +
    `${os.cpus().length} cores, load ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
);

// What the machine commits to PostgreSQL now: pgbench TPC-B (5 statements and a commit per
// transaction, 16 clients) on a scratch database, measured in this run before the rounds. Every
// chat message is a committed transaction, so this is the ceiling the platform's rate meets.
const pgbenchSeconds = option('pgbench-seconds', 10);
let tpcb = null;
if (pgbenchSeconds > 0) {
  const scratch = await createScratchDatabase('bench_support_tpcb');
  const url = new URL(scratch.url);
  const connection = ['-h', url.hostname, '-p', url.port || '5432', '-U', url.username || 'postgres'];
  execFileSync('pgbench', [...connection, '-i', '-s', '4', '-q', url.pathname.slice(1)], { stdio: 'ignore' });
  const output = execFileSync(
    'pgbench',
    [...connection, '-c', '16', '-j', '2', '-T', String(pgbenchSeconds), '-n', url.pathname.slice(1)],
    { encoding: 'utf8' },
  );
  tpcb = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? Number.NaN);
  await scratch.drop();
  console.log(`pgbench TPC-B: ${tpcb.toFixed(0)} transactions/s (16 clients, ${pgbenchSeconds} s)`);
}

const channel = `bench:support-relay:${process.pid}`;
const relayA = start('support-relay.mjs', [channel]);
const relayB = start('support-relay.mjs', [channel]);
const [{ port: relayPortA }, { port: relayPortB }] = await Promise.all([relayA.first, relayB.first]);

console.log('starting two platform instances and opening the conversations …');
const instanceA = start('support-fanout-server.mjs', ['primary', DATABASE, String(conversations)]);
const { port: portA, setup } = await instanceA.first;
const instanceB = start('support-fanout-server.mjs', ['secondary', DATABASE]);
const { port: portB } = await instanceB.first;

const clients = fork(path.join(here, 'support-fanout-clients.mjs'), [], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const runJob = (job) =>
  new Promise((resolve, reject) => {
    clients.once('message', (answer) => (answer.ok ? resolve(answer.result) : reject(new Error(answer.error))));
    clients.send(job);
  });

const results = { relay: [], platform: [] };
for (let round = 0; round < rounds; round += 1) {
  for (const mode of ['relay', 'platform']) {
    const pids = mode === 'relay' ? [relayA.child.pid, relayB.child.pid] : [instanceA.child.pid, instanceB.child.pid];
    const before = pids.map(cpuMs);
    const result = await runJob({
      mode,
      round: `${mode[0]}${round}`,
      seconds,
      perSecond,
      graceMs,
      answerTimeoutMs,
      httpConnections,
      conversationIds: setup.conversationIds,
      tokens: setup.tokens,
      agentToken: setup.agentToken,
      recipientPort: mode === 'relay' ? relayPortA : portA,
      senderPort: mode === 'relay' ? relayPortB : portB,
      socketPath: mode === 'relay' ? '/' : '/swx/customer/message',
    });
    const after = pids.map(cpuMs);
    result.serverCpuMs = after.map((value, index) => Math.round(value - before[index]));
    results[mode].push(result);
    console.log(JSON.stringify({ round, ...result }));
  }
}

const fixed = (value) => (value === null || value === undefined ? 'n/a' : value.toFixed(2));
const summary = (mode) => ({
  p50: median(results[mode].map((r) => r.p50)),
  p99: median(results[mode].map((r) => r.p99)),
  lost: results[mode].reduce((sum, r) => sum + r.lost + r.sendFailures + r.unanswered, 0),
  answeredPerSecond: median(results[mode].map((r) => r.answeredPerSecond)),
  serverCpuMsPerMessage: median(results[mode].map((r) => (r.serverCpuMs[0] + r.serverCpuMs[1]) / r.sent)),
  duplicates: results[mode].reduce((sum, r) => sum + r.duplicates, 0),
});
const relay = summary('relay');
const platform = summary('platform');
console.log(
  `\nmedian p50: relay ${fixed(relay.p50)} ms, platform ${fixed(platform.p50)} ms; ` +
    `median p99: relay ${fixed(relay.p99)} ms, platform ${fixed(platform.p99)} ms; ` +
    `ratio p99 ${fixed(platform.p99 / relay.p99)} (goal ≤ 1.2); lost: relay ${relay.lost}, platform ${platform.lost}; ` +
    `duplicates: relay ${relay.duplicates}, platform ${platform.duplicates}`,
);
console.log(
  `answered/s: relay ${relay.answeredPerSecond}, platform ${platform.answeredPerSecond}` +
    (tpcb ? ` (${fixed(platform.answeredPerSecond / tpcb)} × pgbench TPC-B's ${tpcb.toFixed(0)} tps)` : '') +
    `; instance CPU per message: relay ${fixed(relay.serverCpuMsPerMessage)} ms, platform ${fixed(platform.serverCpuMsPerMessage)} ms`,
);

clients.kill();
for (const { child } of [relayA, relayB, instanceB, instanceA]) child.send('stop');
await new Promise((resolve) => instanceA.child.once('exit', resolve));
process.exit(0);
