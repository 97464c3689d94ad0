import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { PlansView } from './plans.context.js';
import type { PlansTables } from './plans.tables.js';

/** The plans' SQL: orders, their equity samples, the failed purchase attempts. */

export type PlanOrderRow = Selectable<PlansTables['plans_orders']>;

export function insertOrder(db: PlansView, row: Insertable<PlansTables['plans_orders']>): Promise<PlanOrderRow> {
  return db.insertInto('plans_orders').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findOrder(db: PlansView, id: string): Promise<PlanOrderRow | null> {
  return (await db.selectFrom('plans_orders').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function lockOrder(db: PlansView, id: string): Promise<PlanOrderRow | null> {
  return (await db.selectFrom('plans_orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()) ?? null;
}

export async function findOrderByKey(db: PlansView, userId: string, key: string): Promise<PlanOrderRow | null> {
  return (
    (await db
      .selectFrom('plans_orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst()) ?? null
  );
}

export function updateOrder(
  db: PlansView,
  id: string,
  changes: Updateable<PlansTables['plans_orders']>,
): Promise<PlanOrderRow> {
  return db.updateTable('plans_orders').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export function userOrders(db: PlansView, userId: string, limit: number): Promise<PlanOrderRow[]> {
  return db
    .selectFrom('plans_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function runningOrders(db: PlansView): Promise<PlanOrderRow[]> {
  return db.selectFrom('plans_orders').selectAll().where('status', '=', 'running').orderBy('id').execute();
}

export async function holdsRunning(db: PlansView, userId: string, productId: string): Promise<boolean> {
  const row = await db
    .selectFrom('plans_orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return row !== undefined;
}

/** Records the plan's equity at a time (once per time: a repeated sample keeps the first). */
export async function sampleEquity(db: PlansView, orderId: string, at: Date, equity: bigint): Promise<void> {
  await db
    .insertInto('plans_equity')
    .values({ order_id: orderId, at, equity: equity.toString() })
    .onConflict((conflict) => conflict.columns(['order_id', 'at']).doNothing())
    .execute();
}

/** A plan's equity samples, at most `points` of them evenly spread (the first and last kept). */
export async function equityCurve(
  db: PlansView,
  orderId: string,
  points: number,
): Promise<Array<{ at: Date; equity: string }>> {
  const rows = await sql<{ at: Date; equity: string }>`
    WITH numbered AS (
      SELECT at, equity::text AS equity, row_number() OVER (ORDER BY at) - 1 AS n, count(*) OVER () AS total
        FROM plans_equity WHERE order_id = ${orderId})
    SELECT at, equity FROM numbered
     WHERE total <= ${points} OR n = total - 1 OR n % ceil(total::numeric / ${points - 1})::bigint = 0
     ORDER BY at`.execute(db);
  return rows.rows;
}

/** Failed purchase attempts of a product by a user on a UTC day. */
export async function failuresOn(db: PlansView, userId: string, productId: string, day: string): Promise<number> {
  const row = await db
    .selectFrom('plans_purchase_failures')
    .select('failures')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('day', '=', day)
    .executeTakeFirst();
  return row?.failures ?? 0;
}

export async function countFailure(db: PlansView, userId: string, productId: string, day: string): Promise<void> {
  await sql`
    INSERT INTO plans_purchase_failures (user_id, product_id, day, failures) VALUES (${userId}, ${productId}, ${day}, 1)
    ON CONFLICT (user_id, product_id, day) DO UPDATE SET failures = plans_purchase_failures.failures + 1`.execute(db);
}
