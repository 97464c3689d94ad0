import { notifyEndpoints } from '@openbourse/contracts/constants';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';
import { useSession } from '../identity/session';

export const NOTIFICATION_LIST_SIZE = 20;

/** Notifications are per user, not per book: the query keys carry the token only. */
const KEY = ['notify'] as const;

/** After a push, a mark or a reconnect: the list and the unread count are read again. */
export function invalidateNotifications(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: KEY });
}

export function useNotificationList(page: number, unreadOnly: boolean) {
  const { token } = useSession();
  return useQuery({
    queryKey: [...KEY, 'list', token, page, unreadOnly],
    queryFn: ({ signal }) =>
      callApi(notifyEndpoints.getNotificationList, {
        body: { page, size: NOTIFICATION_LIST_SIZE, unreadOnly },
        signal,
      }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

/** The unread count for the badge: the list's first item is enough to carry it. */
export function useUnreadCount(): number | undefined {
  const { token } = useSession();
  const query = useQuery({
    queryKey: [...KEY, 'unread', token],
    queryFn: ({ signal }) => callApi(notifyEndpoints.getNotificationList, { body: { page: 1, size: 1 }, signal }),
    enabled: token !== null,
    // The socket pushes new ones; this only catches what a lost connection missed.
    refetchInterval: 120_000,
    select: (data) => data.unread,
  });
  return query.data;
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: string } | { all: true }) => callApi(notifyEndpoints.markNotificationRead, { body }),
    onSuccess: () => invalidateNotifications(queryClient),
  });
}

export function useNotificationSettings() {
  const { token } = useSession();
  return useQuery({
    queryKey: [...KEY, 'settings', token],
    queryFn: ({ signal }) => callApi(notifyEndpoints.notificationSettings, { signal }),
    enabled: token !== null,
  });
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: boolean) => callApi(notifyEndpoints.updateNotificationSettings, { body: { email } }),
    onSuccess: (data) => {
      queryClient.setQueriesData({ queryKey: [...KEY, 'settings'] }, data);
    },
  });
}
