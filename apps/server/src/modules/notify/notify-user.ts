import { type NotificationParams, type NotificationTemplate, notificationParamsSchema } from '@openbourse/contracts';
import type { DbView } from '../../platform/db/database.js';
import { insertNotification, insertNotifications } from './notify.repository.js';
import type { NotifyTables } from './notify.tables.js';

export type NotifyInput<T extends NotificationTemplate = NotificationTemplate> = {
  userId: string;
  template: T;
  params: NotificationParams<T>;
};

/**
 * Tells a user something happened, inside the CALLER's transaction (the money movement's): a
 * rolled-back movement leaves no notification. Nothing is pushed here: the insert queues a
 * PostgreSQL NOTIFY that leaves with the commit, and the notify module's listener pushes the
 * notification to the user's sockets (and sends the e-mail copy) from there, so a caller cannot
 * push too early or forget to push. Parameters that do not fit the template are a programming
 * error: it throws, and the caller's transaction rolls back.
 */
export async function notifyUser<T extends NotificationTemplate>(
  trx: DbView<NotifyTables>,
  input: NotifyInput<T>,
): Promise<{ id: string }> {
  const id = await insertNotification(trx, checkedValues(input));
  return { id };
}

/** notifyUser for several notifications at once (one statement): a batch of credits, say. */
export async function notifyUsers<T extends NotificationTemplate>(
  trx: DbView<NotifyTables>,
  inputs: NotifyInput<T>[],
): Promise<void> {
  await insertNotifications(
    trx,
    inputs.map((input) => checkedValues(input)),
  );
}

function checkedValues<T extends NotificationTemplate>(input: NotifyInput<T>) {
  if (!/^[1-9][0-9]{0,17}$/.test(input.userId)) throw new Error(`notifyUser: bad user id ${input.userId}`);
  const parsed = notificationParamsSchema(input.template).safeParse(input.params);
  if (!parsed.success) {
    throw new Error(`notifyUser: parameters do not fit ${input.template}: ${parsed.error.message}`);
  }
  return { userId: input.userId, template: input.template, params: parsed.data };
}
