// The deposit watcher under load (issue 15): one EVM network's watcher (modules/payments
// chain-watcher.ts) following 10,000 deposit addresses while every block of the local Hardhat
// node (interval mining, one block a second) carries 1,000 token Transfer events to random ones
// of them (TestToken.mintBatch, USDT and USDC, 120–1,119 units each: all above the minimum, so
// all are credited). Goal: the watcher keeps up at one block a second on this machine, the
// node's own CPU included; the ledger audit is clean after.
//
// In one run:
//   A. baseline: the node and the producer alone (no watcher) for --baseline-blocks blocks:
//      block intervals and CPU per block of the node, this process and PostgreSQL;
//   B. the watcher (its `step()` in the rhythm of its own `loop()`: a step, then 250 ms) for
//      --blocks blocks: blocks behind the head over time, processing time per block (a step's
//      time over the blocks it took in; each step also confirms and credits the blocks that
//      became 2 deep), CPU per block; then the producer stops and the watcher drains;
//   C. baseline: a raw viem getLogs (+ parse) of each block of B, the irreducible reading cost;
//   then every produced transfer looked up (credited or not) and the ledger audit.
// Usage: node bench/deposit-watcher.mjs [--addresses 10000] [--transfers 1000] [--blocks 60]
//        [--baseline-blocks 15] [--block-ms 1000] [--batch 250]
// Needs `npx tsc -b`; uses a scratch database on DATABASE_URL's server (default: the local
// postgres), dropped at the end, and a Hardhat node in a temporary directory.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { createPublicClient, createWalletClient, http, parseEventLogs } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  ledgerAuditLine,
  loadAverage,
  machineLine,
  median,
  numberOption,
  percentile,
  postgresCpuMs,
  processCpuMs,
  sleep,
} from './http-load.mjs';
import { createScratchDatabase } from './scratch-database.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (file) => import(pathToFileURL(path.join(root, 'apps/server/dist', file)).href);
const ADDRESSES = numberOption('addresses', 10_000);
const TRANSFERS = numberOption('transfers', 1000);
const BLOCKS = numberOption('blocks', 60);
const BASELINE_BLOCKS = numberOption('baseline-blocks', 15);
const BLOCK_MS = numberOption('block-ms', 1000);
const BATCH = numberOption('batch', 250);
const POLL_MS = 250; // the watcher loop's default pause between steps
const CONFIRMATIONS = 2; // CONFIRMATIONS_LOCAL's default

const [{ createDatabase }, { migrate }, { systemClock }, chainNode, hdKeys, erc20, artifact] = await Promise.all([
  dist('platform/db/database.js'),
  dist('platform/db/migrate.js'),
  dist('platform/clock.js'),
  dist('platform/chain/local-node.js'),
  dist('platform/chain/hd-keys.js'),
  dist('platform/chain/erc20.js'),
  dist('platform/chain/test-token.artifact.js'),
]);
const [{ createAlerts }, { insertUser }, { ensureDepositAddress }, { createChainWatcher }, repository, ledger] =
  await Promise.all([
    dist('platform/jobs/alerts.js'),
    dist('modules/identity/identity.repository.js'),
    dist('modules/payments/deposit-addresses.js'),
    dist('modules/payments/chain-watcher.js'),
    dist('modules/payments/deposits.repository.js'),
    dist('modules/ledger/index.js'),
  ]);

const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '—');
const ownCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

console.log(machineLine());

// ---- database, node, users and their deposit addresses -----------------------------------------
const scratch = await createScratchDatabase('bench_deposit_watcher');
await migrate(scratch.url);
const db = createDatabase(scratch.url, { max: 10 });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-deposit-watcher-'));
const node = await chainNode.startLocalChainNode({ dataDir, port: 0, blockMs: BLOCK_MS, automine: false });
const nodePid = Number(
  execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)])
    .toString()
    .split('\n')
    .find((line) => line.includes('hardhat'))
    ?.trim()
    .split(/\s+/)[0],
);
const keys = hdKeys.generateSandboxKeys();
const quiet = { info() {}, warn() {}, error: (object, message) => console.error(message, object?.err ?? object) };
const network = {
  id: 'local',
  chainId: 31_337,
  label: 'Sandbox chain',
  rpcUrl: node.rpcUrl,
  confirmations: CONFIRMATIONS,
  tokens: { USDT: { address: node.tokens.USDT, decimals: 6 }, USDC: { address: node.tokens.USDC, decimals: 6 } },
  explorerTxUrl: null,
};
let watcher;
const context = {
  db,
  clock: systemClock,
  log: quiet,
  chains: { evmNetworks: () => [network], evmNetwork: (id) => (id === 'local' ? network : undefined) },
  depositXpub: keys.depositXpub,
  btcAddress: null,
  tronWatched: false,
  tronUsdtContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  sandbox: true,
  // Every bench deposit is above the minimum: the review queue is never asked.
  reviews: {
    submit: () => Promise.reject(new Error('bench: no deposit should need review')),
    findBySource: async () => null,
  },
  alerts: createAlerts({ db, log: quiet, clock: systemClock }),
  onAddressCreated: () => watcher?.refreshAddresses(),
};

const started = performance.now();
const addresses = [];
for (let start = 0; start < ADDRESSES; start += 50) {
  const chunk = await Promise.all(
    Array.from({ length: Math.min(50, ADDRESSES - start) }, async (_, i) => {
      const n = start + i;
      const user = await insertUser(db, {
        user_name: `depositor${n}`,
        user_name_key: `depositor${n}`,
        email: `depositor${n}@bench.invalid`,
        password_hash: null,
        invite_code: `DEP${n}`,
        invited_by: null,
        roles: ['user'],
      });
      return (await ensureDepositAddress(context, 'local', user.id)).address;
    }),
  );
  addresses.push(...chunk);
}
console.log(
  `setup: ${ADDRESSES} users with a deposit address (ensureDepositAddress) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

// ---- the producer: TRANSFERS Transfer events in every block ------------------------------------
const chain = chainNode.localChain(node.rpcUrl);
const client = createPublicClient({ chain, transport: http(node.rpcUrl), pollingInterval: 250 });
const funder = privateKeyToAccount(node.funderKey);
const wallet = createWalletClient({ chain, transport: http(node.rpcUrl), account: funder });
let nonce = await client.getTransactionCount({ address: funder.address, blockTag: 'pending' });
let seed = 11;
const random = (n) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed % n;
};
/** Block number → the wall-clock time this process first saw it. */
const blockSeen = new Map();
let head = await client.getBlockNumber({ cacheTime: 0 });
let producing = false;
const produced = []; // { hash, block (the head it was sent after), count }
const sendErrors = [];
const pendingSends = [];
async function produceFor() {
  const after = head;
  const sends = [];
  for (let sent = 0, i = 0; sent < TRANSFERS; sent += BATCH, i += 1) {
    const count = Math.min(BATCH, TRANSFERS - sent);
    const to = Array.from({ length: count }, () => addresses[random(addresses.length)]);
    const values = Array.from({ length: count }, () => BigInt(120 + random(1000)) * 1_000_000n);
    sends.push(
      wallet
        .writeContract({
          address: i % 2 === 0 ? node.tokens.USDT : node.tokens.USDC,
          abi: artifact.testTokenAbi,
          functionName: 'mintBatch',
          args: [to, values],
          nonce: nonce++,
          gas: 12_000_000n,
          maxFeePerGas: 100_000_000_000n,
          maxPriorityFeePerGas: 1_000_000_000n,
        })
        .then((hash) => produced.push({ hash, after, count }))
        .catch((error) => sendErrors.push(error)),
    );
  }
  await Promise.all(sends);
}
// The head poller (every 20 ms): records when each block appears, and after each new block
// sends the next block's transfers while producing.
let polling = true;
const poller = (async () => {
  while (polling) {
    const number = await client.getBlockNumber({ cacheTime: 0 }).catch(() => head);
    if (number > head) {
      const now = performance.now();
      for (let n = head + 1n; n <= number; n += 1n) blockSeen.set(n, now);
      head = number;
      // Not awaited: sends carry their own nonces, and the poller keeps timing blocks meanwhile.
      if (producing) pendingSends.push(produceFor());
    }
    await sleep(20);
  }
})();
const waitBlocks = async (count) => {
  const target = head + BigInt(count);
  while (head < target) await sleep(20);
};
const cpuSnapshot = () => ({
  node: processCpuMs(nodePid),
  own: ownCpuMs(),
  postgres: postgresCpuMs(),
  at: performance.now(),
  head,
});
const cpuPerBlock = (before, after) => {
  const blocks = Number(after.head - before.head);
  return {
    blocks,
    node: (after.node - before.node) / blocks,
    own: (after.own - before.own) / blocks,
    postgres: (after.postgres - before.postgres) / blocks,
    wallMsPerBlock: (after.at - before.at) / blocks,
  };
};
const intervalsBetween = (from, to) => {
  const intervals = [];
  for (let n = from + 1n; n <= to; n += 1n) {
    if (blockSeen.has(n) && blockSeen.has(n - 1n)) intervals.push(blockSeen.get(n) - blockSeen.get(n - 1n));
  }
  return intervals;
};

// ---- A: the node and the producer alone ----------------------------------------------------------
producing = true;
await waitBlocks(3); // warm-up: the first blocks mint to fresh addresses
const baseBefore = cpuSnapshot();
await waitBlocks(BASELINE_BLOCKS);
const baseAfter = cpuSnapshot();
const baseCpu = cpuPerBlock(baseBefore, baseAfter);
const baseIntervals = intervalsBetween(baseBefore.head, baseAfter.head);
console.log(
  `A. baseline, node + producer without a watcher (${baseCpu.blocks} blocks): block interval median ${ms(median(baseIntervals))}, max ${ms(Math.max(...baseIntervals))}; CPU per block: node ${ms(baseCpu.node)}, this process (producer) ${ms(baseCpu.own)}, PostgreSQL ${ms(baseCpu.postgres)}`,
);

// ---- B: the watcher --------------------------------------------------------------------------------
watcher = createChainWatcher({ context, network, client, pollMs: POLL_MS });
const steps = []; // { t0, takenIn, t1, blocks }
const lagSamples = []; // { t, head, cursor, creditedThrough }
const stepErrors = [];
let watching = true;
let lastCursor = null;
// The cursor every 50 ms (when a step has taken in its blocks and starts confirming).
const cursorSeen = []; // { t, cursor }
const cursorPoller = (async () => {
  while (watching) {
    const cursor = await repository.findCursor(db, 'local');
    if (cursor !== null && cursor !== cursorSeen.at(-1)?.cursor) cursorSeen.push({ t: performance.now(), cursor });
    await sleep(50);
  }
})();
const watcherLoop = (async () => {
  while (watching) {
    const before = lastCursor ?? (await repository.findCursor(db, 'local'));
    const t0 = performance.now();
    try {
      const cursor = await watcher.step();
      const t1 = performance.now();
      if (before !== null && cursor > before) {
        const takenIn = cursorSeen.find((seen) => seen.cursor === cursor && seen.t >= t0)?.t ?? t1;
        steps.push({ t0, t1, takenIn, blocks: Number(cursor - before) });
      }
      lastCursor = cursor;
    } catch (error) {
      stepErrors.push(error);
      await sleep(2000);
      continue;
    }
    await sleep(POLL_MS);
  }
})();
// Every 250 ms: the cursor and the credit frontier (the oldest block holding a deposit not yet
// confirmed; read-only SQL, the repository has no such count).
const sampler = (async () => {
  while (watching) {
    const cursor = await repository.findCursor(db, 'local');
    const oldest = await sql`SELECT min(block_number)::text AS block FROM payments_deposits
      WHERE network = 'local' AND confirmed_at IS NULL AND status = 'pending'`.execute(db);
    const frontier = oldest.rows[0]?.block ? BigInt(oldest.rows[0].block) : null;
    if (cursor !== null) {
      // Blocks whose deposits are all credited: below the frontier, or up to the confirmation depth.
      const creditedThrough = frontier !== null ? frontier - 1n : cursor - BigInt(CONFIRMATIONS) + 1n;
      lagSamples.push({ t: performance.now(), head, cursor, creditedThrough });
    }
    await sleep(250);
  }
})();
while (lastCursor === null) await sleep(20);
const watchFrom = head;
const watchBefore = cpuSnapshot();
await waitBlocks(BLOCKS);
producing = false;
const watchAfter = cpuSnapshot();
const watchTo = watchAfter.head + 1n; // the last sends land in the block after
// Drain: the producer has stopped; the node keeps mining empty blocks, the watcher catches up
// and confirms everything.
const drainStart = performance.now();
const drainDeadline = drainStart + 900_000;
while (performance.now() < drainDeadline) {
  const last = lagSamples.at(-1);
  if (last && last.cursor >= watchTo + BigInt(CONFIRMATIONS) && last.creditedThrough >= watchTo) break;
  await sleep(250);
}
const drainSeconds = (performance.now() - drainStart) / 1000;
const drainAfter = cpuSnapshot();
watching = false;
await Promise.all([watcherLoop, sampler, cursorPoller]);
polling = false;
await poller;
await Promise.all(pendingSends);

const watchCpu = cpuPerBlock(watchBefore, watchAfter);
const watchIntervals = intervalsBetween(watchBefore.head, watchAfter.head);
const during = lagSamples.filter((s) => s.t >= watchBefore.at && s.t <= watchAfter.at);
const thirds = (values) => {
  const third = Math.max(1, Math.floor(values.length / 3));
  return [0, 1, 2].map((k) => median(values.slice(k * third, k === 2 ? values.length : (k + 1) * third)));
};
const readLag = during.map((s) => Number(s.head - s.cursor));
const creditLag = during.map((s) => Number(s.head - s.creditedThrough));
console.log(`B. watcher on, ${watchCpu.blocks} blocks of ${TRANSFERS} transfers (${ADDRESSES} addresses watched):`);
console.log(
  `   blocks behind the head, read (head − cursor, every 250 ms): median ${median(readLag)}, max ${Math.max(...readLag)}; by thirds of the run ${thirds(readLag).join(' → ')}`,
);
console.log(
  `   blocks behind the head, credited (head − last block whose deposits are all credited; 1 is on time with 2 confirmations): median ${median(creditLag)}, max ${Math.max(...creditLag)}; by thirds of the run ${thirds(creditLag).join(' → ')}; ${Number(watchTo - (lagSamples.find((s) => s.t >= watchAfter.at)?.creditedThrough ?? watchTo))} blocks uncredited when the producer stopped`,
);
const stepsDuring = steps.filter((step) => step.t0 >= watchBefore.at - 1000 && step.t0 <= watchAfter.at);
const perBlock = stepsDuring.flatMap((step) =>
  Array.from({ length: step.blocks }, () => (step.t1 - step.t0) / step.blocks),
);
const readPerBlock = stepsDuring.flatMap((step) =>
  Array.from({ length: step.blocks }, () => (step.takenIn - step.t0) / step.blocks),
);
console.log(
  `   per block (a step's time over the blocks it took in; a step reads its new blocks, then confirms and credits the blocks 2 deep): median ${ms(median(perBlock))}, p99 ${ms(percentile(perBlock, 99))}, max ${ms(Math.max(...perBlock))} over ${stepsDuring.length} steps (${(perBlock.length / Math.max(1, stepsDuring.length)).toFixed(2)} blocks per step); of which reading and recording: median ${ms(median(readPerBlock))}, p99 ${ms(percentile(readPerBlock, 99))}`,
);
console.log(
  `   block interval with the watcher: median ${ms(median(watchIntervals))}, max ${ms(Math.max(...watchIntervals))}; CPU per block: node ${ms(watchCpu.node)}, this process (watcher + producer) ${ms(watchCpu.own)}, PostgreSQL ${ms(watchCpu.postgres)}; total ${ms(watchCpu.node + watchCpu.own + watchCpu.postgres)} of the ${ms(os.cpus().length * watchCpu.wallMsPerBlock)} the ${os.cpus().length} cores give per block`,
);
if (stepErrors.length > 0)
  console.log(`   watcher step errors: ${stepErrors.length} (first: ${stepErrors[0]?.message})`);
if (sendErrors.length > 0)
  console.log(`   producer send errors: ${sendErrors.length} (first: ${sendErrors[0]?.message})`);

// Every transfer sent while the watcher ran: recorded and credited?
const watchedTxs = produced.filter((p) => p.after >= watchFrom);
let sent = 0;
const statuses = {};
for (const tx of watchedTxs) {
  sent += tx.count;
  for (const deposit of await repository.findDepositsByHash(db, 'local', tx.hash)) {
    statuses[deposit.status] = (statuses[deposit.status] ?? 0) + 1;
  }
}
console.log(
  `   transfers sent while watching: ${sent}; deposits recorded by status: ${JSON.stringify(statuses)}; credited ${statuses.credited ?? 0} (${(((statuses.credited ?? 0) / sent) * 100).toFixed(1)}%)`,
);
const creditedAtStop =
  during.length > 0 ? Number(lagSamples.find((s) => s.t >= watchAfter.at)?.creditedThrough ?? 0n) : 0;
const drainCredits = Math.max(0, Number(watchTo) - creditedAtStop) * TRANSFERS;
const drainCpuMs = drainAfter.own - watchAfter.own + (drainAfter.postgres - watchAfter.postgres);
console.log(
  `   drain after the producer stopped: ${drainSeconds.toFixed(1)} s for about ${drainCredits} credits (${(drainCredits / drainSeconds).toFixed(0)} credits/s); CPU per credit while draining (this process + PostgreSQL): ${drainCredits > 0 ? ((drainCpuMs / drainCredits) * 1000).toFixed(0) : '—'} µs, node ${((drainAfter.node - watchAfter.node) / drainSeconds).toFixed(0)} ms/s`,
);

// ---- C: the irreducible reading cost: getLogs of the same blocks -------------------------------------
const tokenAddresses = [node.tokens.USDT, node.tokens.USDC];
const readTimes = [];
const perBlockLogs = [];
for (let n = watchFrom + 1n; n <= watchTo; n += 1n) {
  const block = await client.getBlock({ blockNumber: n });
  const t0 = performance.now();
  const logs = await client.getLogs({ address: tokenAddresses, blockHash: block.hash });
  const transfers = parseEventLogs({ abi: erc20.erc20Abi, eventName: 'Transfer', logs, strict: true });
  readTimes.push(performance.now() - t0);
  perBlockLogs.push(transfers.length);
}
const fullBlocks = perBlockLogs.filter((count) => count > 0);
console.log(
  `C. baseline, raw viem getLogs + parse of the same ${readTimes.length} blocks: median ${ms(median(readTimes))}, p99 ${ms(percentile(readTimes, 99))}; Transfer events per block: median ${median(fullBlocks)}, min ${Math.min(...fullBlocks)}, max ${Math.max(...fullBlocks)}`,
);
console.log(
  `ratios: watcher per block / getLogs per block ${(median(perBlock) / median(readTimes)).toFixed(1)}× (reading and recording alone ${(median(readPerBlock) / median(readTimes)).toFixed(1)}×); watcher per block / block interval ${(median(perBlock) / BLOCK_MS).toFixed(2)}; block interval with / without the watcher ${(median(watchIntervals) / median(baseIntervals)).toFixed(2)}`,
);
const [firstThird, , lastThird] = thirds(creditLag);
const keptUp = lastThird <= Math.max(3, firstThird + 1);
console.log(
  `kept up at one block every ${BLOCK_MS} ms: ${keptUp ? 'yes (lag bounded)' : 'NO (lag grew over the run)'}`,
);

console.log(await ledgerAuditLine(ledger, db));
console.log(`load average at end ${loadAverage()}`);
await node.stop();
rmSync(dataDir, { recursive: true, force: true });
await db.destroy();
await scratch.drop();
