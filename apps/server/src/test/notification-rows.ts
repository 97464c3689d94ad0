import type { Kysely } from 'kysely';

/** How many notifications of a template a user has (the notify module's rows, read directly). */
export async function notificationCount(db: Kysely<never>, userId: string, template: string): Promise<number> {
  const rows = await db
    .selectFrom('notify_notifications' as never)
    .selectAll()
    .where('user_id' as never, '=', userId as never)
    .where('template' as never, '=', template as never)
    .execute();
  return rows.length;
}
