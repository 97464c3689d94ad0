import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';

/**
 * A module's view of the database: a connection or a transaction typed with only the tables it
 * may query. The full schema type is composed at the app level (`src/database.ts`); platform
 * code and each module see their own tables alone, so a query on another module's table does not
 * type-check. A wider view satisfies a narrower one, so a workflow that spans modules opens its
 * transaction on the union of the views it needs and hands each module's public face the same
 * transaction (Kysely's `Transaction<A & B>` is a `Transaction<B>`).
 */
export type DbView<Tables> = Kysely<Tables> | Transaction<Tables>;

// NUMERIC and BIGINT arrive as strings (exact); int8 ids of our own tables fit in a JS number
// only as long as they stay below 2^53, so money never travels through this parser.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

// Where each pool connects: a LISTEN needs a dedicated connection of its own (listener.ts).
const connectionStrings = new WeakMap<object, string>();

/** The connection string a database made by `createDatabase` connects with; undefined for any other. */
export function connectionStringOf(db: object): string | undefined {
  return connectionStrings.get(db);
}

/** A pooled connection typed with `Tables` (the app passes its composed schema type). */
export function createDatabase<Tables>(connectionString: string, options: { max?: number } = {}): Kysely<Tables> {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: 'openbourse',
  });
  // An idle client losing its connection (database restart, shutdown) must not crash the
  // process; the pool replaces it on the next query.
  pool.on('error', (error) => {
    process.stderr.write(`[openbourse] idle database connection lost: ${error.message}\n`);
  });
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  connectionStrings.set(db, connectionString);
  return db;
}
