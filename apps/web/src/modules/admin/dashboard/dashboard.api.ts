import { adminDashboardEndpoints } from '@openbourse/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client';
import { useSession } from '../../identity/session';

/** How often the dashboard asks again while it is open. */
export const DASHBOARD_REFRESH_MS = 15_000;

/** The dashboard's figures, measured by the server at each request; asked again every 15 s. */
export function useDashboard() {
  const { token } = useSession();
  return useQuery({
    queryKey: ['admin', 'dashboard', token],
    queryFn: ({ signal }) => callApi(adminDashboardEndpoints.dashboard, { signal }),
    enabled: token !== null,
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}
