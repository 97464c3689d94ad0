// Starts the built platform for the browser journeys on its own port and its own, freshly
// created database: on DATABASE_URL's server when set (CI), else an embedded PostgreSQL under
// var/e2e-pg. Playwright starts this and stops it when the run ends.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '8091';
const env = {
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000',
};

if (process.env.DATABASE_URL) {
  const database = 'openbourse_e2e';
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${database}`);
  await client.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${database}`;
  env.DATABASE_URL = url.toString();
} else {
  env.DATA_DIR = path.join(root, 'var/e2e-pg');
  env.EMBEDDED_PG_PORT = process.env.E2E_EMBEDDED_PG_PORT ?? '54331';
}

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], { env, stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
