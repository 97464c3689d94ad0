import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { SERVER_ROOT } from '../../config.js';

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'src/migrations');

// Arbitrary but fixed: every instance takes the same advisory lock before migrating, so two
// instances starting at once apply each migration exactly once.
const MIGRATION_LOCK_KEY = 727_100_001;

export type MigrationFile = { version: number; name: string; sql: string; checksum: string };

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const names = (await readdir(dir)).filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name)).sort();
  const files: MigrationFile[] = [];
  for (const name of names) {
    const sql = await readFile(path.join(dir, name), 'utf8');
    files.push({
      version: Number.parseInt(name.slice(0, 4), 10),
      name,
      sql,
      checksum: createHash('sha256').update(sql).digest('hex'),
    });
  }
  const versions = new Set(files.map((f) => f.version));
  if (versions.size !== files.length) throw new Error('Two migrations share a version number');
  return files;
}

export type MigrationResult = { applied: string[] };

/**
 * Applies pending forward-only migrations under a session advisory lock, each in its own
 * transaction. A changed file that was already applied stops start-up: migrations are
 * history, never edited.
 */
export async function migrate(connectionString: string, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  const files = await readMigrations(dir);
  const client = new pg.Client({ connectionString, application_name: 'openbourse-migrate' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      checksum TEXT NOT NULL,
      applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
    )`);
    const { rows } = await client.query<{ version: number; checksum: string; name: string }>(
      'SELECT version, checksum, name FROM schema_migrations',
    );
    const applied = new Map(rows.map((row) => [row.version, row]));
    const newlyApplied: string[] = [];
    for (const file of files) {
      const previous = applied.get(file.version);
      if (previous) {
        if (previous.checksum !== file.checksum) {
          throw new Error(`Migration ${file.name} was changed after it was applied (forward-only: add a new one)`);
        }
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(file.sql);
        await client.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
          file.version,
          file.name,
          file.checksum,
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${file.name} failed: ${(error as Error).message}`, { cause: error });
      }
      newlyApplied.push(file.name);
    }
    return { applied: newlyApplied };
  } finally {
    // The session ends just below, which releases the lock anyway; a failed unlock only says so.
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch((error: unknown) => {
      process.stderr.write(`[openbourse] migration lock release failed: ${(error as Error).message}\n`);
    });
    await client.end();
  }
}

/** True when every migration file is recorded as applied (used by /readyz). */
export async function isFullyMigrated(connectionString: string, dir = MIGRATIONS_DIR): Promise<boolean> {
  const files = await readMigrations(dir);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      `SELECT count(*)::text AS count FROM schema_migrations WHERE version = ANY($1::int[])`,
      [files.map((f) => f.version)],
    );
    return Number(rows[0]?.count ?? '0') === files.length;
  } finally {
    await client.end();
  }
}
