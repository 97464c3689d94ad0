import {
  fillPlaceholders,
  type Language,
  NOTIFICATION_TEXTS,
  type NotificationTemplate,
  notificationNetworkName,
  notificationReason,
} from '@openbourse/contracts';
import type { OutgoingMail } from '../../platform/mail/mailer.js';

/**
 * The e-mail copy of a notification, in the user's language: the same title and text the web
 * shows (contracts' notify.texts.ts), with the values as stored (exact decimal strings, the whole
 * transaction hash), and a last line saying why it came and where to turn it off.
 */
export function notificationMail(
  to: string,
  language: Language,
  notification: { template: NotificationTemplate; params: Record<string, string> },
): OutgoingMail {
  const texts = NOTIFICATION_TEXTS[language];
  const template = texts.templates[notification.template];
  const params: Record<string, string> = { ...notification.params };
  if (params.network !== undefined) params.network = notificationNetworkName(params.network, texts);
  if (params.direction !== undefined) params.direction = params.direction === 'above' ? texts.above : texts.below;
  const reason = notificationReason(params, language);
  if (reason !== undefined) params.reason = reason;
  return {
    to,
    subject: `OpenBourse: ${template.title}`,
    text: `${fillPlaceholders(template.body, params)}\n\n${texts.emailFooter}`,
  };
}
