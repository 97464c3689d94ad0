import type { TMarkNotificationReadRequest } from '@openbourse/contracts';
import type { Clock } from '../../platform/clock.js';
import type { DbView } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import { countUnread, markAllRead, markRead } from './notify.repository.js';
import type { NotifyTables } from './notify.tables.js';

/**
 * Marks one notification (`id`) or all of the user's unread ones read and answers how many stay
 * unread. An id that is not one of the user's answers 10188 whether it exists or not, so the
 * answer tells nothing about another user's notifications. Marking a read one again is no error.
 */
export async function markNotificationsRead(
  db: DbView<NotifyTables>,
  clock: Clock,
  userId: string,
  request: TMarkNotificationReadRequest,
): Promise<{ unread: number }> {
  const at = clock.now();
  if (request.id !== undefined) {
    if (!(await markRead(db, userId, request.id, at))) throw new AppError('NOTIFICATION_NOT_FOUND');
  } else {
    await markAllRead(db, userId, at);
  }
  return { unread: await countUnread(db, userId) };
}
