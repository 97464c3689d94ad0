// Crash safety (issue 13): a bounded burst of opens, closes and operator adjustments over HTTP,
// a `kill -9` of the server at a random moment in it (and, with --embedded, of the embedded
// PostgreSQL too), a restart on the same database, then checks: every acknowledged operation is
// there exactly once, balances are exactly what the surviving operations add up to, and the
// ledger audit is clean. Prints per-round and total figures; exits 1 when any round loses or
// duplicates an acknowledged operation, drifts a balance, fails the audit or does not restart.
//
// Usage: node bench/chaos.mjs [--rounds 20] [--ops 300] [--concurrency 12] [--users 4]
//          [--embedded] [--seed N] [--max-minutes 20]
// (`npm run chaos -- …` builds the server first.) Needs `npx tsc -b` of the server. Without
// --embedded: a scratch database on DATABASE_URL's server (default: the local postgres on
// 127.0.0.1:5432), dropped at the end. With --embedded: no DATABASE_URL, the server starts its
// own PostgreSQL under a temporary DATA_DIR, removed at the end. A failed run keeps its database
// for inspection and says where it is. Targets 127.0.0.1 only.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { generateSync } from 'otplib';
import { adminUrl, createScratchDatabase } from './scratch-database.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '20' },
    ops: { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '12' },
    users: { type: 'string', default: '4' },
    embedded: { type: 'boolean', default: false },
    seed: { type: 'string' },
    'max-minutes': { type: 'string', default: '20' },
  },
});
const rounds = positiveInteger('rounds');
const opsPerRound = positiveInteger('ops');
const concurrency = positiveInteger('concurrency');
const usersPerRound = positiveInteger('users');
const isEmbedded = options.embedded;
const deadline = Date.now() + positiveInteger('max-minutes') * 60_000;
const seed = options.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(options.seed);
if (!existsSync(path.join(root, 'apps/server/dist/server.js'))) {
  console.error('apps/server/dist/server.js is missing: run `npx tsc -b` (or `npm run chaos`) first');
  process.exit(2);
}
// The platform's seeded generator, so a run's choices (not the kernel's timing) repeat with --seed.
const { seededRandom } = await import(pathToFileURL(path.join(root, 'apps/server/dist/platform/random.js')).href);
const random = seededRandom(seed);

const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 180_000;
const REQUEST_TIMEOUT_MS = 30_000;
const USDT_DECIMALS = 6;
const LIVE_FUNDING = '1000000';
const DEMO_FUNDING = 100_000n * 10n ** 6n; // the demo book's promise, in USDT minor units
const PASSWORD = 'Chaos-Bench-Password-1';
const INSTRUMENT = 'BTCUSDT'; // crypto: open around the clock

function positiveInteger(name) {
  const value = Number(options[name]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
}

const pick = (items) => items[Math.floor(random() * items.length)];
const between = (low, high) => low + Math.floor(random() * (high - low + 1));

/** Exact decimal string ↔ minor units (bigint); money never passes through a float here. */
function toMinor(text, decimals = USDT_DECIMALS) {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`not a decimal: ${text}`);
  const fraction = (match[3] ?? '').padEnd(decimals, '0');
  if (fraction.length > decimals) throw new Error(`more than ${decimals} decimals: ${text}`);
  const value = BigInt(match[2]) * 10n ** BigInt(decimals) + BigInt(fraction || '0');
  return match[1] ? -value : value;
}
function fromMinor(value, decimals = USDT_DECIMALS) {
  const sign = value < 0n ? '-' : '';
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, '0');
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, HOST, resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Processes: the server, and (embedded) the PostgreSQL it started, found through /proc.

function readProcesses() {
  const processes = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      let cwd = '';
      try {
        cwd = readlinkSync(`/proc/${entry}/cwd`);
      } catch {
        // Not ours to read: not ours to kill either.
      }
      processes.push({ pid: Number(entry), state: fields[0], ppid: Number(fields[1]), cmdline, cwd });
    } catch {
      // The process ended while we looked: nothing to kill.
    }
  }
  return processes;
}

/**
 * Live (non-zombie) processes below `rootPids`, or working in / naming the directory `marker`:
 * PostgreSQL's postmaster names its data directory and every backend works in it, so a backend
 * forked just before the postmaster died (orphaned, no longer below anything of ours) is found.
 */
function processTree(rootPids, marker) {
  const processes = readProcesses().filter((p) => p.state !== 'Z');
  const isMarked = (p) => marker && (p.cwd === marker || p.cmdline.includes(marker));
  const found = new Set(processes.filter(isMarked).map((p) => p.pid));
  const queue = [...rootPids, ...found];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const child of processes) {
      if (child.ppid === parent && !found.has(child.pid)) {
        found.add(child.pid);
        queue.push(child.pid);
      }
    }
  }
  for (const pid of rootPids) found.delete(pid);
  found.delete(process.pid);
  return [...found];
}

/** State and start time of a process (start time tells a reused PID from the one we saw); null when gone. */
function processStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], startTime: fields[19] };
  } catch {
    return null;
  }
}

class ServerProcess {
  constructor(env, pgDataDir, logFile) {
    this.env = env;
    this.pgDataDir = pgDataDir; // embedded only
    this.logFile = logFile; // everything the server printed, every start
    this.child = null;
    this.log = [];
    this.starts = 0;
  }

  get url() {
    return `http://${HOST}:${this.env.PORT}`;
  }

  /** Starts the built server and waits for /readyz 200 (a 503 "loading" meanwhile is fine). */
  async start() {
    this.starts += 1;
    const started = Date.now();
    const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
      cwd: root,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    appendFileSync(this.logFile, `--- start ${this.starts} at ${new Date().toISOString()}\n`);
    const keep = (chunk) => {
      appendFileSync(this.logFile, chunk);
      for (const line of chunk.toString('utf8').split('\n')) if (line) this.log.push(line);
      if (this.log.length > 400) this.log.splice(0, this.log.length - 400);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let exit = null;
    child.exited.then((result) => {
      exit = result;
    });
    while (Date.now() - started < READY_TIMEOUT_MS) {
      if (exit) {
        const left = this.pgDataDir ? processTree([], this.pgDataDir) : [];
        throw new Error(
          `server exited during start-up (${JSON.stringify(exit)}; processes still in the data directory: ${left.join(', ') || 'none'}):\n${this.tail()}`,
        );
      }
      try {
        const response = await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(2000) });
        await response.arrayBuffer();
        if (response.status === 200) return Date.now() - started;
      } catch {
        // Not listening yet.
      }
      await sleep(100);
    }
    throw new Error(`server not ready after ${READY_TIMEOUT_MS} ms:\n${this.tail()}`);
  }

  tail(lines = 30) {
    return this.log.slice(-lines).join('\n');
  }

  /** The PostgreSQL processes this server started (embedded only). */
  postgresPids() {
    if (!this.pgDataDir || !this.child) return [];
    return processTree([this.child.pid], this.pgDataDir);
  }

  /** SIGKILL: the server and, embedded, every PostgreSQL process of its data directory, at once. */
  async kill9() {
    const postgres = new Map(this.postgresPids().map((pid) => [pid, processStat(pid)?.startTime]));
    const victims = [this.child.pid, ...postgres.keys()];
    for (const pid of victims) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await this.child.exited;
    // Then until every one has left the process table. A killed postmaster is a zombie until
    // init reaps it (here, up to a second or two later), and a PostgreSQL started meanwhile
    // refuses its data directory ("lock file postmaster.pid already exists": the PID is taken).
    // A supervisor restarting a crashed server sees the same once init has reaped the dead.
    const started = Date.now();
    for (;;) {
      for (const pid of this.pgDataDir ? processTree([], this.pgDataDir) : []) {
        if (!postgres.has(pid)) postgres.set(pid, processStat(pid)?.startTime); // forked just before
      }
      const left = [...postgres].filter(([pid, startTime]) => processStat(pid)?.startTime === startTime);
      if (left.length === 0) break;
      if (Date.now() - started > 30_000) {
        throw new Error(`PostgreSQL processes still there 30 s after SIGKILL: ${left.map(([pid]) => pid).join(', ')}`);
      }
      for (const [pid] of left.filter(([pid]) => processStat(pid)?.state !== 'Z')) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      await sleep(50);
    }
    return { server: this.child.pid, postgres: postgres.size, reapMs: Date.now() - started };
  }

  /** Graceful stop (SIGTERM stops the embedded PostgreSQL too); SIGKILL after 20 s. */
  async stop() {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const result = await Promise.race([this.child.exited, sleep(20_000).then(() => null)]);
    if (!result) await this.kill9();
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP: every answer classified as acknowledged (2xx and a success code), refused (an envelope
// with an error code: nothing happened) or unknown (no answer, a timeout or a 5xx: it may or may
// not have happened).

async function call(server, method, url, { token, demo = false, body } = {}) {
  const headers = { accept: 'application/json' };
  if (token) headers.authorization = token;
  if (demo) headers.virtually = 'YES';
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let envelope = null;
    try {
      envelope = JSON.parse(text);
    } catch {
      envelope = null;
    }
    const isSuccessCode = envelope && (envelope.code === 200 || (envelope.code >= 20000 && envelope.code < 21000));
    if (response.status >= 200 && response.status < 300 && isSuccessCode) {
      return { outcome: 'acked', status: response.status, data: envelope.data };
    }
    if (response.status >= 400 && response.status < 500 && envelope) {
      return { outcome: 'refused', status: response.status, code: envelope.code, msg: envelope.msg };
    }
    return { outcome: 'unknown', status: response.status, text: text.slice(0, 200) };
  } catch (error) {
    return { outcome: 'unknown', error: error.cause?.code ?? error.name ?? String(error) };
  }
}

/** A read or a replay after the restart: retried over a stale keep-alive socket or a blip. */
async function callSure(server, method, url, init) {
  let last = null;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    last = await call(server, method, url, init);
    if (last.outcome !== 'unknown') return last;
    await sleep(200 * (attempt + 1));
  }
  throw new Error(`${method} ${url} got no answer after the restart: ${JSON.stringify(last)}`);
}

async function getData(server, url, init) {
  const result = await callSure(server, 'GET', url, init);
  if (result.outcome !== 'acked') throw new Error(`GET ${url} refused: ${JSON.stringify(result)}`);
  return result.data;
}

// ---------------------------------------------------------------------------------------------
// The database side of the set-up: users are written with the server's own repository (as the
// other benches do), then sign in over HTTP.

async function databaseUrl(context) {
  if (!isEmbedded) return context.scratch.url;
  const password = (await readFile(path.join(context.dataDir, 'embedded-pg.secret'), 'utf8')).trim();
  return `postgres://postgres:${encodeURIComponent(password)}@${HOST}:${context.pgPort}/openbourse`;
}

async function insertUsers(context, names, roles) {
  const dist = (file) => import(pathToFileURL(path.join(root, 'apps/server/dist', file)).href);
  const [{ createDatabase }, repository, { hashPassword }] = await Promise.all([
    dist('platform/db/database.js'),
    dist('modules/identity/identity.repository.js'),
    dist('modules/identity/password.js'),
  ]);
  context.passwordHash ??= await hashPassword(PASSWORD);
  // A short-lived pool: nothing of ours holds a connection when PostgreSQL is killed.
  const db = createDatabase(await databaseUrl(context), { max: 2 });
  try {
    const users = [];
    for (const name of names) {
      const row = await repository.insertUser(db, {
        user_name: name,
        user_name_key: name.toLowerCase(),
        email: `${name.toLowerCase()}@chaos.invalid`,
        password_hash: context.passwordHash,
        invite_code: name.toUpperCase().slice(-12),
        invited_by: null,
        roles,
      });
      users.push({ id: String(row.id), name });
    }
    return users;
  } finally {
    await db.destroy();
  }
}

async function signIn(server, user, totp) {
  const result = await callSure(server, 'POST', '/swx/customer/login/login', {
    body: { userName: user.name, password: PASSWORD, ...(totp ? { totp } : {}) },
  });
  if (result.outcome !== 'acked' || !result.data?.token) {
    throw new Error(`sign-in of ${user.name} refused: ${JSON.stringify(result)}`);
  }
  user.token = result.data.token;
}

/**
 * Operators must have two-factor on (#14): the admin signs in with the password, turns it on
 * through the real routes (setup, then enable with a code of the current 30 s step), and signs
 * in again with the password and the next step's code (each code is good once; the server
 * allows one step of drift, so the next step's code is accepted at once).
 */
async function signInOperator(server, user) {
  await signIn(server, user);
  const asUser = { token: user.token };
  const setup = await callSure(server, 'POST', '/swx/customer/user/totp/setup', asUser);
  const secret = setup.data?.secret;
  if (setup.outcome !== 'acked' || typeof secret !== 'string') {
    throw new Error(`two-factor set-up of ${user.name} refused: ${JSON.stringify(setup)}`);
  }
  const now = Math.floor(Date.now() / 1000);
  const enabled = await callSure(server, 'POST', '/swx/customer/user/totp/enable', {
    ...asUser,
    body: { code: generateSync({ secret, epoch: now }) },
  });
  if (enabled.outcome !== 'acked') throw new Error(`two-factor of ${user.name} refused: ${JSON.stringify(enabled)}`);
  await signIn(server, user, generateSync({ secret, epoch: now + 30 }));
}

// ---------------------------------------------------------------------------------------------
// One round.

function randomLots() {
  return `0.000${between(1, 9)}`;
}
function randomCredit() {
  return `${between(1, 999)}.${String(between(0, 999_999)).padStart(6, '0')}`;
}
function randomDebit() {
  return `-${between(0, 9)}.${String(between(1, 999_999)).padStart(6, '0')}`;
}

async function runRound(context, round) {
  const { server } = context;
  const roundStarted = Date.now();
  const tag = `${context.runTag}r${round}`;
  const names = Array.from({ length: usersPerRound }, (_, i) => `chaos${tag}u${i}`);
  const users = await insertUsers(context, names, ['user']);
  for (const user of users) await signIn(server, user);

  const opens = []; // { user, book, outcome, orderNo? }
  const closes = []; // { user, book, orderNo, outcome, position? }
  const adjustments = new Map(); // key → { user, amount, sends: [{ outcome, transferId? }] }
  const openPositions = []; // acknowledged opens not yet sent a close: { user, book, orderNo }

  const adjust = async (user, key, amount) => {
    let record = adjustments.get(key);
    if (!record) {
      record = { user, amount, sends: [] };
      adjustments.set(key, record);
    }
    const result = await call(server, 'POST', '/swx/admin/ledger/adjust', {
      token: context.admin.token,
      body: {
        userId: Number(user.id),
        asset: 'USDT',
        book: 'live',
        amount,
        reason: 'chaos bench',
        idempotencyKey: key,
      },
    });
    record.sends.push({ outcome: result.outcome, transferId: result.data?.transferId, result });
    return result;
  };
  const open = async (user, book) => {
    const body = {
      code: INSTRUMENT,
      side: random() < 0.5 ? 'long' : 'short',
      lots: randomLots(),
      leverage: between(1, 2),
    };
    const result = await call(server, 'POST', '/swx/customer/contracts/open', {
      token: user.token,
      demo: book === 'demo',
      body,
    });
    opens.push({ user, book, outcome: result.outcome, orderNo: result.data?.orderNo, result });
    if (result.outcome === 'acked') openPositions.push({ user, book, orderNo: result.data.orderNo });
    return result;
  };
  const close = async (position) => {
    const result = await call(server, 'POST', '/swx/customer/contracts/close', {
      token: position.user.token,
      demo: position.book === 'demo',
      body: { orderNo: position.orderNo },
    });
    closes.push({ ...position, outcome: result.outcome, position: result.data, result });
    return result;
  };

  // Funding before the burst: live through an operator adjustment, demo on first use. Then one
  // open and close each, retried until the sandbox has a price (after a restart it may not yet).
  for (const [index, user] of users.entries()) {
    const funded = await adjust(user, `${tag}-fund-${index}`, LIVE_FUNDING);
    if (funded.outcome !== 'acked') throw new Error(`funding refused: ${JSON.stringify(funded.result ?? funded)}`);
    await getData(server, '/swx/customer/user/balances', { token: user.token, demo: true });
  }
  for (let attempt = 0; ; attempt += 1) {
    const first = await open(users[0], 'live');
    if (first.outcome === 'acked') break;
    if (attempt >= 60) throw new Error(`no open accepted before the burst: ${JSON.stringify(first)}`);
    await sleep(500);
  }
  await close(openPositions.shift());

  // The burst. The kill comes when a random share (15 %–90 %) of it has been sent, plus 0–40 ms.
  const killAfter = Math.floor(opsPerRound * (0.15 + random() * 0.75));
  const killDelay = between(0, 40);
  let dispatched = 0;
  let killed = null;
  const burstStarted = Date.now();
  const killNow = async () => {
    const at = Date.now() - burstStarted;
    const sent = dispatched;
    const victims = server.kill9(); // the signals are sent before it first waits
    killed = { at, dispatched: sent };
    Object.assign(killed, await victims);
  };
  let killing = null;
  const operation = async () => {
    const user = pick(users);
    const roll = random();
    if (roll < 0.3) return open(user, 'live');
    if (roll < 0.45) return open(user, 'demo');
    if (roll < 0.72 && openPositions.length > 0) {
      const position = openPositions.splice(Math.floor(random() * openPositions.length), 1)[0];
      // One close in seven is sent twice at once: at most one of the two may be acknowledged.
      if (random() < 1 / 7) return Promise.all([close(position), close(position)]);
      return close(position);
    }
    if (roll < 0.95) {
      const key = `${tag}-adj-${adjustments.size}`;
      return adjust(user, key, random() < 0.2 ? randomDebit() : randomCredit());
    }
    // Replays an earlier key, with its body, possibly while the first is still in flight.
    const [key, earlier] = pick([...adjustments.entries()]);
    return adjust(earlier.user, key, earlier.amount);
  };
  const worker = async () => {
    // Sending goes on until the kill lands, so it always finds requests in flight.
    while (!killed && dispatched < opsPerRound) {
      dispatched += 1;
      if (dispatched === killAfter) killing = sleep(killDelay).then(killNow);
      await operation();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (killing) await killing;
  if (!killed) await killNow(); // (the burst finished first: cannot happen while killAfter < ops)

  const restartMs = await server.start();
  const checkStarted = Date.now();
  const report = await checkRound(context, { users, opens, closes, adjustments });
  report.killed = killed;
  report.restartMs = restartMs;
  report.audit = await runAudit(context);
  report.timing = { setup: burstStarted - roundStarted, check: Date.now() - checkStarted };
  return report;
}

// ---------------------------------------------------------------------------------------------
// The checks after the restart.

async function listOrders(server, user, book) {
  const rows = [];
  for (const status of ['open', 'pending', 'closed']) {
    for (let page = 1; ; page += 1) {
      const data = await getData(server, `/swx/customer/contracts/orders?status=${status}&page=${page}&size=100`, {
        token: user.token,
        demo: book === 'demo',
      });
      rows.push(...data.items);
      if (data.items.length < 100) break;
    }
  }
  return rows;
}

async function checkRound(context, { users, opens, closes, adjustments }) {
  const { server } = context;
  const count = (items, outcome) => items.filter((item) => item.outcome === outcome).length;
  const report = {
    acked: { opens: count(opens, 'acked'), closes: count(closes, 'acked'), adjustments: 0 },
    unknown: { opens: count(opens, 'unknown'), closes: count(closes, 'unknown'), adjustments: 0 },
    refused: { opens: count(opens, 'refused'), closes: count(closes, 'refused'), adjustments: 0 },
    inFlightCommitted: { opens: 0, adjustments: 0 },
    lost: 0,
    duplicated: 0,
    problems: [],
  };
  // Why refused operations were refused (catalogue code → count), for the round's line.
  const refusals = new Map();
  for (const item of [...opens, ...closes, ...[...adjustments.values()].flatMap((record) => record.sends)]) {
    if (item.outcome === 'refused') refusals.set(item.result.code, (refusals.get(item.result.code) ?? 0) + 1);
  }
  report.refusals = Object.fromEntries(refusals);
  // 5xx answers: nothing lost by them (they count as unanswered), but each is worth a look.
  report.serverErrors = [...opens, ...closes, ...[...adjustments.values()].flatMap((record) => record.sends)].filter(
    (item) => (item.result?.status ?? 0) >= 500,
  ).length;
  const problem = (kind, detail) => {
    if (kind === 'lost') report.lost += 1;
    else if (kind === 'duplicated') report.duplicated += 1;
    report.problems.push(`${kind}: ${detail}`);
  };

  // Adjustments: every key sent is replayed; the replay must answer the acknowledged transfer
  // and move nothing (isNew false). A key never acknowledged converges here, so afterwards every
  // key that succeeded exists exactly once and its amount counts once in the balance.
  const committedByUser = new Map(users.map((user) => [user.id, { sum: 0n, keys: 0 }]));
  for (const [key, record] of adjustments) {
    const acked = record.sends.filter((send) => send.outcome === 'acked');
    const outcome =
      acked.length > 0 ? 'acked' : record.sends.some((s) => s.outcome === 'unknown') ? 'unknown' : 'refused';
    report[outcome].adjustments += 1;
    if (new Set(acked.map((send) => send.transferId)).size > 1) {
      problem(
        'duplicated',
        `adjustment ${key} acknowledged with transfers ${acked.map((s) => s.transferId).join(', ')}`,
      );
    }
    if (outcome === 'refused') continue;
    const replay = await callSure(server, 'POST', '/swx/admin/ledger/adjust', {
      token: context.admin.token,
      body: {
        userId: Number(record.user.id),
        asset: 'USDT',
        book: 'live',
        amount: record.amount,
        reason: 'chaos bench',
        idempotencyKey: key,
      },
    });
    if (replay.outcome !== 'acked') {
      if (outcome === 'acked') problem('lost', `adjustment ${key}: its replay is refused ${JSON.stringify(replay)}`);
      continue;
    }
    if (outcome === 'acked') {
      if (replay.data.isNew) problem('lost', `adjustment ${key} (transfer ${acked[0].transferId}) was not there`);
      else if (replay.data.transferId !== acked[0].transferId) {
        problem(
          'duplicated',
          `adjustment ${key}: acknowledged ${acked[0].transferId}, replay ${replay.data.transferId}`,
        );
      }
    } else if (!replay.data.isNew) {
      report.inFlightCommitted.adjustments += 1;
    }
    const tally = committedByUser.get(record.user.id);
    tally.sum += toMinor(record.amount);
    tally.keys += 1;
  }

  for (const user of users) {
    for (const book of ['live', 'demo']) {
      const rows = await listOrders(server, user, book);
      const seen = new Map();
      for (const row of rows) seen.set(row.orderNo, (seen.get(row.orderNo) ?? 0) + 1);
      for (const [orderNo, times] of seen) {
        if (times > 1) problem('duplicated', `${user.name} ${book}: order ${orderNo} listed ${times} times`);
      }
      const mine = (item) => item.user === user && item.book === book;
      const ackedOpens = opens.filter((item) => mine(item) && item.outcome === 'acked');
      const unknownOpens = opens.filter((item) => mine(item) && item.outcome === 'unknown').length;
      const ackedNos = new Set(ackedOpens.map((item) => item.orderNo));
      for (const item of ackedOpens) {
        if (!seen.has(item.orderNo)) problem('lost', `${user.name} ${book}: acknowledged open ${item.orderNo} missing`);
      }
      if (ackedNos.size !== ackedOpens.length)
        problem('duplicated', `${user.name} ${book}: an order number answered twice`);
      // Positions nobody was told about: at most one per open whose answer never came.
      const extra = [...seen.keys()].filter((orderNo) => !ackedNos.has(orderNo));
      report.inFlightCommitted.opens += Math.min(extra.length, unknownOpens);
      if (extra.length > unknownOpens) {
        problem(
          'duplicated',
          `${user.name} ${book}: ${extra.length} unacknowledged positions from ${unknownOpens} unanswered opens`,
        );
      }

      const byNo = new Map(rows.map((row) => [row.orderNo, row]));
      const ackedCloses = closes.filter((item) => mine(item) && item.outcome === 'acked');
      const closesPerOrder = new Map();
      for (const item of ackedCloses) closesPerOrder.set(item.orderNo, (closesPerOrder.get(item.orderNo) ?? 0) + 1);
      for (const [orderNo, times] of closesPerOrder) {
        if (times > 1) problem('duplicated', `${user.name} ${book}: close of ${orderNo} acknowledged ${times} times`);
      }
      for (const item of ackedCloses) {
        const row = byNo.get(item.orderNo);
        if (row?.status !== 'closed') {
          problem('lost', `${user.name} ${book}: acknowledged close of ${item.orderNo} is ${row?.status ?? 'missing'}`);
        } else if (row.realisedPnl !== item.position.realisedPnl || row.closePrice !== item.position.closePrice) {
          problem(
            'lost',
            `${user.name} ${book}: close of ${item.orderNo} acknowledged at ${item.position.closePrice} (P&L ${item.position.realisedPnl}), stored at ${row.closePrice} (${row.realisedPnl})`,
          );
        }
      }
      const attemptedCloses = new Set(closes.filter(mine).map((item) => item.orderNo));
      for (const row of rows) {
        if (row.status === 'closed' && !attemptedCloses.has(row.orderNo)) {
          report.problems.push(
            `note: ${user.name} ${book}: ${row.orderNo} closed without a close (${row.closeReason})`,
          );
        }
      }

      // Money: every balance is what the surviving operations add up to, to the minor unit.
      //   total = funding and adjustments − every position's fee + every closed position's P&L
      //   held  = the margin of the open positions
      let expectedTotal = book === 'live' ? committedByUser.get(user.id).sum : DEMO_FUNDING;
      let expectedHeld = 0n;
      for (const row of rows) {
        expectedTotal -= toMinor(row.fee);
        if (row.status === 'closed') expectedTotal += toMinor(row.realisedPnl);
        if (row.status === 'open') expectedHeld += toMinor(row.margin);
      }
      const balances = await getData(server, '/swx/customer/user/balances', {
        token: user.token,
        demo: book === 'demo',
      });
      const usdt = balances.find((balance) => balance.asset === 'USDT');
      const total = usdt ? toMinor(usdt.total, usdt.decimals) : 0n;
      const held = usdt ? toMinor(usdt.held, usdt.decimals) : 0n;
      if (total !== expectedTotal || held !== expectedHeld) {
        problem(
          total > expectedTotal ? 'duplicated' : 'lost',
          `${user.name} ${book}: USDT total ${fromMinor(total)} held ${fromMinor(held)}, expected ${fromMinor(expectedTotal)} held ${fromMinor(expectedHeld)}`,
        );
      }
      if (book === 'live') {
        // One statement entry per adjustment that exists: none twice, none missing.
        const statement = await getData(server, '/swx/customer/user/statement?reason=adjustment&size=1', {
          token: user.token,
        });
        const { keys } = committedByUser.get(user.id);
        if (statement.total !== keys) {
          problem(
            statement.total > keys ? 'duplicated' : 'lost',
            `${user.name}: ${statement.total} adjustment entries for ${keys} keys`,
          );
        }
      }
    }
  }
  return report;
}

async function runAudit(context) {
  const env = { ...context.baseEnv, DATABASE_URL: await databaseUrl(context), LOG_LEVEL: 'warn' };
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/cli/ledger-audit.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  return { ok: code === 0, code, output: output.trim() };
}

// ---------------------------------------------------------------------------------------------
// The run.

function assertLocal(url) {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(host)) {
    throw new Error(`chaos creates and drops databases: it runs against 127.0.0.1 only, not ${host}`);
  }
}

async function main() {
  const runTag = Date.now().toString(36).slice(-5);
  const port = await freePort();
  const baseEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    MARKET_FEED: 'sandbox',
    MARKET_SANDBOX_BACKFILL_MINUTES: '10',
    RATE_LIMIT_ENABLED: 'false',
    CAPTCHA_ENABLED: 'false',
    SHUTDOWN_GRACE_MS: '10000',
    // Every adjustment moves at once: the bench measures crash safety of transfers, not the
    // review queue that larger adjustments wait in (#14).
    ADJUST_REVIEW_THRESHOLD: '1000000000',
  };
  // One instance, its own everything: no shared Redis, no SMTP.
  delete baseEnv.REDIS_URL;
  delete baseEnv.SMTP_URL;
  const context = { runTag, baseEnv, logFile: path.join(os.tmpdir(), `openbourse-chaos-${runTag}.log`) };
  if (isEmbedded) {
    delete baseEnv.DATABASE_URL;
    context.dataDir = await mkdtemp(path.join(os.tmpdir(), 'openbourse-chaos-'));
    // PostgreSQL runs as its own user when we are root: it must reach its data directory.
    await chmod(context.dataDir, 0o755);
    context.pgPort = await freePort();
    Object.assign(baseEnv, { DATA_DIR: context.dataDir, EMBEDDED_PG_PORT: String(context.pgPort) });
    context.server = new ServerProcess(baseEnv, path.join(context.dataDir, 'pgdata'), context.logFile);
  } else {
    assertLocal(adminUrl);
    context.scratch = await createScratchDatabase('bench_chaos');
    context.server = new ServerProcess({ ...baseEnv, DATABASE_URL: context.scratch.url }, null, context.logFile);
  }
  const where = isEmbedded ? `embedded PostgreSQL in ${context.dataDir}` : `database ${context.scratch.url}`;
  console.log(
    `chaos: ${rounds} rounds × ≤ ${opsPerRound} operations (${concurrency} at once, ${usersPerRound} users a round), seed ${seed}, ${where}`,
  );
  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, node ${process.version}`);

  const reports = [];
  let failure = null;
  try {
    const firstStart = await context.server.start();
    console.log(`first start: ready after ${firstStart} ms`);
    const [admin] = await insertUsers(context, [`chaos${runTag}admin`], ['user', 'admin']);
    await signInOperator(context.server, admin);
    context.admin = admin;
    for (let round = 1; round <= rounds; round += 1) {
      if (Date.now() > deadline) {
        failure = `time limit reached after ${round - 1} of ${rounds} rounds`;
        break;
      }
      const report = await runRound(context, round);
      reports.push(report);
      const { acked, unknown, killed } = report;
      console.log(
        [
          `round ${round}:`,
          `killed at ${killed.at} ms after ${killed.dispatched} sent`,
          isEmbedded
            ? `(server + ${killed.postgres} PostgreSQL processes, gone after ${killed.reapMs} ms)`
            : '(server)',
          `| acknowledged ${acked.opens} opens, ${acked.closes} closes, ${acked.adjustments} adjustments`,
          `| unanswered ${unknown.opens + unknown.closes + unknown.adjustments}`,
          `(committed: ${report.inFlightCommitted.opens} opens, ${report.inFlightCommitted.adjustments} adjustments)`,
          `| refused ${JSON.stringify(report.refusals)}, 5xx ${report.serverErrors}`,
          `| restart ${report.restartMs} ms`,
          `(set-up ${report.timing.setup} ms, checks ${report.timing.check} ms)`,
          `| lost ${report.lost}, duplicated ${report.duplicated}`,
          `| audit ${report.audit.ok ? 'clean' : `FAILED (exit ${report.audit.code})`}`,
        ].join(' '),
      );
      for (const line of report.problems) console.log(`  ${line}`);
      if (!report.audit.ok) console.log(report.audit.output.replace(/^/gm, '  audit: '));
    }
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }

  const sum = (pick) => reports.reduce((total, report) => total + pick(report), 0);
  const survived = reports.filter((r) => r.lost === 0 && r.duplicated === 0 && r.audit.ok).length;
  const ackedTotal = sum((r) => r.acked.opens + r.acked.closes + r.acked.adjustments);
  console.log('');
  console.log(`rounds: ${reports.length} of ${rounds} run, ${survived} survived (no loss, no duplicate, audit clean)`);
  console.log(
    `acknowledged: ${ackedTotal} (${sum((r) => r.acked.opens)} opens, ${sum((r) => r.acked.closes)} closes, ${sum((r) => r.acked.adjustments)} adjustments)`,
  );
  console.log(
    `unanswered at the kill: ${sum((r) => r.unknown.opens + r.unknown.closes + r.unknown.adjustments)} (of which found committed: ${sum((r) => r.inFlightCommitted.opens)} opens, ${sum((r) => r.inFlightCommitted.adjustments)} adjustments)`,
  );
  const serverErrors = sum((r) => r.serverErrors);
  console.log(`lost: ${sum((r) => r.lost)}, duplicated: ${sum((r) => r.duplicated)}; 5xx answers: ${serverErrors}`);
  console.log(`ledger audits clean: ${reports.filter((r) => r.audit.ok).length} of ${reports.length}`);
  const restarts = reports.map((r) => r.restartMs).sort((a, b) => a - b);
  if (restarts.length > 0) {
    console.log(`restart to ready: median ${restarts[Math.floor(restarts.length / 2)]} ms, max ${restarts.at(-1)} ms`);
  }
  const isFailed = failure !== null || survived !== reports.length || reports.length < rounds;
  if (failure) console.log(`FAILED: ${failure}`);

  await context.server.stop().catch((error) => console.log(`stopping the server: ${error.message}`));
  if (isFailed) {
    console.log(`kept for inspection: ${where}; the server's output in ${context.logFile}`);
  } else {
    await (isEmbedded ? rm(context.dataDir, { recursive: true, force: true }) : context.scratch.drop());
    if (serverErrors === 0) await rm(context.logFile, { force: true });
    else console.log(`the server's output (with the 5xx answers' errors) is in ${context.logFile}`);
  }
  process.exitCode = isFailed ? 1 : 0;
}

await main();
