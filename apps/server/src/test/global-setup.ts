import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../config.js';
import { type EmbeddedServer, startEmbeddedPostgres } from '../platform/db/embedded.js';
import { migrate } from '../platform/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection string with rights to create databases; each test file makes its own. */
    adminDatabaseUrl: string;
    /** A database this run migrated once, which `createTestDatabase({ migrated: true })` copies. */
    migratedTemplate: string;
  }
}

let embedded: EmbeddedServer | null = null;
let template: { adminUrl: string; name: string } | null = null;

/**
 * Integration tests run on real PostgreSQL: DATABASE_URL's server when set (CI), else an
 * embedded one under var/test-pg, so `npm test` also passes on a fresh laptop.
 */
export async function setup(project: TestProject): Promise<void> {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({
      dir: path.join(REPO_ROOT, 'var/test-pg'),
      port: Number(process.env.TEST_EMBEDDED_PG_PORT ?? 54330),
    });
    adminUrl = embedded.connectionString('postgres');
  }
  project.provide('adminDatabaseUrl', adminUrl);
  // The migrations run once per run, here, into a template; each test app's database is a copy
  // of it (about 0.1 s, where migrating a new database takes 1 to 2 s). Named for this run, so
  // runs sharing a server never meet; migrate.int.test.ts still migrates empty databases.
  const name = `ob_template_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  template = { adminUrl, name };
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await migrate(url.toString());
  project.provide('migratedTemplate', name);
}

export async function teardown(): Promise<void> {
  if (template) {
    const { adminUrl, name } = template;
    await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
  await embedded?.stop();
}

async function withAdmin(connectionString: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
