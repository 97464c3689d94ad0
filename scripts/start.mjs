// `npm start`: builds what is not built (or is older than its sources), then serves the whole
// platform on PORT (8080). Without DATABASE_URL the server starts an embedded PostgreSQL.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

function run(command, args, cwd = root) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

// TypeScript builds incrementally: a no-op when nothing changed.
console.log('[openbourse] building server and shared packages (incremental)…');
run(bin('tsc'), [
  '-b',
  'packages/money',
  'packages/contracts',
  'packages/trading-rules',
  'packages/strategies',
  'packages/options-pricing',
  'apps/server',
]);

const webIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = Math.max(
  newestMtime(path.join(root, 'apps/web/src')),
  newestMtime(path.join(root, 'packages/contracts/src')),
  newestMtime(path.join(root, 'packages/trading-rules/src')),
  statSync(path.join(root, 'apps/web/index.html')).mtimeMs,
);
if (!existsSync(webIndex) || statSync(webIndex).mtimeMs < webSources) {
  console.log('[openbourse] building the web app…');
  run(bin('vite'), ['build', '--logLevel', 'warn'], path.join(root, 'apps/web'));
}

// Market data: the labelled sandbox simulator by default (issue 5); `--replay DIR` plays the
// recorded one-minute files of DIR (labelled replay) and keeps the sandbox for the rest.
const args = process.argv.slice(2);
const env = { ...process.env };
const replayIndex = args.indexOf('--replay');
if (replayIndex >= 0) {
  const directory = args[replayIndex + 1];
  if (!directory) {
    console.error('[openbourse] --replay needs a folder of <CODE>_1m.csv files');
    process.exit(2);
  }
  env.MARKET_REPLAY_DIR = path.resolve(directory);
  args.splice(replayIndex, 2);
}
if (env.MARKET_FEED === undefined) env.MARKET_FEED = env.MARKET_REPLAY_DIR ? 'replay,sandbox' : 'sandbox';
// Smart plan products backtest over recorded history (issue 18): the shared market data beside
// the checkout when it is there; without it, over the stored candles (labelled "sandbox data").
const sharedMarketData = path.resolve(root, '../shared/market-data');
if (env.BACKTEST_DATA_DIR === undefined && existsSync(sharedMarketData)) env.BACKTEST_DATA_DIR = sharedMarketData;

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js'), ...args], {
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
