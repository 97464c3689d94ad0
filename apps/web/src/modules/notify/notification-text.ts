import {
  fillPlaceholders,
  type Language,
  NOTIFICATION_TEXTS,
  type NotificationTemplate,
  notificationNetworkName,
  notificationReason,
  type TNotification,
} from '@openbourse/contracts';
import { formatAmount } from '../ledger/amount';

/** Parameters that are amounts (decimal strings): shown in the reader's locale, never through a number. */
const AMOUNT_PARAMS = new Set(['amount', 'minimum', 'interest', 'payout', 'pnl', 'price', 'ltv']);

/** A transaction hash or an address shortened for reading: `0x1234…cdef`; the whole value stays in the title attribute. */
export function shortHash(value: string): string {
  return value.length <= 14 ? value : `${value.slice(0, 6)}…${value.slice(-4)}`;
}

/**
 * A notification's title and text in the reader's language, filled from its parameters: amounts
 * grouped in the locale (exact, from the decimal string), hashes and addresses shortened, the
 * network named ("Sandbox chain" for the local node), dates in the locale. An unknown template
 * (a newer server) falls back to its name, never to a blank.
 */
export function renderNotification(
  notification: Pick<TNotification, 'template' | 'params'>,
  language: Language,
  locale: string,
): { title: string; body: string } {
  const texts = NOTIFICATION_TEXTS[language] ?? NOTIFICATION_TEXTS.en;
  const template = texts.templates[notification.template as NotificationTemplate];
  if (!template) return { title: notification.template, body: '' };
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(notification.params)) {
    if (AMOUNT_PARAMS.has(name)) values[name] = formatAmount(value, 18, locale, { signed: name === 'pnl' });
    else if (name === 'txHash' || name === 'address') values[name] = shortHash(value);
    else if (name === 'network') values[name] = notificationNetworkName(value, texts);
    else if (name === 'direction') values[name] = value === 'above' ? texts.above : texts.below;
    else if (name === 'dueDate') values[name] = formatDay(value, locale);
    else if (name === 'reason') values[name] = notificationReason(notification.params, language) ?? value;
    else values[name] = value;
  }
  return { title: template.title, body: fillPlaceholders(template.body, values) };
}

function formatDay(day: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
