// Market data fan-out (issue 5): feed → MarketHub → /swx/customer/message socket → many clients,
// against a raw `ws` WebSocketServer broadcasting the same arrays, in the same run.
//
// Server: the real app (buildApp on a scratch database, listening on 127.0.0.1, the sandbox feed
// bound but silenced); this script is the feed: every tick period it calls
// app.services.marketHub.ingest('sandbox', ticks) with one tick for each of the first 100
// sandbox instruments. Each price encodes a sequence number and the instrument,
// "(1e9 + seq).(1000 + index)", and `time` is Date.now() when it is sent, so a client can tell
// whether it saw the latest price and how long the price took to reach it.
// Baseline: a `ws` WebSocketServer in this process, no Fastify, that on every tick serialises the
// same per-subscription arrays ({ code, price, zdf, time, source }) once and sends them to its
// subscribers at once (no coalescing), speaking the same protocol (subscribe → subscribed,
// snapshot, arrays).
// Clients: bench/market-fanout-clients.mjs, a forked process on 127.0.0.1 with --clients
// sockets; client i subscribes to group i mod G: one market type each (of the types among the
// chosen instruments), or a fixed set of 20 codes.
//
// Clock phase: the server coalesces on the leading edge (a tick goes out at once unless the last
// send was under 250 ms ago, PUSH_COALESCE_MS; then with the next send 250 ms after the last).
// With --sweep 1 (default) the tick period is tickMs·(R+1)/R for R ticks, so over a run the ticks
// fall once at every phase relative to the last send (what an unsynchronised feed sees) instead
// of at one arbitrary phase that decides the latency; --sweep 0 ticks exactly every --tick-ms.
//
// Reports per side: delivered updates/s (price items received for the run's ticks), messages/s,
// feed → client latency of every message (receive Date.now() − the tick's time), clients missing
// the final price of any subscribed code 1 s after the last tick, dropped clients, CPU.
// Usage: bash -c 'ulimit -n 65536; node bench/market-fanout.mjs [--clients 10000] [--seconds 20]
//          [--rounds 1] [--tick-ms 250] [--instruments 100] [--sweep 1] [--baseline-frame string|buffer]'
// (10,000 clients need about 10,500 descriptors in each process; the bench says so and stops if
// `ulimit -n` is lower.)
// Needs `npx tsc -b`; creates the scratch database bench_market_fanout on DATABASE_URL's server
// (default: the local postgres on 127.0.0.1:5432) and drops it afterwards.
import { execFileSync, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';
import { startPlatformOnScratch } from './scratch-database.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const clients = option('clients', 10_000);
const seconds = option('seconds', 20);
const rounds = option('rounds', 1);
const tickMs = option('tick-ms', 250);
const instrumentCount = option('instruments', 100);
const sweep = option('sweep', 1) !== 0;
// string (default): the baseline sends the serialised string, as market.socket.ts does;
// buffer: it sends one Buffer per subscription (ws writes it without re-encoding per client).
const frameIndex = args.indexOf('--baseline-frame');
const baselineFrame = frameIndex >= 0 ? args[frameIndex + 1] : 'string';
if (baselineFrame !== 'string' && baselineFrame !== 'buffer') throw new Error('--baseline-frame is string or buffer');
const CODE_SET_SIZE = 20;
const GRACE_MS = 1000;
const SEQ_BASE = 1_000_000_000;
const INDEX_BASE = 1000;

// 1. File descriptors: each process holds one socket per client (the server side here, the
// client side in the load generator), plus the database pool and the usual few.
const fdLimit = Number(execFileSync('sh', ['-c', 'ulimit -n']).toString().trim());
const fdNeeded = clients + 512;
if (!(fdLimit >= fdNeeded)) {
  console.error(
    `The open-file limit is ${fdLimit}; ${clients} clients need about ${fdNeeded} descriptors in each process ` +
      `(one socket per client in the server and one in the load generator).\n` +
      `Raise it for this run: bash -c 'ulimit -n 65536; node bench/market-fanout.mjs ${args.join(' ')}'` +
      ` (the hard limit, ulimit -Hn, bounds it), or pass a smaller --clients.`,
  );
  process.exit(1);
}
const [portLow, portHigh] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
  .trim()
  .split(/\s+/)
  .map(Number);
if (portHigh - portLow + 1 < clients) {
  console.error(`Only ${portHigh - portLow + 1} local ports (ip_local_port_range) for ${clients} clients.`);
  process.exit(1);
}

// 2. The app on a scratch database.
const DATABASE = 'bench_market_fanout';
const { PUSH_COALESCE_MS } = await import('@openbourse/contracts');

const platform = await startPlatformOnScratch(DATABASE, {
  RATE_LIMIT_ENABLED: 'false',
  MARKET_FEED: 'sandbox',
  // The longest interval the configuration accepts (config.ts caps it at 60 s); the adapter is
  // stopped below, so the sandbox never moves a price during the run.
  MARKET_SANDBOX_INTERVAL_MS: '60000',
  MARKET_SANDBOX_BACKFILL_MINUTES: '0',
});
const { app } = platform;
await app.listen({ host: '127.0.0.1', port: 0 });
const hub = app.services.marketHub;
// The sandbox's own ticks would replace the bench's last prices: stop its timer (the hub keeps
// its adapters in a TypeScript-private field; no public call stops one feed). Any price the
// bench did not send is counted below all the same.
const adapters = hub.adapters;
if (Array.isArray(adapters)) for (const adapter of adapters) await adapter.stop();
else console.warn('warning: could not reach the sandbox adapter; its ticks may disturb the last-price check');
let foreignTicks = 0;
let countForeign = false;
hub.onTicks((ticks) => {
  if (!countForeign) return;
  for (const tick of ticks) if (Number(tick.price) < SEQ_BASE) foreignTicks += 1;
});

const chosen = hub
  .instruments()
  .filter((instrument) => instrument.feed === 'sandbox')
  .slice(0, instrumentCount);
if (chosen.length < instrumentCount)
  console.log(`note: only ${chosen.length} sandbox instruments (asked for ${instrumentCount}); using all of them`);
const types = [...new Set(chosen.map((instrument) => instrument.type))].sort((a, b) => a - b);
const codeSet = chosen
  .filter((_, index) => index % Math.floor(chosen.length / CODE_SET_SIZE) === 0)
  .slice(0, CODE_SET_SIZE);
const indexOf = new Map(chosen.map((instrument, index) => [instrument.code, index]));
const groups = [
  ...types.map((type) => ({
    subscribe: JSON.stringify({ op: 'subscribe', type }),
    type,
    expect: chosen.flatMap((instrument, index) => (instrument.type === type ? [index] : [])),
  })),
  {
    subscribe: JSON.stringify({ op: 'subscribe', codes: codeSet.map((instrument) => instrument.code) }),
    type: null,
    expect: codeSet.map((instrument) => indexOf.get(instrument.code)),
  },
];
const allByType = new Map();
for (const instrument of hub.instruments()) {
  if (!allByType.has(instrument.type)) allByType.set(instrument.type, []);
  allByType.get(instrument.type).push(instrument.code);
}

// 3. The baseline: raw ws, same protocol, every tick's arrays sent as soon as they are made.
function startBaseline() {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 4096 });
  const subscribers = new Map(); // subscription key → { codes: Set, sockets: Set }
  const latest = new Map(); // code → last item
  wss.on('connection', (socket) => {
    let entry = null;
    socket.on('message', (data) => {
      const command = JSON.parse(data.toString());
      const codes = [...(command.codes ?? []), ...(command.type ? (allByType.get(command.type) ?? []) : [])];
      const key = [...codes].sort().join(',');
      entry = subscribers.get(key);
      if (!entry) {
        entry = { codes: new Set(codes), sockets: new Set() };
        subscribers.set(key, entry);
      }
      entry.sockets.add(socket);
      socket.send(JSON.stringify({ op: 'subscribed', codes }));
      const snapshot = codes.flatMap((code) => (latest.has(code) ? [latest.get(code)] : []));
      if (snapshot.length > 0) socket.send(JSON.stringify(snapshot));
    });
    socket.on('close', () => entry?.sockets.delete(socket));
  });
  const references = new Map(chosen.map((instrument) => [instrument.code, Number(instrument.reference_price)]));
  return {
    ready: new Promise((resolve) => wss.once('listening', resolve)),
    port: () => wss.address().port,
    send(ticks) {
      const items = ticks.map((tick) => {
        const reference = references.get(tick.code);
        const item = {
          code: tick.code,
          price: tick.price,
          zdf: ((Number(tick.price) - reference) / reference).toFixed(6),
          time: tick.time,
          source: 'sandbox',
        };
        latest.set(tick.code, item);
        return item;
      });
      for (const { codes, sockets } of subscribers.values()) {
        if (sockets.size === 0) continue;
        const mine = items.filter((item) => codes.has(item.code));
        if (mine.length === 0) continue;
        const json = JSON.stringify(mine);
        const frame = baselineFrame === 'buffer' ? Buffer.from(json) : json;
        for (const socket of sockets) socket.send(frame);
      }
    },
    clientCount: () => wss.clients.size,
    close: () =>
      new Promise((resolve) => {
        for (const socket of wss.clients) socket.terminate();
        wss.close(resolve);
      }),
  };
}

// 4. The load generator.
const generator = fork(path.join(here, 'market-fanout-clients.mjs'), [], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const replies = [];
let waiting = null;
let generatorExit = null;
generator.on('message', (message) => {
  if (waiting) {
    const { resolve } = waiting;
    waiting = null;
    resolve(message);
  } else replies.push(message);
});
generator.once('exit', (code) => {
  generatorExit = new Error(`the load generator exited with ${code}`);
  waiting?.reject(generatorExit);
  waiting = null;
});
const ask = (message) =>
  new Promise((resolve, reject) => {
    if (generatorExit) return reject(generatorExit);
    if (message) generator.send(message);
    if (replies.length > 0) resolve(replies.shift());
    else waiting = { resolve, reject };
  });
const tell = (message) => {
  if (!generatorExit) generator.send(message);
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let seq = 0;
const ticksPerPhase = Math.max(1, Math.round((seconds * 1000) / tickMs));
const period = sweep ? (tickMs * (ticksPerPhase + 1)) / ticksPerPhase : tickMs;
const prices = chosen.map((_, index) => `.${INDEX_BASE + index}`);

async function runPhase(kind) {
  const baseline = kind === 'baseline' ? startBaseline() : null;
  if (baseline) await baseline.ready;
  const url = baseline
    ? `ws://127.0.0.1:${baseline.port()}/swx/customer/message`
    : `ws://127.0.0.1:${app.server.address().port}/swx/customer/message`;
  const { ready } = await ask({ cmd: 'connect', url, clients, groups, stride: chosen.length });
  if (ready.connected !== clients || ready.subscribed !== ready.connected)
    console.log(
      `  ${kind}: ${ready.connected}/${clients} connected, ${ready.subscribed} subscribed, ${ready.failed} failed, ${ready.errors} errors`,
    );
  await sleep(1000);
  const firstSeq = seq + 1;
  const t0 = performance.now() + 100;
  tell({ cmd: 'start', firstSeq, t0: Date.now() + (t0 - performance.now()), period });
  countForeign = true;
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  let lateSum = 0;
  let lateMax = 0;
  let sendMs = 0;
  for (let k = 0; k < ticksPerPhase; k += 1) {
    const wait = t0 + k * period - performance.now();
    if (wait > 0) await sleep(wait);
    seq += 1;
    const whole = String(SEQ_BASE + seq);
    const time = Date.now();
    const late = performance.now() - (t0 + k * period);
    lateSum += late;
    if (late > lateMax) lateMax = late;
    const ticks = chosen.map((instrument, index) => ({ code: instrument.code, price: whole + prices[index], time }));
    const started = performance.now();
    if (baseline) baseline.send(ticks);
    else hub.ingest('sandbox', ticks);
    sendMs += performance.now() - started;
  }
  const finalSeq = seq;
  const tickingMs = ticksPerPhase * period;
  await sleep(GRACE_MS);
  loop.disable();
  const cpu = process.cpuUsage(cpuStart);
  const wall = performance.now() - wallStart;
  const { report } = await ask({ cmd: 'report', finalSeq });
  const serverClients = baseline ? baseline.clientCount() : null;
  await ask({ cmd: 'close' });
  if (baseline) await baseline.close();
  return {
    kind,
    connectMs: ready.ms,
    connected: ready.connected,
    ticks: ticksPerPhase,
    ticksPerSecond: (ticksPerPhase * 1000) / tickingMs,
    offeredPerSecond: (report.expectedPerRound * ticksPerPhase * 1000) / tickingMs,
    deliveredPerSecond: (report.items * 1000) / tickingMs,
    messagesPerSecond: (report.messages * 1000) / tickingMs,
    megabytesPerSecond: report.bytes / 1e6 / (tickingMs / 1000),
    latency: report.latency,
    fromSchedule: report.fromSchedule,
    lateMean: lateSum / ticksPerPhase,
    lateMax,
    missing: report.missing,
    missingCodes: report.missingCodes,
    dropped: report.dropped,
    serverClients,
    foreign: report.foreign,
    errors: report.errors,
    serverCpu: (cpu.user + cpu.system) / 1000 / wall,
    generatorCpu: report.cpu,
    loopP99: loop.percentile(99) / 1e6,
    sendMsPerTick: sendMs / ticksPerPhase,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const f0 = (value) => Math.round(value).toLocaleString('en-US');
const line = (r) =>
  [
    `${r.kind}: ${f0(r.deliveredPerSecond)} updates/s delivered of ${f0(r.offeredPerSecond)} offered, ` +
      `${f0(r.messagesPerSecond)} messages/s, ${r.megabytesPerSecond.toFixed(1)} MB/s; ` +
      `lost-final ${r.missing} clients (${r.missingCodes} codes), dropped ${r.dropped}, errors ${r.errors}`,
    `  latency from the price's time: p50 ${r.latency.p50} ms, p90 ${r.latency.p90} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms`,
    `  latency from the tick's due time: p50 ${r.fromSchedule.p50} ms, p90 ${r.fromSchedule.p90} ms, ` +
      `p99 ${r.fromSchedule.p99} ms, max ${r.fromSchedule.max} ms (ticks sent ${r.lateMean.toFixed(0)} ms late ` +
      `on average, ${r.lateMax.toFixed(0)} ms at most: this process's event loop was busy)`,
    `  CPU: server process ${(r.serverCpu * 100).toFixed(0)}%, load generator ${(r.generatorCpu * 100).toFixed(0)}% of a core; ` +
      `server event-loop delay p99 ${r.loopP99.toFixed(0)} ms; ` +
      `${r.sendMsPerTick.toFixed(1)} ms per tick in ${r.kind === 'server' ? 'hub.ingest' : 'the broadcast'}; ` +
      `${r.connected} clients connected in ${(r.connectMs / 1000).toFixed(1)} s`,
  ].join('\n');

let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  tell({ cmd: 'exit' });
  await platform.close();
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`${signal}: closing the sockets and dropping ${DATABASE}`);
    cleanup().finally(() => process.exit(1));
  });
}

const results = { baseline: [], server: [] };
try {
  await ask(null); // the load generator is up
  console.log(
    `${clients} clients, ${chosen.length} instruments (types ${types.join(', ')} + a set of ${codeSet.length} codes: ` +
      `${groups.length} subscription groups, ${groups.map((group) => group.expect.length).join('/')} ticking codes), ` +
      `one tick per instrument every ${period.toFixed(1)} ms for ${ticksPerPhase} ticks` +
      `${sweep ? ' (phase sweep)' : ''}; server sends each instrument at most every ${PUSH_COALESCE_MS} ms (leading edge); baseline sends ${baselineFrame} frames`,
  );
  for (let round = 1; round <= rounds; round += 1) {
    for (const kind of round % 2 === 1 ? ['baseline', 'server'] : ['server', 'baseline']) {
      const result = await runPhase(kind);
      results[kind].push(result);
      console.log(`round ${round} ${line(result)}`);
    }
  }
  const summary = (kind) => ({
    delivered: median(results[kind].map((r) => r.deliveredPerSecond)),
    p50: median(results[kind].map((r) => r.latency.p50)),
    p99: median(results[kind].map((r) => r.latency.p99)),
    dueP50: median(results[kind].map((r) => r.fromSchedule.p50)),
    dueP99: median(results[kind].map((r) => r.fromSchedule.p99)),
    missing: Math.max(...results[kind].map((r) => r.missing)),
    dropped: Math.max(...results[kind].map((r) => r.dropped)),
  });
  const base = summary('baseline');
  const server = summary('server');
  const first = results.server[0];
  console.log(
    `clients ${clients}, instruments ${chosen.length}, ${first.ticksPerSecond.toFixed(2)} ticks/s per instrument ` +
      `(${f0(first.ticksPerSecond * chosen.length)} ticks/s in all), ${f0(first.offeredPerSecond)} updates/s offered`,
  );
  console.log(
    `median baseline (raw ws): ${f0(base.delivered)} updates/s, latency p50 ${base.p50} ms, p99 ${base.p99} ms (from due time ${base.dueP50} / ${base.dueP99} ms); lost-final ${base.missing}, dropped ${base.dropped}`,
  );
  console.log(
    `median server (/swx/customer/message): ${f0(server.delivered)} updates/s, latency p50 ${server.p50} ms, p99 ${server.p99} ms (from due time ${server.dueP50} / ${server.dueP99} ms); lost-final ${server.missing}, dropped ${server.dropped}`,
  );
  console.log(`ratio delivered: ${(server.delivered / base.delivered).toFixed(2)} (target ≥ 0.90)`);
  console.log(`server p99 feed → client: ${server.p99} ms (target < 100 ms)`);
  console.log(
    `clients missing a final update: ${server.missing} (target 0); dropped clients: ${server.dropped} (target 0)`,
  );
  const stale = [...results.baseline, ...results.server].reduce((sum, r) => sum + r.foreign, 0);
  if (stale > 0) console.log(`warning: clients saw ${stale} prices of earlier runs while measuring`);
  if (foreignTicks > 0) console.log(`warning: ${foreignTicks} prices not sent by the bench reached the hub`);
} finally {
  await cleanup();
}
