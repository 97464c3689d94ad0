import type { Language, TNotificationSettings } from '@openbourse/contracts';
import type { Clock } from '../../platform/clock.js';
import type { DbView } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import { findPreferences, savePreferences } from './notify.repository.js';
import type { NotifyTables } from './notify.tables.js';

/** Where an e-mail copy goes: a port identity's service fills (its user profile has the address). */
export type NotifyRecipients = {
  userProfile(userId: string): Promise<{ email: string | null }>;
};

export async function notificationSettings(db: DbView<NotifyTables>, userId: string): Promise<TNotificationSettings> {
  return { email: (await findPreferences(db, userId)).emailEnabled };
}

/**
 * Turns the e-mail copy on or off. The request's language is kept with the setting: identity
 * stores no language, so e-mails are written in the one the user last saved their settings in.
 * Turning it on for an account without an e-mail address answers 10189.
 */
export async function updateNotificationSettings(
  db: DbView<NotifyTables>,
  deps: { clock: Clock; recipients: NotifyRecipients },
  userId: string,
  language: Language,
  change: TNotificationSettings,
): Promise<TNotificationSettings> {
  if (change.email && !(await deps.recipients.userProfile(userId)).email) {
    throw new AppError('NOTIFICATION_EMAIL_UNAVAILABLE');
  }
  await savePreferences(db, userId, { emailEnabled: change.email, language }, deps.clock.now());
  return { email: change.email };
}
