import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every table the migrations create is declared by exactly one owner: a module's
// <module>.tables.ts or the platform's platform.tables.ts (issue 12: a module owns its tables,
// and its repository sees only those).
const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/src');

function tablesCreatedByMigrations() {
  const dir = path.join(SERVER_SRC, 'migrations');
  const names = new Set();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.sql'))) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    for (const match of text.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_0-9]+)/gi)) names.add(match[1]);
  }
  return names;
}

/** owner → the table names its tables type declares (the top-level keys of the type). */
function declaredTables() {
  const owners = new Map();
  const read = (owner, file) => {
    const text = readFileSync(file, 'utf8');
    owners.set(
      owner,
      [...text.matchAll(/^ {2}([a-z_0-9]+): \{/gm)].map((match) => match[1]),
    );
  };
  for (const module of readdirSync(path.join(SERVER_SRC, 'modules'))) {
    const file = path.join(SERVER_SRC, 'modules', module, `${module}.tables.ts`);
    try {
      read(`modules/${module}`, file);
    } catch {
      // a module without tables
    }
  }
  read('platform', path.join(SERVER_SRC, 'platform/db/platform.tables.ts'));
  return owners;
}

describe('table ownership', () => {
  it('gives every table the migrations create exactly one owner, and declares no table they do not create', () => {
    const created = tablesCreatedByMigrations();
    const owners = declaredTables();
    const ownersOf = new Map();
    for (const [owner, tables] of owners) {
      for (const table of tables) ownersOf.set(table, [...(ownersOf.get(table) ?? []), owner]);
    }
    const unowned = [...created].filter((table) => !ownersOf.has(table));
    const shared = [...ownersOf]
      .filter(([, list]) => list.length > 1)
      .map(([table, list]) => `${table}: ${list.join(', ')}`);
    const phantom = [...ownersOf.keys()].filter((table) => !created.has(table) && table !== 'schema_migrations');
    expect({ unowned, shared, phantom }).toEqual({ unowned: [], shared: [], phantom: [] });
    // The walk found the modules' declarations (a broken pattern would find none and pass).
    expect(owners.get('modules/trading')).toEqual(['trading_positions', 'trading_exposures']);
    expect(created.size).toBeGreaterThan(20);
  });
});
