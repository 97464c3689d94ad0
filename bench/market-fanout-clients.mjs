// The load generator of bench/market-fanout.mjs, forked as its own process: many WebSocket
// clients on one URL, each subscribing to a market type or to a fixed set of codes, counting what
// they receive and measuring feed → client latency of every price message. Driven over IPC:
//   { cmd: 'connect', url, clients, groups: [{ subscribe, expect: [instrument index…] }], stride }
//       → { ready: { connected, failed, subscribed, ms } }
//   { cmd: 'start', firstSeq, t0, period }  counts from here: prices with sequence ≥ firstSeq;
//                              tick firstSeq + k was due at t0 + k × period (epoch ms)
//   { cmd: 'report', finalSeq } → { report: {…} }
//   { cmd: 'close' }            → { closed: true }
//   { cmd: 'exit' }
// Prices the bench sends encode (1e9 + sequence).(1000 + instrument index); `time` is the
// sender's Date.now(). Frames are scanned as bytes (no JSON.parse, no per-item objects).
import WebSocket from 'ws';

const PRICE = Buffer.from('"price":"');
const TIME = Buffer.from('"time":');
const SUBSCRIBED = Buffer.from('{"op":"subscribed"');
const ERROR = Buffer.from('{"op":"error"');
const OPEN_BRACKET = 0x5b;
const SEQ_BASE = 1_000_000_000;
const INDEX_BASE = 1000;
const HISTOGRAM_MS = 60_000;

let sockets = [];
let clientGroup = new Int32Array(0);
let lastSeq = new Int32Array(0);
let groups = [];
let stride = 0;
let measuring = false;
let closing = false;
let firstSeq = Number.POSITIVE_INFINITY;
// When the feed was due to send tick `seq`: t0 + (seq − firstSeq) × period (epoch ms).
let t0 = 0;
let period = 0;
// Counters of the measured window.
let messages = 0;
let items = 0;
let bytes = 0;
let foreign = 0;
let errors = 0;
let dropped = 0;
const latency = new Uint32Array(HISTOGRAM_MS + 1); // receive − the item's `time`
const scheduled = new Uint32Array(HISTOGRAM_MS + 1); // receive − when the tick was due
let cpuAtStart = process.cpuUsage();
let wallAtStart = performance.now();
let subscribed = 0;
let onSubscribed = () => {};

function startsWith(buffer, prefix) {
  if (buffer.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i += 1) if (buffer[i] !== prefix[i]) return false;
  return true;
}

function onFrame(id, buffer) {
  if (buffer[0] !== OPEN_BRACKET) {
    if (startsWith(buffer, SUBSCRIBED)) {
      subscribed += 1;
      onSubscribed();
    } else if (startsWith(buffer, ERROR)) errors += 1;
    return;
  }
  if (!measuring) return;
  const now = Date.now();
  const base = id * stride;
  let counted = false;
  let position = buffer.indexOf(PRICE, 0);
  while (position !== -1) {
    position += PRICE.length;
    let whole = 0;
    let c = buffer[position++];
    while (c >= 48 && c <= 57) {
      whole = whole * 10 + (c - 48);
      c = buffer[position++];
    }
    let fraction = 0;
    if (c === 0x2e) {
      c = buffer[position++];
      while (c >= 48 && c <= 57) {
        fraction = fraction * 10 + (c - 48);
        c = buffer[position++];
      }
    }
    position = buffer.indexOf(TIME, position) + TIME.length;
    let time = 0;
    c = buffer[position];
    while (c >= 48 && c <= 57) {
      time = time * 10 + (c - 48);
      c = buffer[++position];
    }
    const seq = whole - SEQ_BASE;
    if (seq >= firstSeq) {
      items += 1;
      const slot = base + fraction - INDEX_BASE;
      if (seq > lastSeq[slot]) lastSeq[slot] = seq;
      if (!counted) {
        // One latency sample per message: all items of one message come from one tick batch.
        counted = true;
        messages += 1;
        bytes += buffer.length;
        const ms = now - time;
        latency[ms < 0 ? 0 : ms > HISTOGRAM_MS ? HISTOGRAM_MS : ms] += 1;
        const due = Math.round(now - (t0 + (seq - firstSeq) * period));
        scheduled[due < 0 ? 0 : due > HISTOGRAM_MS ? HISTOGRAM_MS : due] += 1;
      }
    } else foreign += 1;
    position = buffer.indexOf(PRICE, position);
  }
}

function connectOne(url, id) {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true, handshakeTimeout: 60_000 });
    let opened = false;
    socket.on('open', () => {
      opened = true;
      socket.send(groups[clientGroup[id]].subscribe);
      resolve(true);
    });
    socket.on('message', (data) => onFrame(id, data));
    socket.on('error', () => {
      if (!opened) resolve(false);
    });
    socket.on('close', () => {
      if (opened && !closing) dropped += 1;
    });
    sockets[id] = socket;
  });
}

async function connect({ url, clients, groups: plan, stride: width }) {
  const started = performance.now();
  groups = plan;
  stride = width;
  sockets = new Array(clients);
  clientGroup = new Int32Array(clients);
  for (let id = 0; id < clients; id += 1) clientGroup[id] = id % groups.length;
  lastSeq = new Int32Array(clients * stride).fill(-1);
  closing = false;
  measuring = false;
  dropped = 0;
  subscribed = 0;
  errors = 0;
  let connected = 0;
  let failed = 0;
  // At most this many handshakes in flight: the listen backlog and the server's accept loop.
  const CONCURRENCY = 200;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < clients) {
        const id = next;
        next += 1;
        if (await connectOne(url, id)) connected += 1;
        else failed += 1;
      }
    }),
  );
  if (subscribed < connected) {
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, 30_000);
      onSubscribed = () => {
        if (subscribed >= connected) {
          clearTimeout(timer);
          resolve();
        }
      };
    });
    onSubscribed = () => {};
  }
  return { connected, failed, subscribed, errors, ms: performance.now() - started };
}

function percentile(histogram, p, total) {
  const target = Math.ceil((p / 100) * total);
  let seen = 0;
  for (let ms = 0; ms <= HISTOGRAM_MS; ms += 1) {
    seen += histogram[ms];
    if (seen >= target && seen > 0) return ms;
  }
  return Number.NaN;
}

function summarise(histogram, samples) {
  let sum = 0;
  for (let ms = 0; ms <= HISTOGRAM_MS; ms += 1) sum += ms * histogram[ms];
  return {
    samples,
    mean: samples ? sum / samples : Number.NaN,
    p50: percentile(histogram, 50, samples),
    p90: percentile(histogram, 90, samples),
    p99: percentile(histogram, 99, samples),
    max: percentile(histogram, 100, samples),
  };
}

function report(finalSeq) {
  let missing = 0;
  let missingCodes = 0;
  let expectedPerRound = 0;
  for (let id = 0; id < sockets.length; id += 1) {
    const expect = groups[clientGroup[id]].expect;
    expectedPerRound += expect.length;
    const base = id * stride;
    let lost = 0;
    for (const index of expect) if (lastSeq[base + index] !== finalSeq) lost += 1;
    if (lost > 0) {
      missing += 1;
      missingCodes += lost;
    }
  }
  const cpu = process.cpuUsage(cpuAtStart);
  const wall = performance.now() - wallAtStart;
  return {
    messages,
    items,
    bytes,
    foreign,
    errors,
    dropped,
    missing,
    missingCodes,
    expectedPerRound,
    latency: summarise(latency, messages),
    fromSchedule: summarise(scheduled, messages),
    cpu: (cpu.user + cpu.system) / 1000 / wall,
  };
}

async function closeAll() {
  closing = true;
  measuring = false;
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise((resolve) => {
          if (!socket || socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', resolve);
          socket.terminate();
        }),
    ),
  );
  sockets = [];
}

process.on('message', async (message) => {
  if (message.cmd === 'connect') {
    process.send({ ready: await connect(message) });
  } else if (message.cmd === 'start') {
    firstSeq = message.firstSeq;
    t0 = message.t0;
    period = message.period;
    messages = 0;
    items = 0;
    bytes = 0;
    foreign = 0;
    latency.fill(0);
    scheduled.fill(0);
    cpuAtStart = process.cpuUsage();
    wallAtStart = performance.now();
    measuring = true;
  } else if (message.cmd === 'report') {
    measuring = false;
    process.send({ report: report(message.finalSeq) });
  } else if (message.cmd === 'close') {
    await closeAll();
    process.send({ closed: true });
  } else if (message.cmd === 'exit') {
    process.exit(0);
  }
});
process.send({ alive: true });
