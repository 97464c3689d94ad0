import type { Language, TSocketServerMessage } from '@openbourse/contracts';
import type { DbView } from '../../platform/db/database.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { UserGateway } from '../../platform/realtime/realtime.js';
import { notificationMail } from './notification-mail.js';
import type { NotifyRecipients } from './notification-settings.js';
import { toWire } from './notification-wire.js';
import {
  claimPendingEmail,
  findNotification,
  findPreferences,
  pendingEmailIds,
  settleEmail,
} from './notify.repository.js';
import type { NotifyTables } from './notify.tables.js';

type Log = { warn(obj: object, msg?: string): void };

export type DeliveryDeps = {
  db: DbView<NotifyTables>;
  realtime: UserGateway;
  mailer: Mailer;
  recipients: NotifyRecipients;
  defaultLanguage: Language;
  log: Log;
};

/**
 * What happens once a notification's transaction committed (the listener heard its NOTIFY): the
 * user's sockets get it through the realtime gateway, and its e-mail copy, when one was asked
 * for, is sent. Runs on the one instance holding the listener lock; `pushToUser` reaches the
 * user's sockets on every instance through the cluster bus.
 */
export async function deliverNotification(deps: DeliveryDeps, id: string): Promise<void> {
  const row = await findNotification(deps.db, id);
  if (!row) return;
  const message: TSocketServerMessage = { op: 'notification', data: toWire(row) };
  deps.realtime.pushToUser(String(row.user_id), message);
  if (row.email_status === 'pending') await sendEmailCopy(deps, id);
}

/**
 * Sends one pending e-mail copy, once: the row is claimed first, so the listener and the
 * catch-up sweep never both send it. A user without an address is 'skipped'; a transport
 * failure is logged and left 'failed' (the notification itself is in the list either way).
 */
export async function sendEmailCopy(deps: DeliveryDeps, id: string): Promise<void> {
  const row = await claimPendingEmail(deps.db, id);
  if (!row) return;
  try {
    const userId = String(row.user_id);
    const [profile, preferences] = await Promise.all([
      deps.recipients.userProfile(userId),
      findPreferences(deps.db, userId),
    ]);
    if (!profile.email) {
      await settleEmail(deps.db, id, 'skipped');
      return;
    }
    await deps.mailer.send(notificationMail(profile.email, preferences.language ?? deps.defaultLanguage, row));
  } catch (error) {
    deps.log.warn(
      { err: error instanceof Error ? error.message : String(error), notification: id },
      'could not send a notification e-mail',
    );
    await settleEmail(deps.db, id, 'failed');
  }
}

/** E-mail copies committed while no instance listened (a failover): sent by the new listener. */
export async function sendPendingEmails(deps: DeliveryDeps): Promise<void> {
  for (;;) {
    const ids = await pendingEmailIds(deps.db, 100);
    for (const id of ids) await sendEmailCopy(deps, id);
    if (ids.length < 100) return;
  }
}
