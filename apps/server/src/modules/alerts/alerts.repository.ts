import type { AlertDirection, AlertStatus } from '@openbourse/contracts';
import { sql } from 'kysely';
import type { DbView } from '../../platform/db/database.js';
import type { AlertsTables } from './alerts.tables.js';

type Db = DbView<AlertsTables>;

/** The only SQL of the alerts module's table. */

export type AlertRow = {
  id: string;
  user_id: string;
  code: string;
  direction: AlertDirection;
  price: string;
  status: AlertStatus;
  created_at: Date;
  fired_at: Date | null;
  fired_price: string | null;
};

// pg advisory lock namespace: "one create at a time per user" (the active-alert limit).
const CREATE_LOCK_NAMESPACE = 5_050_522;

/** Serialises a user's creates until the transaction ends, so the limit holds under concurrency. */
export async function lockUserAlerts(db: Db, userId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${CREATE_LOCK_NAMESPACE}, (${userId}::bigint % 2147483647)::int)`.execute(db);
}

export async function countActiveAlerts(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('alerts_price_alerts')
    .select(sql<string>`count(*)`.as('count'))
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertAlert(
  db: Db,
  values: { userId: string; code: string; direction: AlertDirection; price: string; createdAt: Date },
): Promise<AlertRow> {
  return db
    .insertInto('alerts_price_alerts')
    .values({
      user_id: values.userId,
      code: values.code,
      direction: values.direction,
      price: values.price,
      created_at: values.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user's alerts: the active ones, then the fired ones, newest first within each. */
export async function listAlerts(db: Db, userId: string, limit: number): Promise<AlertRow[]> {
  return db
    .selectFrom('alerts_price_alerts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy(sql`status = 'active'`, 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function findAlert(db: Db, id: string): Promise<AlertRow | undefined> {
  return db.selectFrom('alerts_price_alerts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listActiveAlerts(db: Db): Promise<AlertRow[]> {
  return db.selectFrom('alerts_price_alerts').selectAll().where('status', '=', 'active').orderBy('id').execute();
}

/** Deletes one of the user's alerts; false when the user has none with this id. */
export async function deleteAlert(db: Db, userId: string, id: string): Promise<boolean> {
  const row = await db
    .deleteFrom('alerts_price_alerts')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Fires an alert if it is still active: the one conditional UPDATE that makes firing happen once
 * whoever tries (two instances, a retry). Answers the fired row, or undefined when it was not
 * active any more (fired already, or deleted).
 */
export async function markFired(db: Db, id: string, fired: { at: Date; price: string }): Promise<AlertRow | undefined> {
  return db
    .updateTable('alerts_price_alerts')
    .set({ status: 'fired', fired_at: fired.at, fired_price: fired.price })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .returningAll()
    .executeTakeFirst();
}
