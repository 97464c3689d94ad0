// Ledger throughput against pgbench's TPC-B on the same PostgreSQL, in one run (issue 4).
// 1. pgbench -i -s 10, then pgbench -c 8 -j 2 -T <seconds> (TPC-B: itself a bank transfer).
// 2. The ledger: 8 concurrent producers over 10,000 user accounts plus the hot treasury
//    account, each submitting batches of transfers for <seconds>, in one of two modes:
//    --mode queue (default): through the ledger's single-writer queue, which merges the
//      producers' batches into one database transaction at a time;
//    --mode direct: each producer commits its own batches (transferBatch in its transaction).
// Reports transfers/s, the ratio to pgbench tps, p50/p99 latency per transfer (its batch's
// commit time), and runs the audit afterwards.
// Usage: node bench/ledger.mjs [--seconds 30] [--batch 50] [--producers 8] [--mode queue|direct]
// Needs `npx tsc -b` and pgbench on PATH; uses DATABASE_URL's server (default: the local
// postgres on 127.0.0.1:5432) and creates two scratch databases there, dropped at the end.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from './scratch-database.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const seconds = option('seconds', 30);
const batchSize = option('batch', 50);
const producers = option('producers', 8);
const modeIndex = args.indexOf('--mode');
const mode = modeIndex >= 0 ? args[modeIndex + 1] : 'queue';
if (mode !== 'queue' && mode !== 'direct') throw new Error('--mode is queue or direct');
const USERS = 10_000;

// 1. pgbench
const pgbenchDatabase = await createScratchDatabase('bench_pgbench');
const pgbenchUrl = pgbenchDatabase.url;
execFileSync('pgbench', ['-i', '-s', '10', '-q', pgbenchUrl], { stdio: 'ignore' });
const pgbenchOut = execFileSync('pgbench', ['-c', '8', '-j', '2', '-T', String(seconds), pgbenchUrl]).toString();
const tps = Number(/tps = ([\d.]+)/.exec(pgbenchOut)?.[1] ?? Number.NaN);
console.log(`pgbench TPC-B (scale 10, 8 clients, 2 threads, ${seconds} s): ${tps.toFixed(0)} tps`);

// 2. the ledger
const { createDatabase } = await import(path.join(root, 'apps/server/dist/platform/db/database.js'));
const { migrate } = await import(path.join(root, 'apps/server/dist/platform/db/migrate.js'));
const ledger = await import(path.join(root, 'apps/server/dist/modules/ledger/index.js'));
const ledgerDatabase = await createScratchDatabase('bench_ledger');
const ledgerUrl = ledgerDatabase.url;
await migrate(ledgerUrl);
const db = createDatabase(ledgerUrl, { max: producers + 2 });
const userId = (n) => String(100_000 + n);
for (let start = 0; start < USERS; start += 1000) {
  await db.transaction().execute((trx) =>
    ledger.transferBatch(
      trx,
      Array.from({ length: 1000 }, (_, i) => ({
        book: 'live',
        asset: 'USDT',
        from: { kind: 'treasury' },
        to: { kind: 'available', userId: userId(start + i) },
        amount: 1_000_000_000n,
        reason: 'deposit',
        idempotencyKey: `seed:${start + i}`,
      })),
    ),
  );
}

const queue = ledger.createTransferQueue(db);
const commit = (batch) =>
  mode === 'queue' ? queue.submit(batch) : db.transaction().execute((trx) => ledger.transferBatch(trx, batch));

let seed = 7;
const random = (n) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed % n;
};
const latencies = [];
let transfers = 0;
const deadline = Date.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: producers }, async (_, producer) => {
    let counter = 0;
    while (Date.now() < deadline) {
      const batch = Array.from({ length: batchSize }, () => {
        counter += 1;
        const a = { kind: 'available', userId: userId(random(USERS)) };
        const b = { kind: 'available', userId: userId(random(USERS)) };
        const shape = random(10);
        // A third of the transfers touch the hot treasury account.
        const from = shape < 3 ? { kind: 'treasury' } : a;
        const to = shape >= 3 && shape < 6 ? { kind: 'treasury' } : a === from ? b : a;
        return {
          book: 'live',
          asset: 'USDT',
          from,
          to: from === to || (from.userId && from.userId === to.userId) ? { kind: 'fees' } : to,
          amount: BigInt(1 + random(100)),
          reason: 'adjustment',
          operator: { id: '1', reason: 'bench' },
          idempotencyKey: `p${producer}:${counter}`,
        };
      });
      const started = performance.now();
      await commit(batch);
      const elapsed = performance.now() - started;
      for (let i = 0; i < batch.length; i += 1) latencies.push(elapsed);
      transfers += batch.length;
    }
  }),
);
const rate = transfers / seconds;
latencies.sort((x, y) => x - y);
const percentile = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
console.log(
  `ledger: ${transfers} transfers in ${seconds} s = ${rate.toFixed(0)} transfers/s (${producers} producers, batches of ${batchSize}, ${mode} mode, ${USERS} users + treasury)`,
);
console.log(
  `latency per transfer (its batch's commit): p50 ${percentile(50).toFixed(1)} ms, p99 ${percentile(99).toFixed(1)} ms`,
);
console.log(`ratio to pgbench: ${(rate / tps).toFixed(2)} (target ≥ 3.0)`);
const findings = await ledger.auditLedger(db);
console.log(
  findings.length === 0 ? 'ledger audit: every invariant holds' : `ledger audit: ${findings.length} findings`,
);
await db.destroy();
await Promise.all([pgbenchDatabase.drop(), ledgerDatabase.drop()]);
