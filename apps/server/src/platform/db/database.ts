import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { ContentTables } from '../../modules/content/content.tables.js';
import type { IdentityTables } from '../../modules/identity/identity.tables.js';
import type { LedgerTables } from '../../modules/ledger/ledger.tables.js';
import type { MarketTables } from '../../modules/market/market.tables.js';
import type { ReferralTables } from '../../modules/referral/referral.tables.js';
import type { TradingTables } from '../../modules/trading/trading.tables.js';
import type { PlatformTables } from './platform.tables.js';

// Every module's tables, composed. Each module declares its own in <module>.tables.ts
// and only its repository queries them.
export type Database = PlatformTables &
  ContentTables &
  IdentityTables &
  LedgerTables &
  MarketTables &
  TradingTables &
  ReferralTables;
export type Db = Kysely<Database>;

// NUMERIC and BIGINT arrive as strings (exact); int8 ids of our own tables fit in a JS number
// only as long as they stay below 2^53, so money never travels through this parser.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

export function createDatabase(connectionString: string, options: { max?: number } = {}): Db {
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
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
