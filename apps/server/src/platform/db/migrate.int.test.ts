import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { isFullyMigrated, migrate, readMigrations } from './migrate.js';

describe('migrations on real PostgreSQL', () => {
  let database: TestDatabase | null = null;
  afterEach(async () => {
    await database?.drop();
    database = null;
  });

  it('builds the schema from an empty database and records each migration once', async () => {
    database = await createTestDatabase();
    const files = await readMigrations();
    const first = await migrate(database.url);
    expect(first.applied).toEqual(files.map((f) => f.name));
    const second = await migrate(database.url);
    expect(second.applied).toEqual([]);
    expect(await isFullyMigrated(database.url)).toBe(true);
    const tables = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`.execute(database.db);
    expect(tables.rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(['schema_migrations', 'content_items', 'content_translations', 'params', 'settings']),
    );
  });

  it('lets two instances race at start without applying anything twice', async () => {
    database = await createTestDatabase();
    const url = database.url;
    const results = await Promise.all([migrate(url), migrate(url), migrate(url)]);
    const appliedByAll = results.flatMap((result) => result.applied);
    const files = await readMigrations();
    // Exactly one of the racers applied each file; the others found it done.
    expect(appliedByAll.sort()).toEqual(files.map((f) => f.name).sort());
    const rows = await sql<{ count: number }>`SELECT count(*)::int AS count FROM schema_migrations`.execute(
      database.db,
    );
    expect(rows.rows[0]?.count).toBe(files.length);
  });

  it('refuses to start when an applied migration was edited afterwards', async () => {
    database = await createTestDatabase();
    const dir = await mkdtemp(path.join(tmpdir(), 'ob-migrations-'));
    await writeFile(path.join(dir, '0001_first.sql'), 'CREATE TABLE first_table (id INT);');
    await migrate(database.url, dir);
    await writeFile(path.join(dir, '0001_first.sql'), 'CREATE TABLE first_table (id BIGINT);');
    await expect(migrate(database.url, dir)).rejects.toThrow(/changed after it was applied/);
  });

  it('rolls a failing migration back whole and reports it', async () => {
    database = await createTestDatabase();
    const dir = await mkdtemp(path.join(tmpdir(), 'ob-migrations-'));
    await writeFile(path.join(dir, '0001_good.sql'), 'CREATE TABLE good_table (id INT);');
    await writeFile(path.join(dir, '0002_bad.sql'), 'CREATE TABLE half_table (id INT); SELECT * FROM missing_table;');
    await expect(migrate(database.url, dir)).rejects.toThrow(/0002_bad.sql failed/);
    const tables = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`.execute(database.db);
    const names = tables.rows.map((row) => row.table_name);
    expect(names).toContain('good_table');
    expect(names).not.toContain('half_table');
  });
});
