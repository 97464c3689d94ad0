import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createAppDatabase as createDatabase, type Db } from '../database.js';

export type TestDatabase = { url: string; db: Db; drop: () => Promise<void> };

/**
 * A fresh database on the test server, dropped by `drop()`: empty, or with `migrated` every
 * migration applied (a copy of the run's migrated template, global-setup.ts).
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `ob_test_${randomBytes(6).toString('hex')}`;
  const template = options.migrated ? ` TEMPLATE ${inject('migratedTemplate')}` : '';
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}${template}`));
  const url = withDatabase(adminUrl, name);
  const db = createDatabase(url, { max: 5 });
  return {
    url,
    db,
    drop: async () => {
      await db.destroy();
      await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

function withDatabase(connectionString: string, database: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(connectionString: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
