// Scratch databases for the benchmarks, on DATABASE_URL's server (default: the local postgres on
// 127.0.0.1:5432). Each is created fresh (one left over from an interrupted run is dropped
// first) and dropped by `drop()`.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

export const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates the database `name` afresh; returns its URL and a function that drops it. */
export async function createScratchDatabase(name) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const drop = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await drop();
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop };
}

/**
 * The whole platform (the server build: run `npx tsc -b` first) on a fresh scratch database:
 * migrated, instruments seeded, logging off. `env` adds settings to process.env's. With
 * `worker: true` the app gets the connection string its worker role needs (singleton locks,
 * listeners), as `npm start` gives it. `close()` stops it and drops the database.
 */
export async function startPlatformOnScratch(name, env = {}, pool = {}, { worker = false } = {}) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dist = (file) => import(pathToFileURL(path.join(root, 'apps/server/dist', file)).href);
  const [{ buildApp }, { loadConfig }, { createDatabase }, { migrate }, { seedMarket }] = await Promise.all([
    dist('app.js'),
    dist('config.js'),
    dist('platform/db/database.js'),
    dist('platform/db/migrate.js'),
    dist('modules/market/index.js'),
  ]);
  const scratch = await createScratchDatabase(name);
  await migrate(scratch.url);
  const db = createDatabase(scratch.url, pool);
  await seedMarket(db);
  const config = loadConfig({ ...process.env, DATABASE_URL: scratch.url, LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, db, logger: false, ...(worker ? { connectionString: scratch.url } : {}) });
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.destroy();
      await scratch.drop();
    },
  };
}
