import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../config.js';
import { type EmbeddedServer, startEmbeddedPostgres } from '../platform/db/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection string with rights to create databases; each test file makes its own. */
    adminDatabaseUrl: string;
  }
}

let embedded: EmbeddedServer | null = null;

/**
 * Integration tests run on real PostgreSQL: DATABASE_URL's server when set (CI), else an
 * embedded one under var/test-pg, so `npm test` also passes on a fresh laptop.
 */
export async function setup(project: TestProject): Promise<void> {
  const fromEnv = process.env.DATABASE_URL;
  if (fromEnv) {
    project.provide('adminDatabaseUrl', fromEnv);
    return;
  }
  embedded = await startEmbeddedPostgres({
    dir: path.join(REPO_ROOT, 'var/test-pg'),
    port: Number(process.env.TEST_EMBEDDED_PG_PORT ?? 54330),
  });
  project.provide('adminDatabaseUrl', embedded.connectionString('postgres'));
}

export async function teardown(): Promise<void> {
  await embedded?.stop();
}
