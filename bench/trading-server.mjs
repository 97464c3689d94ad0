// The trading server bench/trading-open.mjs measures, in its own process: the whole platform on
// a scratch database of DATABASE_URL's server (default: the local postgres), the sandbox feed
// moving prices, and USERS funded users with sessions (their tokens go to the parent).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPlatformOnScratch } from './scratch-database.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const users = Number(process.argv[2] ?? 50);
const { insertUser } = await import(path.join(root, 'apps/server/dist/modules/identity/identity.repository.js'));
const ledger = await import(path.join(root, 'apps/server/dist/modules/ledger/index.js'));

const platform = await startPlatformOnScratch(
  'bench_trading_open',
  { RATE_LIMIT_ENABLED: 'false', MARKET_FEED: 'sandbox', MARKET_SANDBOX_BACKFILL_MINUTES: '0' },
  { max: 20 },
);
const { app, db } = platform;
const tokens = [];
for (let i = 0; i < users; i += 1) {
  const user = await insertUser(db, {
    user_name: `trader${i}`,
    user_name_key: `trader${i}`,
    email: `trader${i}@bench.invalid`,
    password_hash: null,
    invite_code: `BENCH${i}`,
    invited_by: null,
    roles: ['user'],
  });
  await db.transaction().execute((trx) =>
    ledger.transfer(trx, {
      book: 'live',
      asset: 'USDT',
      from: { kind: 'treasury' },
      to: { kind: 'available', userId: user.id },
      amount: 10n ** 15n,
      reason: 'deposit',
      idempotencyKey: `bench-deposit:${i}`,
    }),
  );
  tokens.push((await app.services.identity.startSession(user, 'live', { userAgent: null })).token);
}
await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ port: app.server.address().port, tokens });
process.on('SIGTERM', async () => {
  await platform.close();
  process.exit(0);
});
