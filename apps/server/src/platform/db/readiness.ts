import { sql } from 'kysely';
import type { DbView } from './database.js';
import { readMigrations } from './migrate.js';
import type { PlatformTables } from './platform.tables.js';

/** Ready when the database answers and every migration file is applied. */
export function createDatabaseReadiness(db: DbView<PlatformTables>): () => Promise<boolean> {
  let versions: number[] | null = null;
  return async () => {
    versions ??= (await readMigrations()).map((file) => file.version);
    const result = await sql<{ applied: number }>`
      SELECT count(*)::int AS applied FROM schema_migrations WHERE version = ANY(${versions})`.execute(db);
    return result.rows[0]?.applied === versions.length;
  };
}

/** Whether the database answers a query now (the back office's health figure). */
export async function pingDatabase(db: DbView<PlatformTables>): Promise<boolean> {
  const result = await sql<{ ok: number }>`SELECT 1 AS ok`.execute(db);
  return result.rows[0]?.ok === 1;
}
