// Opening positions over HTTP (issue 6): POST /contracts/open — authenticated, validated, margin
// held and fee charged through the ledger, the position persisted and armed — compared with a
// hello-world Fastify route in the same run, same autocannon settings (target ≥ 0.25× with p99
// under 50 ms). Each connection trades as its own user (one account row lock per user).
// Alternating rounds; medians.
// Usage: node bench/trading-open.mjs [--rounds 3] [--seconds 8] [--connections 20]
// Needs `npx tsc -b`; uses DATABASE_URL's server (default: the local postgres on 127.0.0.1:5432).
import os from 'node:os';
import {
  loadRun,
  median,
  numberOption,
  postgresCpuMs,
  processCpuMs,
  startBenchProcess,
  stopBenchProcess,
} from './http-load.mjs';

const rounds = numberOption('rounds', 3);
const seconds = numberOption('seconds', 8);
const connections = numberOption('connections', 20);
const load = (options) => loadRun({ duration: seconds, connections, ...options });
const start = startBenchProcess;

const hello = await start('servers.mjs', ['hello']);
const trading = await start('trading-server.mjs', [String(connections)]);
const helloLoad = { url: `http://127.0.0.1:${hello.port}/hello` };
let next = 0;
const openLoad = {
  url: `http://127.0.0.1:${trading.port}/swx/customer/contracts/open`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ code: 'BTCUSDT', side: 'long', lots: '0.0001', leverage: 2 }),
  setupClient: (client) => {
    client.setHeaders({
      'content-type': 'application/json',
      authorization: trading.tokens[next++ % trading.tokens.length],
    });
  },
};
// The envelope answers a refusal with HTTP 4xx, so a run with any refused open fails loudly.
await load({ ...openLoad, duration: 2 }); // warm up

const helloRuns = [];
const openRuns = [];
for (let round = 1; round <= rounds; round += 1) {
  helloRuns.push(await load(helloLoad));
  // What an open costs in CPU, whatever the latency: the server process and every PostgreSQL
  // process (only meaningful when nothing else uses the local PostgreSQL meanwhile).
  const before = { server: processCpuMs(trading.child.pid), postgres: postgresCpuMs() };
  const run = await load(openLoad);
  run.serverUs = ((processCpuMs(trading.child.pid) - before.server) * 1000) / run.total;
  run.postgresUs = ((postgresCpuMs() - before.postgres) * 1000) / run.total;
  openRuns.push(run);
  console.log(
    `round ${round}: hello ${helloRuns.at(-1).rate.toFixed(0)} req/s, open ${run.rate.toFixed(0)} req/s (p50 ${run.p50} ms, p99 ${run.p99} ms; CPU per open: server ${run.serverUs.toFixed(0)} µs, PostgreSQL ${run.postgresUs.toFixed(0)} µs)`,
  );
}
const helloRate = median(helloRuns.map((run) => run.rate));
const openRate = median(openRuns.map((run) => run.rate));
console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, node ${process.version}`);
console.log(`median hello-world: ${helloRate.toFixed(0)} req/s (${connections} connections)`);
console.log(`median POST /contracts/open: ${openRate.toFixed(0)} req/s, p99 ${median(openRuns.map((r) => r.p99))} ms`);
console.log(`ratio: ${(openRate / helloRate).toFixed(2)} (target ≥ 0.25, p99 < 50 ms)`);
const cpuPerOpen = median(openRuns.map((r) => r.serverUs + r.postgresUs));
// At the target rate the machine's cores would have this much CPU per open, for everything.
const budget = (os.cpus().length * 1e6) / (0.25 * helloRate);
console.log(
  `median CPU per open (server + PostgreSQL): ${cpuPerOpen.toFixed(0)} µs; all cores at the target rate allow ${budget.toFixed(0)} µs`,
);
await Promise.all([stopBenchProcess(hello), stopBenchProcess(trading)]);
