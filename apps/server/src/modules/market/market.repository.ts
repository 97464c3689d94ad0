import { Decimal } from '@openbourse/money';
import { sql } from 'kysely';
import type { DbView } from '../../platform/db/database.js';
import type { MarketTables } from './market.tables.js';
import type { AssetClass, InstrumentSeed, LogoSpec, TradingHoursKey } from './market.types.js';
import type { MinuteCandle } from './price-state.js';

type Db = DbView<MarketTables>;

/** The only SQL of the market module's own tables. */

export type InstrumentRow = Omit<MarketTables['market_instruments'], 'id' | 'enabled' | 'logo' | 'feed_symbols'> & {
  id: number;
  enabled: boolean;
  logo: LogoSpec;
  feed_symbols: { binance?: string };
  hours: TradingHoursKey;
  asset_class: AssetClass;
};

/**
 * Inserts new instruments and refreshes the metadata of known ones (by code). The operators'
 * settings of a known one (enabled, leverage cap, min and max lots; issue 14) are the database's:
 * the catalogue gives them only to a new instrument.
 */
export async function upsertInstruments(
  db: Db,
  seeds: readonly InstrumentSeed[],
  leverageCaps: Record<AssetClass, number>,
): Promise<void> {
  if (seeds.length === 0) return;
  await db
    .insertInto('market_instruments')
    .values(
      seeds.map((seed, index) => ({
        code: seed.code,
        type: seed.type,
        asset_class: seed.assetClass,
        name: seed.name,
        base_currency: seed.base,
        quote_currency: seed.quote,
        description: seed.description,
        tick_size: seed.tickSize,
        contract_size: seed.contractSize,
        min_lots: seed.minLots,
        max_lots: seed.maxLots,
        lot_step: seed.lotStep,
        leverage_cap: leverageCaps[seed.assetClass],
        hours: seed.hours,
        reference_price: seed.referencePrice,
        logo: JSON.stringify(seed.logo),
        feed_symbols: JSON.stringify(seed.feedSymbols ?? {}),
        sort_order: index,
      })),
    )
    .onConflict((conflict) =>
      conflict.column('code').doUpdateSet((eb) => ({
        type: eb.ref('excluded.type'),
        asset_class: eb.ref('excluded.asset_class'),
        name: eb.ref('excluded.name'),
        base_currency: eb.ref('excluded.base_currency'),
        quote_currency: eb.ref('excluded.quote_currency'),
        description: eb.ref('excluded.description'),
        tick_size: eb.ref('excluded.tick_size'),
        contract_size: eb.ref('excluded.contract_size'),
        lot_step: eb.ref('excluded.lot_step'),
        hours: eb.ref('excluded.hours'),
        reference_price: eb.ref('excluded.reference_price'),
        logo: eb.ref('excluded.logo'),
        feed_symbols: eb.ref('excluded.feed_symbols'),
        sort_order: eb.ref('excluded.sort_order'),
      })),
    )
    .execute();
}

/** Every instrument, enabled or not (a disabled one still prices and closes its open positions). */
export async function listInstruments(db: Db): Promise<InstrumentRow[]> {
  const rows = await db.selectFrom('market_instruments').selectAll().orderBy('sort_order').execute();
  return rows as InstrumentRow[];
}

export async function findInstrument(db: Db, code: string): Promise<InstrumentRow | undefined> {
  const row = await db.selectFrom('market_instruments').selectAll().where('code', '=', code).executeTakeFirst();
  return row as InstrumentRow | undefined;
}

/** The instrument's row, locked for an operator's change until the transaction ends. */
export async function lockInstrument(db: Db, code: string): Promise<InstrumentRow | undefined> {
  const row = await db
    .selectFrom('market_instruments')
    .selectAll()
    .where('code', '=', code)
    .forUpdate()
    .executeTakeFirst();
  return row as InstrumentRow | undefined;
}

export type InstrumentSettingsWrite = { enabled: boolean; leverage_cap: number; min_lots: string; max_lots: string };

export async function updateInstrumentSettings(db: Db, id: number, values: InstrumentSettingsWrite): Promise<void> {
  await db.updateTable('market_instruments').set(values).where('id', '=', id).execute();
}

export type CandleWrite = { instrumentId: number; source: string; candle: MinuteCandle };

/** Writes forming and finished minutes: a minute seen again replaces its earlier state. */
export async function upsertCandles(db: Db, writes: CandleWrite[]): Promise<void> {
  await insertCandleRows(db, writes, 'replace');
}

/** One multi-row INSERT of candles: eight array parameters, unnested into rows. */
async function insertCandleRows(db: Db, writes: CandleWrite[], onConflict: 'replace' | 'keep'): Promise<void> {
  if (writes.length === 0) return;
  const column = <T>(pick: (write: CandleWrite) => T) => writes.map(pick);
  const conflict =
    onConflict === 'keep'
      ? sql`DO NOTHING`
      : sql`DO UPDATE
      SET open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close,
          volume = excluded.volume`;
  await sql`
    INSERT INTO market_candles_1m (instrument_id, source, open_time, open, high, low, close, volume)
    SELECT * FROM unnest(${column((w) => w.instrumentId)}::int[], ${column((w) => w.source)}::text[],
                         ${column((w) => new Date(w.candle.openTime).toISOString())}::timestamptz[],
                         ${column((w) => w.candle.open)}::numeric[], ${column((w) => w.candle.high)}::numeric[],
                         ${column((w) => w.candle.low)}::numeric[], ${column((w) => w.candle.close)}::numeric[],
                         ${column((w) => w.candle.volume)}::numeric[])
    ON CONFLICT (instrument_id, source, open_time) ${conflict}`.execute(db);
}

type CandleRow = { open_time: Date; open: string; high: string; low: string; close: string; volume: string };
const toMinute = (row: CandleRow): MinuteCandle => ({
  openTime: row.open_time.getTime(),
  open: row.open,
  high: row.high,
  low: row.low,
  close: row.close,
  volume: row.volume,
});

/** Per instrument, the minutes within 24 hours of its latest candle from its bound source. */
export async function loadRecentMinutes(
  db: Db,
  bindings: Array<{ instrumentId: number; source: string }>,
): Promise<Map<number, MinuteCandle[]>> {
  const result = new Map<number, MinuteCandle[]>();
  if (bindings.length === 0) return result;
  // The time as epoch milliseconds, not a timestamptz: parsing 100,000 dates was a third of a
  // restart's restore (issue 13, fix 7).
  const rows = await sql<Omit<CandleRow, 'open_time'> & { instrument_id: number; open_ms: number }>`
    SELECT c.instrument_id, (extract(epoch FROM c.open_time) * 1000)::float8 AS open_ms, c.open::text, c.high::text, c.low::text, c.close::text, c.volume::text
      FROM unnest(${bindings.map((b) => b.instrumentId)}::int[], ${bindings.map((b) => b.source)}::text[]) AS b(id, source)
      CROSS JOIN LATERAL (
        SELECT max(open_time) AS latest FROM market_candles_1m WHERE instrument_id = b.id AND source = b.source
      ) AS l
      JOIN market_candles_1m c ON c.instrument_id = b.id AND c.source = b.source
                              AND c.open_time > l.latest - interval '24 hours'
     ORDER BY c.instrument_id, c.open_time`.execute(db);
  for (const row of rows.rows) {
    const list = result.get(row.instrument_id) ?? [];
    const { open, high, low, close, volume } = row;
    list.push({ openTime: row.open_ms, open, high, low, close, volume });
    result.set(row.instrument_id, list);
  }
  return result;
}

/** Of `instrumentIds`, those with any candle from `source` since `since` (one query for all). */
export async function findInstrumentsWithCandlesSince(
  db: Db,
  instrumentIds: readonly number[],
  source: string,
  since: Date,
): Promise<Set<number>> {
  if (instrumentIds.length === 0) return new Set();
  const { rows } = await sql<{ id: number }>`
    SELECT i.id
      FROM unnest(${[...instrumentIds]}::int[]) AS i(id)
     WHERE EXISTS (SELECT 1 FROM market_candles_1m c
                    WHERE c.instrument_id = i.id AND c.source = ${source} AND c.open_time >= ${since})`.execute(db);
  return new Set(rows.map((row) => row.id));
}

/**
 * Writes many finished minutes at once (the sandbox's simulated past): `rowsPerStatement` rows
 * per INSERT … SELECT FROM unnest, all in one transaction, so the history appears whole or not
 * at all. A minute already stored is kept: what a feed really sent is never overwritten.
 */
export async function insertMissingCandles(db: Db, writes: CandleWrite[], rowsPerStatement: number): Promise<void> {
  if (writes.length === 0) return;
  const write = async (tx: Db) => {
    for (let start = 0; start < writes.length; start += rowsPerStatement) {
      await insertCandleRows(tx, writes.slice(start, start + rowsPerStatement), 'keep');
    }
  };
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
}

/**
 * Candles of `intervalMs`, aggregated on read from the minutes: open = the first minute's
 * open, close = the last minute's close, high/low the extremes, volume the sum. Buckets are
 * aligned to the Unix epoch (so days start at 00:00 UTC).
 */
export async function aggregateCandles(
  db: Db,
  query: { instrumentId: number; source: string; intervalMs: number; from: Date; to: Date },
): Promise<MinuteCandle[]> {
  const seconds = Math.round(query.intervalMs / 1000);
  const rows = await sql<CandleRow>`
    SELECT date_bin(make_interval(secs => ${seconds}), open_time, TIMESTAMPTZ '1970-01-01 00:00:00+00') AS open_time,
           (array_agg(open ORDER BY open_time))[1]::text AS open,
           max(high)::text AS high,
           min(low)::text AS low,
           (array_agg(close ORDER BY open_time DESC))[1]::text AS close,
           sum(volume)::text AS volume
      FROM market_candles_1m
     WHERE instrument_id = ${query.instrumentId} AND source = ${query.source}
       AND open_time >= ${query.from} AND open_time < ${query.to}
     GROUP BY 1
     ORDER BY 1`.execute(db);
  return rows.rows.map(toMinute);
}

export async function maxFeeRate(db: Db): Promise<string> {
  const row = await db
    .selectFrom('market_fee_schedule')
    .select((eb) => eb.fn.max('rate').as('rate'))
    .executeTakeFirst();
  return row?.rate ? String(row.rate) : '0';
}

export async function listWatchlist(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('market_watchlist')
    .select('instrument_id')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('instrument_id')
    .execute();
  return rows.map((row) => row.instrument_id);
}

export async function addToWatchlist(db: Db, userId: string, instrumentId: number, limit: number): Promise<boolean> {
  // The count and the insert in one statement: two concurrent adds cannot pass the limit twice
  // by much, and an instrument already listed stays where it was.
  const result = await sql`
    INSERT INTO market_watchlist (user_id, instrument_id)
    SELECT ${userId}, ${instrumentId}
     WHERE (SELECT count(*) FROM market_watchlist WHERE user_id = ${userId}) < ${limit}
    ON CONFLICT DO NOTHING`.execute(db);
  if (Number(result.numAffectedRows ?? 0) > 0) return true;
  const existing = await db
    .selectFrom('market_watchlist')
    .select('instrument_id')
    .where('user_id', '=', userId)
    .where('instrument_id', '=', instrumentId)
    .executeTakeFirst();
  return existing !== undefined;
}

export async function removeFromWatchlist(db: Db, userId: string, instrumentId: number): Promise<void> {
  await db
    .deleteFrom('market_watchlist')
    .where('user_id', '=', userId)
    .where('instrument_id', '=', instrumentId)
    .execute();
}

/** The fee schedule: rate per asset class (a ratio of notional). */
/** One class's fee rate, locked for an operator's change (undefined: the class has no row yet). */
export async function lockFeeRate(db: Db, assetClass: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('market_fee_schedule')
    .select('rate')
    .where('asset_class', '=', assetClass)
    .forUpdate()
    .executeTakeFirst();
  return row ? Decimal.parse(String(row.rate)).toString() : undefined;
}

export async function writeFeeRate(db: Db, assetClass: string, rate: string): Promise<void> {
  await db
    .insertInto('market_fee_schedule')
    .values({ asset_class: assetClass, rate })
    .onConflict((conflict) => conflict.column('asset_class').doUpdateSet({ rate }))
    .execute();
}

export async function listFeeRates(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('market_fee_schedule').select(['asset_class', 'rate']).execute();
  // NUMERIC(12, 10) arrives as "0.0010000000"; the wire carries the plain decimal "0.001".
  return new Map(rows.map((row) => [row.asset_class, Decimal.parse(String(row.rate)).toString()]));
}

/**
 * A session-level advisory lock on one pooled connection (the feed lock: "the market feeds run
 * here"); true when taken. It is held until `releaseAdvisoryLock` on the same connection.
 */
export async function tryAdvisoryLock(connection: Db, key: number): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`SELECT pg_try_advisory_lock(${key}) AS ok`.execute(connection);
  return rows[0]?.ok === true;
}

export async function releaseAdvisoryLock(connection: Db, key: number): Promise<void> {
  await sql`SELECT pg_advisory_unlock(${key})`.execute(connection);
}

/** A trading-hours closure as stored (issue 14). */
export type HoursClosureRow = Omit<MarketTables['market_hours_closures'], 'id' | 'created_at'> & {
  id: string;
  created_at: Date;
};

/** The closures standing at `now` (not lifted, not over): one instrument's, or every one's. */
export function listStandingClosures(
  db: Db,
  now: Date,
  instrumentId?: number,
): Promise<Array<Pick<HoursClosureRow, 'instrument_id' | 'starts_at' | 'ends_at'>>> {
  let query = db
    .selectFrom('market_hours_closures')
    .select(['instrument_id', 'starts_at', 'ends_at'])
    .where('cancelled_at', 'is', null)
    .where('ends_at', '>', now);
  if (instrumentId !== undefined) query = query.where('instrument_id', '=', instrumentId);
  return query.execute();
}

/** An instrument's closures, newest first: every standing one and the last `history` lifted or ended ones. */
export async function listClosures(
  db: Db,
  instrumentId: number,
  now: Date,
  history: number,
): Promise<HoursClosureRow[]> {
  const rows = await db
    .selectFrom('market_hours_closures')
    .selectAll()
    .where('instrument_id', '=', instrumentId)
    .where((where) =>
      where.or([
        where.and([where('cancelled_at', 'is', null), where('ends_at', '>', now)]),
        where('id', 'in', (sub) =>
          sub
            .selectFrom('market_hours_closures')
            .select('id')
            .where('instrument_id', '=', instrumentId)
            .where((inner) => inner.or([inner('cancelled_at', 'is not', null), inner('ends_at', '<=', now)]))
            .orderBy('id', 'desc')
            .limit(history),
        ),
      ]),
    )
    .orderBy('id', 'desc')
    .execute();
  return rows as HoursClosureRow[];
}

export async function insertClosure(
  db: Db,
  values: { instrumentId: number; startsAt: Date; endsAt: Date; reason: string; createdBy: string },
): Promise<HoursClosureRow> {
  const row = await db
    .insertInto('market_hours_closures')
    .values({
      instrument_id: values.instrumentId,
      starts_at: values.startsAt,
      ends_at: values.endsAt,
      reason: values.reason,
      created_by: values.createdBy,
      cancelled_at: null,
      cancelled_by: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as HoursClosureRow;
}

/** The instrument's closure with this id, locked until the transaction ends; none for another instrument's. */
export async function lockClosure(db: Db, instrumentId: number, id: string): Promise<HoursClosureRow | undefined> {
  const row = await db
    .selectFrom('market_hours_closures')
    .selectAll()
    .where('id', '=', id)
    .where('instrument_id', '=', instrumentId)
    .forUpdate()
    .executeTakeFirst();
  return row as HoursClosureRow | undefined;
}

export async function markClosureLifted(db: Db, id: string, operatorId: string): Promise<HoursClosureRow> {
  const row = await db
    .updateTable('market_hours_closures')
    .set({ cancelled_at: sql<Date>`now()`, cancelled_by: operatorId })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as HoursClosureRow;
}
