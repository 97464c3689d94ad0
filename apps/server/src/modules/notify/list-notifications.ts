import {
  NOTIFICATION_PAGE_SIZE,
  type TNotificationListRequest,
  type TNotificationListResponse,
} from '@openbourse/contracts';
import type { DbView } from '../../platform/db/database.js';
import { toWire } from './notification-wire.js';
import { countNotifications, listNotifications } from './notify.repository.js';
import type { NotifyTables } from './notify.tables.js';

/** The user's notifications, newest first (per user: the live and the demo book list the same). */
export async function listUserNotifications(
  db: DbView<NotifyTables>,
  userId: string,
  request: TNotificationListRequest,
): Promise<TNotificationListResponse> {
  const page = request.page ?? 1;
  const size = request.size ?? NOTIFICATION_PAGE_SIZE;
  const unreadOnly = request.unreadOnly === true;
  const [rows, counts] = await Promise.all([
    listNotifications(db, { userId, unreadOnly, limit: size, offset: (page - 1) * size }),
    countNotifications(db, userId),
  ]);
  return {
    items: rows.map(toWire),
    total: unreadOnly ? counts.unread : counts.total,
    page,
    size,
    unread: counts.unread,
  };
}
