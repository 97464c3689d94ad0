// Deposit credit latency after the confirming block (issue 15; goal: under 2 s p99). The whole
// platform as `npm start` runs it in a sandbox: worker role (its own lock connection), the
// sandbox chain node started by the app after it listens (CHAIN_LOCAL_BLOCK_MS 1000, a block per
// transaction as well), CONFIRMATIONS_LOCAL 2, the chain watcher, sweeper and withdrawal signer
// as singletons. --users users get their deposit address through the API (GET
// /user/depositAddress); a depositor wallet (Hardhat dev account #1, funded through the node's
// mint) then sends --deposits single USDT transfers of 120–619 USDT to random ones of them, one
// every 100–500 ms. For each deposit in block b the confirming block is b + 1 (2 confirmations);
// this process polls eth_blockNumber every 20 ms and notes when each block appeared, and
// measures until the credit:
//   - the deposit row's credited time (the crediting transaction's clock read, just before its
//     commit), and
//   - the moment this process first saw the row credited (polled every 20 ms: commit visible).
// Baseline in the same run: a single ledger transfer (treasury → a user, one transaction),
// timed once after each deposit is sent — the credit's own irreducible database work.
// Usage: node bench/deposit-latency.mjs [--users 50] [--deposits 200]
// Needs `npx tsc -b`; a scratch database on DATABASE_URL's server (default: the local postgres)
// and a temporary DATA_DIR, both removed at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createPublicClient, createWalletClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ledgerAuditLine, loadAverage, machineLine, median, numberOption, percentile, sleep } from './http-load.mjs';
import { startPlatformOnScratch } from './scratch-database.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (file) => import(pathToFileURL(path.join(root, 'apps/server/dist', file)).href);
const USERS = numberOption('users', 50);
const DEPOSITS = numberOption('deposits', 200);
const CONFIRMATIONS = 2;
/** Hardhat's dev account #1 (mnemonic "test test … junk"): publicly known, funded with ETH. */
const DEPOSITOR_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : '—');
const stats = (values) =>
  `median ${ms(median(values))}, p99 ${ms(percentile(values, 99))}, max ${ms(Math.max(...values))} (n = ${values.length})`;

const [{ insertUser }, repository, ledger, artifact] = await Promise.all([
  dist('modules/identity/identity.repository.js'),
  dist('modules/payments/deposits.repository.js'),
  dist('modules/ledger/index.js'),
  dist('platform/chain/test-token.artifact.js'),
]);

console.log(machineLine());
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-deposit-latency-'));
const platform = await startPlatformOnScratch(
  'bench_deposit_latency',
  {
    DATA_DIR: dataDir,
    DEPLOYMENT_MODE: 'sandbox',
    SERVER_ROLE: 'all',
    CHAIN_LOCAL_NODE: 'true',
    CHAIN_LOCAL_BLOCK_MS: '1000',
    CONFIRMATIONS_LOCAL: String(CONFIRMATIONS),
    RATE_LIMIT_ENABLED: 'false',
    MARKET_SANDBOX_BACKFILL_MINUTES: '0',
  },
  {},
  { worker: true },
);
const { app, db } = platform;
await app.listen({ host: '127.0.0.1', port: 0 });
let started = performance.now();
await app.services.chain.ready();
const node = app.services.chain.localNode();
if (!node) throw new Error('the app started no local chain node');
console.log(`the app's sandbox chain is up after ${((performance.now() - started) / 1000).toFixed(1)} s`);

// Users and their deposit addresses, through the API.
const users = [];
for (let i = 0; i < USERS; i += 1) {
  const user = await insertUser(db, {
    user_name: `latency${i}`,
    user_name_key: `latency${i}`,
    email: `latency${i}@bench.invalid`,
    password_hash: null,
    invite_code: `LAT${i}`,
    invited_by: null,
    roles: ['user'],
  });
  const { token } = await app.services.identity.startSession(user, 'live', { userAgent: null });
  const answer = await app.inject({
    method: 'GET',
    url: '/swx/customer/user/depositAddress?asset=USDT&network=local',
    headers: { authorization: token },
  });
  const address = answer.json()?.data?.address;
  if (!address) throw new Error(`no deposit address: ${answer.body}`);
  users.push({ id: user.id, address });
}

const chain = { id: 31_337, name: 'Sandbox chain', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } };
const client = createPublicClient({
  chain: { ...chain, rpcUrls: { default: { http: [node.rpcUrl] } } },
  transport: http(node.rpcUrl),
});
const depositor = privateKeyToAccount(DEPOSITOR_KEY);
const wallet = createWalletClient({
  chain: { ...chain, rpcUrls: { default: { http: [node.rpcUrl] } } },
  transport: http(node.rpcUrl),
  account: depositor,
});
await node.mint('USDT', depositor.address, 10n ** 15n);

/** Block number → Date.now() when this process first saw it (eth_blockNumber every 20 ms). */
const blockSeen = new Map();
let head = await client.getBlockNumber({ cacheTime: 0 });
let polling = true;
const poller = (async () => {
  while (polling) {
    const number = await client.getBlockNumber({ cacheTime: 0 }).catch(() => head);
    if (number > head) {
      const now = Date.now();
      for (let n = head + 1n; n <= number; n += 1n) blockSeen.set(n, now);
      head = number;
    }
    await sleep(20);
  }
})();

// The deposits, one every 100–500 ms; each one's receipt, then its credit watched.
let seed = 5;
const random = (n) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed % n;
};
let nonce = await client.getTransactionCount({ address: depositor.address, blockTag: 'pending' });
const deposits = []; // { hash, block, seenCredited }
const baseline = [];
const watchers = [];
started = performance.now();
for (let i = 0; i < DEPOSITS; i += 1) {
  const to = users[random(users.length)].address;
  const hash = await wallet.writeContract({
    address: node.tokens.USDT,
    abi: artifact.testTokenAbi,
    functionName: 'transfer',
    args: [to, BigInt(120 + random(500)) * 1_000_000n],
    nonce: nonce++,
    gas: 100_000n,
  });
  const entry = { hash, block: null, seenCredited: null };
  deposits.push(entry);
  watchers.push(
    (async () => {
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
      if (receipt.status !== 'success') throw new Error(`deposit ${hash} reverted`);
      entry.block = receipt.blockNumber;
      const deadline = Date.now() + 60_000;
      // Poll for the commit only once the confirming block is there (a few deposits at a time).
      while (!blockSeen.has(entry.block + BigInt(CONFIRMATIONS - 1)) && Date.now() < deadline) await sleep(20);
      while (Date.now() < deadline) {
        const [row] = await repository.findDepositsByHash(db, 'local', hash);
        if (row?.status === 'credited') {
          entry.seenCredited = Date.now();
          return;
        }
        await sleep(20);
      }
    })(),
  );
  // Baseline: one ledger transfer in its own transaction, now, beside the same load.
  const t0 = performance.now();
  await db.transaction().execute((trx) =>
    ledger.transfer(trx, {
      book: 'live',
      asset: 'USDT',
      from: { kind: 'treasury' },
      to: { kind: 'available', userId: users[i % users.length].id },
      amount: 1_000_000n,
      reason: 'deposit',
      idempotencyKey: `bench-latency-baseline:${i}`,
    }),
  );
  baseline.push(performance.now() - t0);
  await sleep(100 + random(400));
}
await Promise.all(watchers);
const sendSeconds = (performance.now() - started) / 1000;
polling = false;
await poller;

const fromRow = [];
const fromPoll = [];
const blockToBlock = [];
let missing = 0;
for (const entry of deposits) {
  const [row] = await repository.findDepositsByHash(db, 'local', entry.hash);
  const confirming = blockSeen.get(entry.block + BigInt(CONFIRMATIONS - 1));
  if (!row?.creditedAt || confirming === undefined || entry.seenCredited === null) {
    missing += 1;
    continue;
  }
  fromRow.push(row.creditedAt.getTime() - confirming);
  fromPoll.push(entry.seenCredited - confirming);
  const included = blockSeen.get(entry.block);
  if (included !== undefined) blockToBlock.push(confirming - included);
}
console.log(
  `${DEPOSITS} deposits to ${USERS} users over ${sendSeconds.toFixed(0)} s; ${deposits.length - missing} credited and timed, ${missing} not`,
);
console.log(`credit after the confirming block appeared (the row's credited time): ${stats(fromRow)}`);
console.log(`credit seen committed (polled every 20 ms) after the confirming block: ${stats(fromPoll)}`);
console.log(`(the confirming block came after the deposit's own block: ${stats(blockToBlock)})`);
console.log(`baseline, one ledger transfer committed in its own transaction: ${stats(baseline)}`);
console.log(
  `ratio credit / ledger transfer (medians): ${(median(fromPoll) / median(baseline)).toFixed(1)}×; goal p99 < 2000 ms: ${percentile(fromPoll, 99) < 2000 ? 'met' : 'NOT met'}`,
);
console.log(await ledgerAuditLine(ledger, db));
console.log(`load average at end ${loadAverage()}`);
await platform.close();
rmSync(dataDir, { recursive: true, force: true });
