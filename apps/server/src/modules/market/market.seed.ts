import type { DbView } from '../../platform/db/database.js';
import { DEFAULT_LEVERAGE_CAPS, INSTRUMENT_CATALOGUE } from './catalogue/instruments.js';
import { upsertInstruments } from './market.repository.js';
import type { MarketTables } from './market.tables.js';

/** The instrument catalogue into the database (idempotent: known codes get fresh metadata). */
export function seedMarket(db: DbView<MarketTables>): Promise<void> {
  return upsertInstruments(db, INSTRUMENT_CATALOGUE, DEFAULT_LEVERAGE_CAPS);
}
