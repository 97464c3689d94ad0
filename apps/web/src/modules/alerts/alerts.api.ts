import { alertsEndpoints } from '@openbourse/contracts/constants';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';
import { useSession } from '../identity/session';

/** Alerts are per user, not per book: the query keys carry the token only. */
const KEY = ['alerts'] as const;

export function invalidateAlerts(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: KEY });
}

export function useAlerts() {
  const { token } = useSession();
  return useQuery({
    queryKey: [...KEY, 'list', token],
    queryFn: ({ signal }) => callApi(alertsEndpoints.listAlerts, { signal }),
    enabled: token !== null,
  });
}

export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string; direction: 'above' | 'below'; price: string }) =>
      callApi(alertsEndpoints.createAlert, { body }),
    onSuccess: () => invalidateAlerts(queryClient),
  });
}

export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(alertsEndpoints.deleteAlert, { params: { id } }),
    onSuccess: () => invalidateAlerts(queryClient),
  });
}
