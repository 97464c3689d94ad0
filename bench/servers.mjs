// The servers bench/http-content.mjs, bench/identity.mjs and bench/market-list.mjs compare,
// each started in its own process.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { startPlatformOnScratch } from './scratch-database.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const kind = process.argv[2];

if (kind === 'hello') {
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.send?.({ port: app.server.address().port });
} else if (kind === 'static') {
  // Hello world answering a fixed JSON body of the given size from a prebuilt Buffer: what just
  // moving that many bytes per answer costs (bench/market-list.mjs's transfer ceiling).
  const size = Number(process.argv[3] ?? 32_768);
  const filler = 'x'.repeat(Math.max(0, size - 40));
  const body = Buffer.from(JSON.stringify({ code: 200, data: filler, msg: 'ok' }));
  const app = Fastify({ logger: false });
  app.get('/static', (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(body);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.send?.({ port: app.server.address().port });
} else if (kind === 'content' || kind === 'identity') {
  const { buildApp } = await import(path.join(root, 'apps/server/dist/app.js'));
  const { loadConfig } = await import(path.join(root, 'apps/server/dist/config.js'));
  const { createDatabase } = await import(path.join(root, 'apps/server/dist/platform/db/database.js'));
  const { migrate } = await import(path.join(root, 'apps/server/dist/platform/db/migrate.js'));
  const { provisionDatabase } = await import(path.join(root, 'apps/server/dist/platform/db/provision.js'));
  const { seedContent } = await import(path.join(root, 'apps/server/dist/modules/content/index.js'));
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'var/bench-pg'),
    EMBEDDED_PG_PORT: process.env.EMBEDDED_PG_PORT ?? '54332',
    RATE_LIMIT_PER_MINUTE: '100000000',
    // The identity bench measures sign-in itself; its per-route limits would stop it at 20/min.
    ...(kind === 'identity' ? { RATE_LIMIT_ENABLED: 'false' } : {}),
  });
  const database = await provisionDatabase(config, () => undefined);
  await migrate(database.connectionString);
  const db = createDatabase(database.connectionString);
  await seedContent(db);
  // The production logger setting would log every request at info; the bench measures the
  // request path, so it runs with logging off, as the hello-world route does.
  const app = await buildApp({ config, db, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = app.server.address().port;
  let credentials = null;
  if (kind === 'identity') {
    const repository = await import(path.join(root, 'apps/server/dist/modules/identity/identity.repository.js'));
    const { hashPassword } = await import(path.join(root, 'apps/server/dist/modules/identity/password.js'));
    const userName = `bench${Date.now().toString(36)}`;
    const password = 'Bench-Ledger-Password-1';
    await repository.insertUser(db, {
      user_name: userName,
      user_name_key: userName,
      email: `${userName}@example.test`,
      password_hash: await hashPassword(password),
      invite_code: `B${Date.now().toString(36).toUpperCase()}`.slice(0, 12),
      invited_by: null,
    });
    const login = await fetch(`http://127.0.0.1:${port}/swx/customer/login/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName, password }),
    });
    credentials = { userName, password, token: (await login.json()).data.token };
  }
  process.send?.({ port, credentials });
  process.on('SIGTERM', async () => {
    await app.close();
    await db.destroy();
    await database.embedded?.stop();
    process.exit(0);
  });
} else if (kind === 'market') {
  // GET /index/listMarketByType on a scratch database of DATABASE_URL's server (default: the
  // local postgres on 127.0.0.1:5432), dropped on SIGTERM. The sandbox feed with 100 minutes of
  // backfill gives every instrument a 100-point sparkline and keeps prices moving (one tick a
  // second, the default), as on a live home page.
  const platform = await startPlatformOnScratch('bench_market_list', {
    RATE_LIMIT_ENABLED: 'false',
    MARKET_FEED: 'sandbox',
    MARKET_SANDBOX_BACKFILL_MINUTES: '100',
  });
  await platform.app.listen({ host: '127.0.0.1', port: 0 });
  process.send?.({ port: platform.app.server.address().port });
  process.on('SIGTERM', async () => {
    await platform.close();
    process.exit(0);
  });
} else {
  throw new Error(`unknown server kind ${kind}`);
}
