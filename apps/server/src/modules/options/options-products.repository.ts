import type { Book, OptionKind, OptionsExpirySchedule, OptionsExpiryStatus } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { DbView } from '../../platform/db/database.js';
import type { OptionsTables } from './options.tables.js';

/** The only SQL of options products, expiries and series (migration 0031). */

type Db = DbView<OptionsTables>;
type ProductRow = Selectable<OptionsTables['options_products']>;
type ExpiryRow = Selectable<OptionsTables['options_expiries']>;
type SeriesRow = Selectable<OptionsTables['options_series']>;

/** A NUMERIC as PostgreSQL wrote it, without trailing zeros. */
const plain = (value: string) => Decimal.parse(String(value)).toString();
const plainOrNull = (value: string | null) => (value === null ? null : plain(value));

/** A product's values as an operator sets them, canonical decimals. */
export type OptionsProductValues = {
  code: string;
  asset: string;
  schedules: OptionsExpirySchedule[];
  expiryMinuteOfDay: number;
  strikeStep: string;
  strikesEachSide: number;
  contractSize: string;
  callCapShare: string;
  spreadRate: string;
  minPremium: string;
  feeRate: string;
  rate: string;
  volatilityFloor: string;
  volatilityCap: string;
  volatilityWindowMinutes: number;
  volatilityLambda: string;
  seriesReserveLimit: string;
  maxContractsPerOrder: number;
  settlementWindowMinutes: number;
  salesCutoffMinutes: number;
};

export type OptionsProductRecord = OptionsProductValues & {
  id: string;
  enabled: boolean;
  version: number;
  seedKey: string | null;
  updatedAt: Date;
};

function productRecord(row: ProductRow): OptionsProductRecord {
  return {
    id: row.id,
    code: row.code,
    asset: row.asset,
    schedules: row.schedules,
    expiryMinuteOfDay: row.expiry_minute_of_day,
    strikeStep: plain(row.strike_step),
    strikesEachSide: row.strikes_each_side,
    contractSize: plain(row.contract_size),
    callCapShare: plain(row.call_cap_share),
    spreadRate: plain(row.spread_rate),
    minPremium: plain(row.min_premium),
    feeRate: plain(row.fee_rate),
    rate: plain(row.rate),
    volatilityFloor: plain(row.volatility_floor),
    volatilityCap: plain(row.volatility_cap),
    volatilityWindowMinutes: row.volatility_window_minutes,
    volatilityLambda: plain(row.volatility_lambda),
    seriesReserveLimit: plain(row.series_reserve_limit),
    maxContractsPerOrder: row.max_contracts_per_order,
    settlementWindowMinutes: row.settlement_window_minutes,
    salesCutoffMinutes: row.sales_cutoff_minutes,
    enabled: row.enabled,
    version: row.version,
    seedKey: row.seed_key,
    updatedAt: row.updated_at,
  };
}

function productColumns(values: OptionsProductValues) {
  return {
    code: values.code,
    asset: values.asset,
    schedules: values.schedules,
    expiry_minute_of_day: values.expiryMinuteOfDay,
    strike_step: values.strikeStep,
    strikes_each_side: values.strikesEachSide,
    contract_size: values.contractSize,
    call_cap_share: values.callCapShare,
    spread_rate: values.spreadRate,
    min_premium: values.minPremium,
    fee_rate: values.feeRate,
    rate: values.rate,
    volatility_floor: values.volatilityFloor,
    volatility_cap: values.volatilityCap,
    volatility_window_minutes: values.volatilityWindowMinutes,
    volatility_lambda: values.volatilityLambda,
    series_reserve_limit: values.seriesReserveLimit,
    max_contracts_per_order: values.maxContractsPerOrder,
    settlement_window_minutes: values.settlementWindowMinutes,
    sales_cutoff_minutes: values.salesCutoffMinutes,
  };
}

/** The new product, or null when a product on that underlying (or with that seed key) exists. */
export async function insertProduct(
  db: Db,
  values: OptionsProductValues,
  extra: { enabled: boolean; seedKey: string | null; at: Date },
): Promise<OptionsProductRecord | null> {
  const row = await db
    .insertInto('options_products')
    .values({
      ...productColumns(values),
      enabled: extra.enabled,
      seed_key: extra.seedKey,
      created_at: extra.at,
      updated_at: extra.at,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? productRecord(row) : null;
}

export async function findProduct(db: Db, id: string): Promise<OptionsProductRecord | null> {
  const row = await db.selectFrom('options_products').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? productRecord(row) : null;
}

export async function lockProduct(db: Db, id: string): Promise<OptionsProductRecord | null> {
  const row = await db.selectFrom('options_products').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row ? productRecord(row) : null;
}

export async function findProductByCode(db: Db, code: string): Promise<OptionsProductRecord | null> {
  const row = await db.selectFrom('options_products').selectAll().where('code', '=', code).executeTakeFirst();
  return row ? productRecord(row) : null;
}

export async function listProducts(db: Db, onlyEnabled: boolean): Promise<OptionsProductRecord[]> {
  let query = db.selectFrom('options_products').selectAll().orderBy('id');
  if (onlyEnabled) query = query.where('enabled', '=', true);
  return (await query.execute()).map(productRecord);
}

/** Writes the product's new values or state, one version on; the caller holds its lock. */
export async function updateProduct(
  db: Db,
  id: string,
  change: { values?: OptionsProductValues; enabled?: boolean; at: Date },
): Promise<OptionsProductRecord> {
  const row = await db
    .updateTable('options_products')
    .set({
      ...(change.values ? productColumns(change.values) : {}),
      ...(change.enabled === undefined ? {} : { enabled: change.enabled }),
      version: sql<number>`version + 1`,
      updated_at: change.at,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return productRecord(row);
}

// ——— Expiries ———

export type ExpiryRecord = {
  id: string;
  productId: string;
  code: string;
  asset: string;
  expiresAt: Date;
  salesCloseAt: Date;
  settlementWindowMinutes: number;
  listedSpot: string;
  listedSource: string;
  status: OptionsExpiryStatus;
  settlementPrice: string | null;
  settlementSource: string | null;
  awaitingReason: string | null;
  fixedAt: Date | null;
  settledAt: Date | null;
};

function expiryRecord(row: ExpiryRow): ExpiryRecord {
  return {
    id: row.id,
    productId: row.product_id,
    code: row.code,
    asset: row.asset,
    expiresAt: row.expires_at,
    salesCloseAt: row.sales_close_at,
    settlementWindowMinutes: row.settlement_window_minutes,
    listedSpot: plain(row.listed_spot),
    listedSource: row.listed_source,
    status: row.status,
    settlementPrice: plainOrNull(row.settlement_price),
    settlementSource: row.settlement_source,
    awaitingReason: row.awaiting_reason,
    fixedAt: row.fixed_at,
    settledAt: row.settled_at,
  };
}

/** The new expiry, or null when the product already lists one at that time (another instance did). */
export async function insertExpiry(
  db: Db,
  values: Insertable<OptionsTables['options_expiries']>,
): Promise<ExpiryRecord | null> {
  const row = await db
    .insertInto('options_expiries')
    .values(values)
    .onConflict((conflict) => conflict.columns(['product_id', 'expires_at']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? expiryRecord(row) : null;
}

export async function findExpiry(db: Db, id: string): Promise<ExpiryRecord | null> {
  const row = await db.selectFrom('options_expiries').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? expiryRecord(row) : null;
}

export async function lockExpiry(db: Db, id: string): Promise<ExpiryRecord | null> {
  const row = await db.selectFrom('options_expiries').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row ? expiryRecord(row) : null;
}

/** Whether the product lists an expiry at that time already. */
export async function hasExpiryAt(db: Db, productId: string, expiresAt: Date): Promise<boolean> {
  const row = await db
    .selectFrom('options_expiries')
    .select('id')
    .where('product_id', '=', productId)
    .where('expires_at', '=', expiresAt)
    .executeTakeFirst();
  return row !== undefined;
}

/** The product's expiries still on sale at `at`, soonest first. */
export async function expiriesOnSale(db: Db, productId: string, at: Date): Promise<ExpiryRecord[]> {
  const rows = await db
    .selectFrom('options_expiries')
    .selectAll()
    .where('product_id', '=', productId)
    .where('status', '=', 'listed')
    .where('sales_close_at', '>', at)
    .orderBy('expires_at')
    .execute();
  return rows.map(expiryRecord);
}

/** Expiries whose settlement is due: listed and expired before `expiredBy`, or being settled. */
export async function dueExpiries(db: Db, expiredBy: Date): Promise<ExpiryRecord[]> {
  const rows = await db
    .selectFrom('options_expiries')
    .selectAll()
    .where((eb) =>
      eb.or([eb.and([eb('status', '=', 'listed'), eb('expires_at', '<=', expiredBy)]), eb('status', '=', 'settling')]),
    )
    .orderBy('expires_at')
    .limit(100)
    .execute();
  return rows.map(expiryRecord);
}

export async function listExpiries(db: Db, status: OptionsExpiryStatus | undefined): Promise<ExpiryRecord[]> {
  let query = db
    .selectFrom('options_expiries')
    .selectAll()
    .orderBy('expires_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200);
  if (status) query = query.where('status', '=', status);
  return (await query.execute()).map(expiryRecord);
}

export async function updateExpiry(
  db: Db,
  id: string,
  change: Partial<
    Pick<
      OptionsTables['options_expiries'],
      'settlement_price' | 'settlement_source' | 'awaiting_reason' | 'fixed_at' | 'fixed_by' | 'settled_at'
    >
  > & { status: OptionsExpiryStatus },
): Promise<ExpiryRecord> {
  const row = await db
    .updateTable('options_expiries')
    .set(change)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return expiryRecord(row);
}

// ——— Series ———

export type SeriesRecord = {
  id: string;
  expiryId: string;
  type: OptionKind;
  strike: string;
  cap: string | null;
  contractSize: string;
  maxPayout: string;
};

function seriesRecord(row: SeriesRow): SeriesRecord {
  return {
    id: row.id,
    expiryId: row.expiry_id,
    type: row.type,
    strike: plain(row.strike),
    cap: plainOrNull(row.cap),
    contractSize: plain(row.contract_size),
    maxPayout: plain(row.max_payout),
  };
}

export async function insertSeries(db: Db, rows: Insertable<OptionsTables['options_series']>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('options_series').values(rows).execute();
}

/** The series of these expiries, by ascending strike, the call before the put. */
export async function seriesOf(db: Db, expiryIds: readonly string[]): Promise<SeriesRecord[]> {
  if (expiryIds.length === 0) return [];
  const rows = await db
    .selectFrom('options_series')
    .selectAll()
    .where('expiry_id', 'in', expiryIds)
    .orderBy('expiry_id')
    .orderBy('strike')
    .orderBy('type')
    .execute();
  return rows.map(seriesRecord);
}

export async function findSeries(db: Db, id: string): Promise<SeriesRecord | null> {
  const row = await db.selectFrom('options_series').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? seriesRecord(row) : null;
}

/** The series' row lock: purchases of one series are counted against its reserve limit one at a time. */
export async function lockSeries(db: Db, id: string): Promise<SeriesRecord | null> {
  const row = await db.selectFrom('options_series').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row ? seriesRecord(row) : null;
}

export async function countSeries(db: Db, expiryIds: readonly string[]): Promise<Map<string, number>> {
  if (expiryIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('options_series')
    .select(['expiry_id', sql<string>`count(*)::text`.as('n')])
    .where('expiry_id', 'in', expiryIds)
    .groupBy('expiry_id')
    .execute();
  return new Map(rows.map((row) => [row.expiry_id, Number.parseInt(row.n, 10)]));
}

// ——— What the open orders hold ———

/** Reserves of the open orders per series in a book. */
export async function reservedBySeries(
  db: Db,
  seriesIds: readonly string[],
  book: Book,
): Promise<Map<string, Decimal>> {
  if (seriesIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('options_orders')
    .select(['series_id', sql<string>`sum(reserve)::text`.as('total')])
    .where('series_id', 'in', seriesIds)
    .where('book', '=', book)
    .where('status', '=', 'open')
    .groupBy('series_id')
    .execute();
  return new Map(rows.map((row) => [row.series_id, Decimal.parse(row.total)]));
}

/** Open orders and the live reserves per expiry (the back office's view). */
export async function openByExpiry(
  db: Db,
  expiryIds: readonly string[],
): Promise<Map<string, { openOrders: number; reserved: Decimal }>> {
  if (expiryIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('options_orders')
    .select([
      'expiry_id',
      sql<string>`count(*)::text`.as('n'),
      sql<string>`coalesce(sum(reserve) filter (where book = 'live'), 0)::text`.as('reserved'),
    ])
    .where('expiry_id', 'in', expiryIds)
    .where('status', '=', 'open')
    .groupBy('expiry_id')
    .execute();
  return new Map(
    rows.map((row) => [
      row.expiry_id,
      { openOrders: Number.parseInt(row.n, 10), reserved: Decimal.parse(row.reserved) },
    ]),
  );
}

/** Live reserves of the open orders per product. */
export async function reservedByProduct(db: Db): Promise<Map<string, Decimal>> {
  const rows = await db
    .selectFrom('options_orders')
    .innerJoin('options_expiries', 'options_expiries.id', 'options_orders.expiry_id')
    .select(['options_expiries.product_id as productId', sql<string>`sum(options_orders.reserve)::text`.as('total')])
    .where('options_orders.status', '=', 'open')
    .where('options_orders.book', '=', 'live')
    .groupBy('options_expiries.product_id')
    .execute();
  return new Map(rows.map((row) => [row.productId, Decimal.parse(row.total)]));
}
