import { LANGUAGES, type Language, type SavingsPauseReason, type SavingsProductStatus } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { type Selectable, sql } from 'kysely';
import type { DbView } from '../../platform/db/database.js';
import type { SavingsTables } from './savings.tables.js';

/** The only SQL of the savings products (migration 0028). */

type Db = DbView<SavingsTables>;
type Row = Selectable<SavingsTables['savings_products']>;

/** A product's values as an operator sets them, canonical decimals. */
export type SavingsProductValues = {
  names: Record<Language, string>;
  asset: string;
  minAmount: string;
  maxAmount: string;
  periodDays: number;
  dailyRate: string;
  capacity: string;
  minLevel: number;
  penaltyRate: string;
};

export type SavingsProductRecord = SavingsProductValues & {
  id: string;
  status: SavingsProductStatus;
  pausedReason: SavingsPauseReason | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

const plain = (value: string) => Decimal.parse(String(value)).toString();

function namesOf(stored: Record<string, string>): Record<Language, string> {
  const names = {} as Record<Language, string>;
  for (const language of LANGUAGES) names[language] = stored[language] ?? stored.en ?? '';
  return names;
}

function toRecord(row: Row): SavingsProductRecord {
  return {
    id: row.id,
    names: namesOf(row.names),
    asset: row.asset,
    minAmount: plain(row.min_amount),
    maxAmount: plain(row.max_amount),
    periodDays: row.period_days,
    dailyRate: plain(row.daily_rate),
    capacity: plain(row.capacity),
    minLevel: row.min_level,
    penaltyRate: plain(row.penalty_rate),
    status: row.status,
    pausedReason: row.paused_reason,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const columns = (values: SavingsProductValues) => ({
  names: JSON.stringify(values.names),
  asset: values.asset,
  min_amount: values.minAmount,
  max_amount: values.maxAmount,
  period_days: values.periodDays,
  daily_rate: values.dailyRate,
  capacity: values.capacity,
  min_level: values.minLevel,
  penalty_rate: values.penaltyRate,
});

const isId = (id: string) => /^[1-9]\d{0,17}$/.test(id);

/** Every product, oldest first; `listedOnly`: those on sale and those the treasury paused (the public list). */
export async function listSavingsProducts(db: Db, options: { listedOnly: boolean }): Promise<SavingsProductRecord[]> {
  let query = db.selectFrom('savings_products').selectAll();
  if (options.listedOnly) {
    query = query.where((eb) => eb.or([eb('status', '=', 'on_sale'), eb('paused_reason', '=', 'treasury')]));
  }
  return (await query.orderBy('id').execute()).map(toRecord);
}

export async function findSavingsProduct(db: Db, id: string): Promise<SavingsProductRecord | undefined> {
  if (!isId(id)) return undefined;
  const row = await db.selectFrom('savings_products').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/**
 * One product, locked until the transaction ends: subscriptions of a product (their capacity and
 * duplicate checks) and operators' changes of it run one at a time.
 */
export async function lockSavingsProduct(db: Db, id: string): Promise<SavingsProductRecord | undefined> {
  if (!isId(id)) return undefined;
  const row = await db.selectFrom('savings_products').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function insertSavingsProduct(
  db: Db,
  input: {
    values: SavingsProductValues;
    status: SavingsProductStatus;
    pausedReason: SavingsPauseReason | null;
    seedKey: string | null;
    at: Date;
  },
): Promise<SavingsProductRecord | undefined> {
  const row = await db
    .insertInto('savings_products')
    .values({
      ...columns(input.values),
      status: input.status,
      paused_reason: input.pausedReason,
      seed_key: input.seedKey,
      created_at: input.at,
      updated_at: input.at,
    })
    .onConflict((conflict) => conflict.column('seed_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** Writes the values or the state and adds one to the version. */
export async function updateSavingsProductRow(
  db: Db,
  id: string,
  change: {
    values?: SavingsProductValues;
    state?: { status: SavingsProductStatus; pausedReason: SavingsPauseReason | null };
    at: Date;
  },
): Promise<SavingsProductRecord> {
  const row = await db
    .updateTable('savings_products')
    .set((eb) => ({
      ...(change.values ? columns(change.values) : {}),
      ...(change.state ? { status: change.state.status, paused_reason: change.state.pausedReason } : {}),
      version: eb('version', '+', 1),
      updated_at: change.at,
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/** The principal of the orders earning, per product (products without any: absent). */
export async function principalEarningByProduct(db: Db, productIds: readonly string[]): Promise<Map<string, Decimal>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('savings_orders')
    .select(['product_id', sql<string>`sum(principal)::text`.as('total')])
    .where('status', '=', 'earning')
    .where('product_id', 'in', [...productIds])
    .groupBy('product_id')
    .execute();
  return new Map(rows.map((row) => [row.product_id, Decimal.parse(row.total)]));
}
