// Lighthouse on a phone (issue 16, item 0): the built server (apps/server/dist/server.js, as
// `npm start` runs it, sandbox feed) on a fresh scratch database, and Lighthouse's default
// settings — mobile form factor, simulated throttling (slow 4G, 4x CPU slowdown) — run N times
// on each page with Debian's chromium (headless). Reports the medians of the Performance score,
// LCP, FCP, TBT, CLS and the total bytes transferred, and checks them against the goals
// (Performance >= 95 and LCP <= 1.5 s on /, Performance >= 90 on /market): exit code 1 if missed.
// Usage: node bench/lighthouse.mjs [--runs 5] [--pages /,/market] [--chrome /usr/bin/chromium]
// Needs the builds (npx tsc -b, and cd apps/web && npx vite build); creates the scratch database
// bench_lighthouse on DATABASE_URL's server (default: the local postgres on 127.0.0.1:5432) and
// drops it afterwards.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median, numberOption } from './http-load.mjs';
import { createScratchDatabase } from './scratch-database.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const runs = numberOption('runs', 5);
const pages = option('pages', '/,/market').split(',');
const chromePath = option('chrome', '/usr/bin/chromium');
const GOALS = { '/': { score: 95, lcpMs: 1500 }, '/market': { score: 90 } };

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** Starts the built server on a free port; resolves once /readyz answers 200. */
async function startServer(databaseUrl) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      MARKET_FEED: 'sandbox',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // Lighthouse asks for every page several times from one address.
      RATE_LIMIT_ENABLED: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server was not ready after 180 s');
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * One Lighthouse run in a fresh headless chromium (as the Lighthouse CLI does); a run whose
 * trace Lighthouse could not use (NO_NAVSTART and the like, seen on a loaded machine) is
 * retried, up to three times, and never counted.
 */
async function audit(url) {
  for (let attempt = 1; ; attempt += 1) {
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!lhr.runtimeError) return lhr;
      if (attempt >= 3) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      console.log(`${url}: ${lhr.runtimeError.code}, run again`);
    } finally {
      await chrome.kill();
    }
  }
}

/** With --details: what Lighthouse saw as the LCP element, its phases, and the main-thread work. */
function printDetails(lhr) {
  const element = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  for (const table of element) {
    for (const item of table.items ?? []) {
      if (item.node) console.log(`  LCP element: ${item.node.selector} ${JSON.stringify(item.node.snippet)}`);
      if (item.phase) console.log(`  LCP phase ${item.phase}: ${Math.round(item.timing)} ms`);
    }
  }
  const work = lhr.audits['mainthread-work-breakdown']?.details?.items ?? [];
  console.log(`  main thread: ${work.map((item) => `${item.group} ${Math.round(item.duration)} ms`).join(', ')}`);
  const longTasks = lhr.audits['long-tasks']?.details?.items ?? [];
  for (const task of longTasks.slice(0, 8)) {
    console.log(`  long task: ${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms, ${task.url}`);
  }
  const bootup = lhr.audits['bootup-time']?.details?.items ?? [];
  for (const item of bootup.slice(0, 5)) {
    console.log(
      `  script: ${item.url} total ${Math.round(item.total)} ms, evaluation ${Math.round(item.scripting)} ms`,
    );
  }
  const blocking = lhr.audits['render-blocking-resources']?.details?.items ?? [];
  for (const item of blocking) console.log(`  render-blocking: ${item.url} ${Math.round(item.wastedMs)} ms`);
}

const scratch = await createScratchDatabase('bench_lighthouse');
let server = null;
let failed = false;
try {
  server = await startServer(scratch.url);
  // One unmeasured visit per page: the server's first answers (JIT, caches) are not the user's.
  for (const page of pages) await fetch(`${server.origin}${page}`).then((response) => response.arrayBuffer());

  const results = [];
  for (const page of pages) {
    const samples = [];
    for (let run = 1; run <= runs; run += 1) {
      const lhr = await audit(`${server.origin}${page}`);
      const sample = {
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
        fcpMs: lhr.audits['first-contentful-paint'].numericValue,
        tbtMs: lhr.audits['total-blocking-time'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        bytes: lhr.audits['total-byte-weight'].numericValue,
        // Lighthouse's own measure of the host's CPU speed (higher is faster): simulated
        // throttling multiplies the tasks as this host ran them, so TBT scales with it.
        hostIndex: lhr.environment.benchmarkIndex,
      };
      samples.push(sample);
      if (args.includes('--details')) printDetails(lhr);
      console.log(
        `${page} run ${run}: score ${sample.score}, LCP ${(sample.lcpMs / 1000).toFixed(2)} s, FCP ${(sample.fcpMs / 1000).toFixed(2)} s, TBT ${Math.round(sample.tbtMs)} ms, CLS ${sample.cls.toFixed(3)}, ${(sample.bytes / 1024).toFixed(1)} KB, host index ${Math.round(sample.hostIndex)}`,
      );
    }
    const pick = (key) => median(samples.map((sample) => sample[key]));
    results.push({
      page,
      score: pick('score'),
      'LCP s': +(pick('lcpMs') / 1000).toFixed(2),
      'FCP s': +(pick('fcpMs') / 1000).toFixed(2),
      'TBT ms': Math.round(pick('tbtMs')),
      CLS: +pick('cls').toFixed(3),
      'transfer KB': +(pick('bytes') / 1024).toFixed(1),
      'host index': Math.round(pick('hostIndex')),
    });
  }
  console.log(
    `\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile defaults (simulated throttling), medians over ${runs} runs:`,
  );
  console.table(results);
  // Lighthouse itself warns below 1000: such a host runs tasks slower than its 4x CPU multiplier
  // assumes, so TBT (and the score) read worse than the page is.
  const slowHost = results.filter((row) => row['host index'] < 1000);
  if (slowHost.length > 0) {
    console.log(
      `host index under 1000 (Lighthouse's slow-host threshold) on ${slowHost.map((row) => row.page).join(', ')}`,
    );
  }
  for (const row of results) {
    const goal = GOALS[row.page];
    if (!goal) continue;
    const misses = [];
    if (row.score < goal.score) misses.push(`Performance ${row.score} < ${goal.score}`);
    if (goal.lcpMs !== undefined && row['LCP s'] * 1000 > goal.lcpMs) {
      misses.push(`LCP ${row['LCP s']} s > ${goal.lcpMs / 1000} s`);
    }
    console.log(`${row.page}: ${misses.length === 0 ? 'goal met' : `goal missed (${misses.join(', ')})`}`);
    if (misses.length > 0) failed = true;
  }
} finally {
  if (server) await server.stop();
  await scratch.drop();
}
if (failed) process.exitCode = 1;
