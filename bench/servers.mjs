// The two servers bench/http-content.mjs compares, each started in its own process.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const kind = process.argv[2];

if (kind === 'hello') {
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.send?.({ port: app.server.address().port });
} else if (kind === 'content') {
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
  });
  const database = await provisionDatabase(config, () => undefined);
  await migrate(database.connectionString);
  const db = createDatabase(database.connectionString);
  await seedContent(db);
  // The production logger setting would log every request at info; the bench measures the
  // request path, so it runs with logging off, as the hello-world route does.
  const app = await buildApp({ config, db, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.send?.({ port: app.server.address().port });
  process.on('SIGTERM', async () => {
    await app.close();
    await db.destroy();
    await database.embedded?.stop();
    process.exit(0);
  });
} else {
  throw new Error(`unknown server kind ${kind}`);
}
