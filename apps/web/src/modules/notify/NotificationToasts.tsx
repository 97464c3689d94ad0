import { notifications } from '@mantine/notifications';
import { isLanguage, LANGUAGE_BCP47, type TNotification } from '@openbourse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useEffect } from 'react';
import { useSession } from '../identity/session';
import { subscribeNotifications } from '../market/market-socket';
import { renderNotification } from './notification-text';
import { invalidateNotifications } from './notify.api';

/** SPEC §9: toasts stay 3–4 s. */
const TOAST_MS = 4000;

/**
 * Notifications not toasted here: a fired price alert is toasted by the alerts module from the
 * socket's own `{ op: 'alert' }` message (with a link to the instrument), pushed beside this one.
 */
const TOASTED_ELSEWHERE: ReadonlySet<string> = new Set(['price_alert']);

/**
 * Mounted by the layout while a user is signed in: each notification pushed over the socket is
 * toasted in the reader's language (once, by id), and the list and the unread badge are read
 * again; after a reconnect they are read again too (what arrived meanwhile is not toasted).
 */
export default function NotificationToasts(): null {
  const queryClient = useQueryClient();
  const { token } = useSession();
  useEffect(() => {
    if (!token) return;
    return subscribeNotifications(
      (notification: TNotification) => {
        invalidateNotifications(queryClient);
        if (TOASTED_ELSEWHERE.has(notification.template)) return;
        const language = isLanguage(i18next.language) ? i18next.language : 'en';
        const { title, body } = renderNotification(notification, language, LANGUAGE_BCP47[language]);
        notifications.show({
          id: `notification-${notification.id}`,
          title,
          message: body,
          autoClose: TOAST_MS,
        });
      },
      () => invalidateNotifications(queryClient),
    );
  }, [token, queryClient]);
  return null;
}
