import { notifications } from '@mantine/notifications';
import { LANGUAGE_BCP47, type Language, type TMarketInfo, type TPosition } from '@openbourse/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useEffect } from 'react';
import { useSession } from '../identity/session';
import { subscribePositionEvents } from '../market/market-socket';
import {
  firstShowing,
  type PositionEventKind,
  positionEventKind,
  positionToast,
  previousStatusOf,
  rememberPositions,
} from './position-events';
import { invalidateTrading } from './trading.api';

/** SPEC §9: toasts stay 3–4 s. */
export const TOAST_MS = 4000;

/** Shows a position toast once, whether an action's answer or the socket's push comes first. */
export function showPositionToast(kind: PositionEventKind, position: TPosition, queryClient: QueryClient): void {
  const id = `position-${position.orderNo}-${kind}`;
  if (!firstShowing(id, Date.now())) return;
  const locale = LANGUAGE_BCP47[i18next.language as Language] ?? 'en';
  const precision = queryClient.getQueryData<TMarketInfo>(['market', 'info', position.code])?.precision;
  const toast = positionToast(kind, position, (key, options) => i18next.t(key, options), locale, precision);
  notifications.show({ ...toast, autoClose: TOAST_MS });
}

// One socket listener for the page, however many trading components ask for it: each event
// is toasted once and the trading queries of each query client are read again.
const clients = new Map<QueryClient, number>();
let stop: (() => void) | null = null;

function onPosition(position: TPosition): void {
  const kind = positionEventKind(previousStatusOf(position.orderNo), position, Date.now());
  rememberPositions([position]);
  const [first] = clients.keys();
  for (const client of clients.keys()) invalidateTrading(client);
  if (kind && first) showPositionToast(kind, position, first);
}

function onSignedIn(): void {
  // Reconnected: whatever changed meanwhile is read again (no toasts for it).
  for (const client of clients.keys()) invalidateTrading(client);
}

/**
 * While a trading component is shown and the user is signed in: toasts for the user's position
 * events (opened, filled, closed by stop loss / take profit / trailing stop / stop-out,
 * cancelled), in the user's language, and fresh positions, summary and balances after each.
 */
export function usePositionEvents(): void {
  const queryClient = useQueryClient();
  const { token } = useSession();
  useEffect(() => {
    if (!token) return;
    clients.set(queryClient, (clients.get(queryClient) ?? 0) + 1);
    stop ??= subscribePositionEvents(onPosition, onSignedIn);
    return () => {
      const count = (clients.get(queryClient) ?? 1) - 1;
      if (count > 0) clients.set(queryClient, count);
      else clients.delete(queryClient);
      if (clients.size === 0) {
        stop?.();
        stop = null;
      }
    };
  }, [token, queryClient]);
}
