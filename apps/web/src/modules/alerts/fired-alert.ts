import { type TAlert, ZAlert } from '@openbourse/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { formatQuantity } from '../market/format';
import { invalidateNotifications } from '../notify/notify.api';
import { invalidateAlerts } from './alerts.api';

/** A fired alert as the socket pushes it: the contract's alert, fired, with the price that fired it. */
export type FiredAlert = TAlert & { status: 'fired'; firedPrice: string };

/**
 * The data of a socket `{ op: 'alert' }` message, checked against the contract's schema (zod): a
 * fired alert, or null for anything else (a malformed message, or an alert that is not fired).
 */
export function parseFiredAlert(data: unknown): FiredAlert | null {
  const parsed = ZAlert.safeParse(data);
  if (!parsed.success) return null;
  const alert = parsed.data;
  if (alert.status !== 'fired' || alert.firedPrice === null) return null;
  return { ...alert, status: 'fired', firedPrice: alert.firedPrice };
}

/** The instrument's page, where the toast's link leads. */
export function alertInstrumentHref(code: string): string {
  return `/cruuency?code=${encodeURIComponent(code)}`;
}

type Translate = (key: string, options: Record<string, string>) => string;

/**
 * The toast's texts in the reader's language (the `alerts.toast.*` texts): the instrument, the
 * direction and the level crossed, and the price that crossed it, prices grouped in the locale
 * from their decimal strings.
 */
export function firedAlertTexts(
  alert: FiredAlert,
  t: Translate,
  locale: string,
): { title: string; message: string; open: string } {
  const values = {
    code: alert.code,
    level: formatQuantity(alert.price, locale, 12),
    price: formatQuantity(alert.firedPrice, locale, 12),
  };
  return {
    title: t('alerts.toast.title', values),
    message: t(alert.direction === 'above' ? 'alerts.toast.above' : 'alerts.toast.below', values),
    open: t('alerts.toast.open', values),
  };
}

/**
 * What a fired alert changes on screen: the alerts list (and the dock's count) and the
 * notifications (the list and the bell's unread count: the "price alert" notification was
 * written with the firing, so it is there to read).
 */
export function refreshAfterAlert(queryClient: QueryClient): void {
  invalidateAlerts(queryClient);
  invalidateNotifications(queryClient);
}

/**
 * Handles the data of each `{ op: 'alert' }` message: a malformed one is ignored (nothing read
 * again, nothing shown); a fired alert refreshes the queries and is shown once, however often
 * it arrives. Answers whether it was shown.
 */
export function createFiredAlertHandler(deps: {
  refresh: () => void;
  show: (alert: FiredAlert) => void;
  warn?: (message: string) => void;
}): (data: unknown) => boolean {
  const shown = new Set<string>();
  return (data) => {
    const alert = parseFiredAlert(data);
    if (!alert) {
      deps.warn?.('[openbourse] market socket: a malformed alert message was ignored');
      return false;
    }
    deps.refresh();
    if (shown.has(alert.id)) return false;
    shown.add(alert.id);
    deps.show(alert);
    return true;
  };
}
