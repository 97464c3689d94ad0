// Start-up after a build (issue 13, fix 7): the built server (apps/server/dist/server.js, as
// `npm start` runs it, with the sandbox feed and its default day of backfill) started N times,
// each against a freshly created database, timed from spawn to the first `/healthz` 200 (HTTP
// listening) and to the first `/readyz` 200 (everything loaded: migrations, seed, the sandbox's
// simulated past). Each fresh start is followed by a restart on the database it filled. The
// baseline, measured in the same run and the same way: a bare `node -e` that imports fastify
// and listens. With --embedded 1 (default) one more start runs on the embedded PostgreSQL path
// (a new DATA_DIR: initdb included) and one restart on it. With --load 1 a CPU-bound process
// (`node -e 'for(;;){}'`) runs beside every start and is killed at the end.
// Usage: node bench/startup.mjs [--runs 5] [--embedded 1] [--load 0]
// Needs the server build (npx tsc -b); creates the scratch database bench_startup on
// DATABASE_URL's server (default: the local postgres on 127.0.0.1:5432) and drops it afterwards.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, numberOption } from './http-load.mjs';
import { createScratchDatabase } from './scratch-database.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = numberOption('runs', 5);
const withEmbedded = numberOption('embedded', 1) !== 0;
const withLoad = numberOption('load', 0) !== 0;
const LIMIT_MS = 180_000;

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const answers = async (url) => {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
};

/**
 * Spawns `args` and polls /healthz and /readyz every 20 ms until both answer 200; returns the
 * milliseconds from spawn to each (readyz null when `readyPath` is null), then stops the process.
 */
async function timeStart(args, env, { cwd = root, readyPath = '/readyz' } = {}) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  let exited = false;
  const exit = new Promise((resolve) =>
    child.on('exit', () => {
      exited = true;
      resolve();
    }),
  );
  let healthMs = null;
  let readyMs = null;
  try {
    while (healthMs === null || (readyPath && readyMs === null)) {
      if (exited) throw new Error(`server exited before it was ready:\n${stderr}`);
      if (performance.now() - started > LIMIT_MS) throw new Error(`not ready after ${LIMIT_MS} ms`);
      if (healthMs === null && (await answers(`http://127.0.0.1:${port}/healthz`))) {
        healthMs = performance.now() - started;
      }
      if (
        readyPath &&
        healthMs !== null &&
        readyMs === null &&
        (await answers(`http://127.0.0.1:${port}${readyPath}`))
      ) {
        readyMs = performance.now() - started;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    if (!exited) child.kill('SIGTERM');
    await exit;
  }
  return { healthMs, readyMs };
}

// The server as `npm start` runs it: sandbox feed, default backfill, development mode.
const serverEnv = {
  MARKET_FEED: 'sandbox',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'development',
  RATE_LIMIT_ENABLED: 'true',
};
const serverArgs = [path.join(root, 'apps/server/dist/server.js')];
const helloArgs = [
  '-e',
  "import('fastify').then(async ({ default: Fastify }) => { const app = Fastify(); app.get('/healthz', async () => ({ status: 'ok' })); await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) }); })",
];

let burner = null;
if (withLoad) {
  burner = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
  console.log(`CPU-bound process beside the starts: pid ${burner.pid}`);
}

const rows = { hello: [], freshHealth: [], freshReady: [], restartHealth: [], restartReady: [] };
const format = (ms) => (ms === null ? '—' : `${(ms / 1000).toFixed(2)} s`);
try {
  for (let run = 1; run <= runs; run += 1) {
    const hello = await timeStart(helloArgs, {}, { cwd: path.join(root, 'apps/server'), readyPath: null });
    rows.hello.push(hello.healthMs);
    const scratch = await createScratchDatabase('bench_startup');
    try {
      const fresh = await timeStart(serverArgs, { ...serverEnv, DATABASE_URL: scratch.url });
      const restart = await timeStart(serverArgs, { ...serverEnv, DATABASE_URL: scratch.url });
      rows.freshHealth.push(fresh.healthMs);
      rows.freshReady.push(fresh.readyMs);
      rows.restartHealth.push(restart.healthMs);
      rows.restartReady.push(restart.readyMs);
      console.log(
        `run ${run}: hello ${format(hello.healthMs)}; fresh database: healthz ${format(fresh.healthMs)}, readyz ${format(fresh.readyMs)}; restart: healthz ${format(restart.healthMs)}, readyz ${format(restart.readyMs)}`,
      );
    } finally {
      await scratch.drop();
    }
  }
  console.log(
    `\nmedians over ${runs} runs${withLoad ? ' (CPU-bound process beside)' : ''}:\n` +
      `  bare fastify listen (node -e):   healthz ${format(median(rows.hello))}\n` +
      `  server, fresh database:          healthz ${format(median(rows.freshHealth))}, readyz ${format(median(rows.freshReady))}\n` +
      `  server, restart (filled):        healthz ${format(median(rows.restartHealth))}, readyz ${format(median(rows.restartReady))}`,
  );

  if (withEmbedded) {
    const dataDir = path.join(root, 'var/bench-startup');
    rmSync(dataDir, { recursive: true, force: true });
    const env = { ...serverEnv, DATA_DIR: dataDir, EMBEDDED_PG_PORT: '54341' };
    // Unset for the children (timeStart passes process.env on): the embedded path.
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    try {
      const first = await timeStart(serverArgs, env);
      const again = await timeStart(serverArgs, env);
      console.log(
        `  embedded PostgreSQL, new DATA_DIR (initdb included): healthz ${format(first.healthMs)}, readyz ${format(first.readyMs)}\n` +
          `  embedded PostgreSQL, restart:                        healthz ${format(again.healthMs)}, readyz ${format(again.readyMs)}`,
      );
    } finally {
      if (saved !== undefined) process.env.DATABASE_URL = saved;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  if (burner) {
    burner.kill('SIGKILL');
    console.log(`CPU-bound process ${burner.pid} stopped`);
  }
}
