import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LANGUAGE_BCP47, type Language } from '@openbourse/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../identity/session';
import { subscribeAlerts } from '../market/market-socket';
import { useAlertsTexts } from './alerts-i18n';
import {
  alertInstrumentHref,
  createFiredAlertHandler,
  type FiredAlert,
  firedAlertTexts,
  refreshAfterAlert,
} from './fired-alert';

/** SPEC §9: toasts stay 3–4 s (hovering or focusing one holds it open). */
const TOAST_MS = 4000;

/**
 * Mounted by the layout while a user is signed in, on every page: a price alert that fires is
 * toasted at once in the reader's language (the instrument, above or below, the level and the
 * price that crossed it, and a link to the instrument), and the alerts list, the dock's count,
 * the notification list and the bell's badge are read again. The toast is an ARIA alert
 * (Mantine's default role), so screen readers announce it. After a reconnect the lists are read
 * again (what fired meanwhile is in them; it is not toasted). The "price alert" notification
 * pushed beside it is not toasted a second time (NotificationToasts leaves it to this).
 */
export default function AlertToasts(): null {
  const queryClient = useQueryClient();
  const { token } = useSession();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const textsReady = useAlertsTexts();
  // Alerts that fired before this part's texts were in: shown as soon as they are.
  const [waiting, setWaiting] = useState<readonly FiredAlert[]>([]);

  useEffect(() => {
    if (!token) return;
    const handle = createFiredAlertHandler({
      refresh: () => refreshAfterAlert(queryClient),
      show: (alert) => setWaiting((list) => [...list, alert]),
      warn: (message) => console.warn(message),
    });
    return subscribeAlerts(handle, () => refreshAfterAlert(queryClient));
  }, [token, queryClient]);

  useEffect(() => {
    if (!textsReady || waiting.length === 0) return;
    for (const alert of waiting) showAlertToast(alert, (to) => navigateRef.current(to));
    setWaiting([]);
  }, [textsReady, waiting]);

  return null;
}

function showAlertToast(alert: FiredAlert, navigate: (to: string) => void): void {
  const language = i18next.language as Language;
  const locale = LANGUAGE_BCP47[language] ?? 'en';
  const { title, message, open } = firedAlertTexts(alert, (key, options) => i18next.t(key, options), locale);
  const id = `alert-${alert.id}`;
  const href = alertInstrumentHref(alert.code);
  // The toasts render outside the router: the link navigates through the layout's router, and
  // keeps its href for a new tab or window.
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    notifications.hide(id);
    navigate(href);
  };
  notifications.show({
    id,
    title,
    message: (
      <Stack gap={4} align="flex-start" data-testid="alert-toast">
        <Text size="sm" c="inherit">
          {message}
        </Text>
        <Anchor href={href} onClick={follow} size="sm" fw={600} data-testid="alert-toast-open">
          {open}
        </Anchor>
      </Stack>
    ),
    autoClose: TOAST_MS,
  });
}
