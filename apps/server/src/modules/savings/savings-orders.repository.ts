import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { DbView } from '../../platform/db/database.js';
import type { SavingsTables } from './savings.tables.js';

/** The only SQL of the savings orders and the failed subscription attempts (migration 0028). */

type Db = DbView<SavingsTables>;

export type SavingsOrderRow = Selectable<SavingsTables['savings_orders']>;

const isId = (id: string) => /^[1-9]\d{0,17}$/.test(id);

export async function insertSavingsOrder(
  db: Db,
  values: Insertable<SavingsTables['savings_orders']>,
): Promise<SavingsOrderRow> {
  return db.insertInto('savings_orders').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The order, locked until the transaction ends: every change of an order starts here. */
export async function lockSavingsOrder(db: Db, id: string): Promise<SavingsOrderRow | undefined> {
  if (!isId(id)) return undefined;
  return db.selectFrom('savings_orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateSavingsOrder(
  db: Db,
  id: string,
  patch: Updateable<SavingsTables['savings_orders']>,
): Promise<SavingsOrderRow> {
  return db.updateTable('savings_orders').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The user's order of the product still earning, if any (SPEC §5: never two at once). */
export async function findEarningOrder(
  db: Db,
  userId: string,
  productId: string,
): Promise<SavingsOrderRow | undefined> {
  return db
    .selectFrom('savings_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('status', '=', 'earning')
    .executeTakeFirst();
}

export async function listUserSavingsOrders(db: Db, userId: string, limit: number): Promise<SavingsOrderRow[]> {
  return db
    .selectFrom('savings_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Orders earning (ids only, oldest first): the accrual job's worklist. */
export async function earningOrderIds(db: Db, limit: number, afterId: string | null): Promise<string[]> {
  let query = db.selectFrom('savings_orders').select('id').where('status', '=', 'earning');
  if (afterId !== null) query = query.where('id', '>', afterId);
  const rows = await query.orderBy('id').limit(limit).execute();
  return rows.map((row) => row.id);
}

/** How many subscriptions of the product failed for the user on the UTC day. */
export async function failedAttemptsOn(db: Db, userId: string, productId: string, day: string): Promise<number> {
  const row = await db
    .selectFrom('savings_failed_attempts')
    .select('failures')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('day', '=', day)
    .executeTakeFirst();
  return row?.failures ?? 0;
}

/** Counts one more failed subscription of the product for the user on the UTC day. */
export async function addFailedAttempt(
  db: Db,
  input: { userId: string; productId: string; day: string; code: number; at: Date },
): Promise<void> {
  await db
    .insertInto('savings_failed_attempts')
    .values({
      user_id: input.userId,
      product_id: input.productId,
      day: input.day,
      failures: 1,
      last_code: input.code,
      updated_at: input.at,
    })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'product_id', 'day']).doUpdateSet({
        failures: sql`savings_failed_attempts.failures + 1`,
        last_code: input.code,
        updated_at: input.at,
      }),
    )
    .execute();
}
