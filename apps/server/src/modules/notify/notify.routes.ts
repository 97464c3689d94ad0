import { notifyRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { DbView } from '../../platform/db/database.js';
import { defineRoute } from '../../platform/http/route.js';
import { listUserNotifications } from './list-notifications.js';
import { markNotificationsRead } from './mark-read.js';
import { type NotifyRecipients, notificationSettings, updateNotificationSettings } from './notification-settings.js';
import type { NotifyTables } from './notify.tables.js';

/** The user's notification routes (issue 15), under the API prefix; per user, whatever the book. */
export async function notifyPlugin(
  app: FastifyInstance,
  options: { db: DbView<NotifyTables>; clock: Clock; recipients: NotifyRecipients },
): Promise<void> {
  const { db, clock, recipients } = options;
  defineRoute(app, notifyRoutes.getNotificationList, ({ body, caller }) => listUserNotifications(db, caller.id, body));
  defineRoute(app, notifyRoutes.markNotificationRead, ({ body, caller }) =>
    markNotificationsRead(db, clock, caller.id, body),
  );
  defineRoute(app, notifyRoutes.notificationSettings, ({ caller }) => notificationSettings(db, caller.id));
  defineRoute(app, notifyRoutes.updateNotificationSettings, ({ body, caller, request }) =>
    updateNotificationSettings(db, { clock, recipients }, caller.id, request.language, body),
  );
}
