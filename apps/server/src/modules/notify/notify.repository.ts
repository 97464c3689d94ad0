import type { Language, NotificationTemplate } from '@openbourse/contracts';
import { sql } from 'kysely';
import type { DbView } from '../../platform/db/database.js';
import type { EmailStatus, NotifyTables } from './notify.tables.js';

type Db = DbView<NotifyTables>;

/** The only SQL of the notify module's tables. */

/** PostgreSQL delivers a NOTIFY on this channel only when the inserting transaction commits. */
export const NOTIFY_CHANNEL = 'notify_created';

export type NotificationRow = {
  id: string;
  user_id: string;
  template: NotificationTemplate;
  params: Record<string, string>;
  read_at: Date | null;
  email_status: EmailStatus | null;
  created_at: Date;
};

type NotificationValues = { userId: string; template: NotificationTemplate; params: Record<string, string> };

/**
 * Inserts a notification and, in the same statement, queues `pg_notify(NOTIFY_CHANNEL, id)`:
 * the notice leaves with the commit of the caller's transaction and never without it. The e-mail
 * copy is asked for ('pending') when the user's setting is on at that moment.
 */
export async function insertNotification(db: Db, values: NotificationValues): Promise<string> {
  const [id] = await insertNotifications(db, [values]);
  if (id === undefined) throw new Error('notification insert returned no row');
  return id;
}

/**
 * Several notifications in one statement (column arrays through unnest: three parameters
 * whatever the count), each with its own pg_notify, as insertNotification. Answers the new ids.
 */
export async function insertNotifications(db: Db, values: NotificationValues[]): Promise<string[]> {
  if (values.length === 0) return [];
  const userIds = values.map((value) => value.userId);
  const templates = values.map((value) => value.template);
  const params = values.map((value) => JSON.stringify(value.params));
  const { rows } = await sql<{ id: string }>`
    WITH inserted AS (
      INSERT INTO notify_notifications (user_id, template, params, email_status)
      SELECT v.user_id, v.template, v.params,
        CASE WHEN EXISTS (
          SELECT 1 FROM notify_preferences p WHERE p.user_id = v.user_id AND p.email_enabled
        ) THEN 'pending' END
      FROM unnest(${userIds}::bigint[], ${templates}::text[], ${params}::jsonb[]) AS v(user_id, template, params)
      RETURNING id
    )
    SELECT id, pg_notify(${NOTIFY_CHANNEL}, id::text) FROM inserted`.execute(db);
  return rows.map((row) => String(row.id));
}

export async function findNotification(db: Db, id: string): Promise<NotificationRow | undefined> {
  return db.selectFrom('notify_notifications').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listNotifications(
  db: Db,
  query: { userId: string; unreadOnly: boolean; limit: number; offset: number },
): Promise<NotificationRow[]> {
  let select = db.selectFrom('notify_notifications').selectAll().where('user_id', '=', query.userId);
  if (query.unreadOnly) select = select.where('read_at', 'is', null);
  return select.orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute();
}

export async function countNotifications(db: Db, userId: string): Promise<{ total: number; unread: number }> {
  const row = await db
    .selectFrom('notify_notifications')
    .select([sql<string>`count(*)`.as('total'), sql<string>`count(*) FILTER (WHERE read_at IS NULL)`.as('unread')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), unread: Number(row.unread) };
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notify_notifications')
    .select(sql<string>`count(*)`.as('unread'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

/** Marks one of the user's notifications read; false when the user has none with this id. */
export async function markRead(db: Db, userId: string, id: string, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('notify_notifications')
    .set({ read_at: sql<Date>`coalesce(read_at, ${at})` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function markAllRead(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .updateTable('notify_notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

export type Preferences = { emailEnabled: boolean; language: Language | null };

export async function findPreferences(db: Db, userId: string): Promise<Preferences> {
  const row = await db
    .selectFrom('notify_preferences')
    .select(['email_enabled', 'language'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { emailEnabled: row?.email_enabled ?? false, language: row?.language ?? null };
}

export async function savePreferences(db: Db, userId: string, values: Preferences, at: Date): Promise<void> {
  await db
    .insertInto('notify_preferences')
    .values({ user_id: userId, email_enabled: values.emailEnabled, language: values.language, updated_at: at })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ email_enabled: values.emailEnabled, language: values.language, updated_at: at }),
    )
    .execute();
}

/**
 * Takes a pending e-mail for sending: only one caller gets the row (the listener and the
 * catch-up sweep may both try), which is then marked with its outcome by `settleEmail`.
 */
export async function claimPendingEmail(db: Db, id: string): Promise<NotificationRow | undefined> {
  return db
    .updateTable('notify_notifications')
    .set({ email_status: 'sent' })
    .where('id', '=', id)
    .where('email_status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

export async function settleEmail(db: Db, id: string, status: EmailStatus): Promise<void> {
  await db.updateTable('notify_notifications').set({ email_status: status }).where('id', '=', id).execute();
}

/** Committed notifications whose e-mail is still to be sent (a listener was down when they committed). */
export async function pendingEmailIds(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('notify_notifications')
    .select('id')
    .where('email_status', '=', 'pending')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => String(row.id));
}
