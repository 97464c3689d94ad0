import { declareRoute } from '../http/route-declaration.js';
import { ZAdminDashboardResponse } from './admin-dashboard.contracts.js';
import { adminDashboardEndpoints } from './admin-dashboard.endpoints.js';

/** The dashboard's route as the server declares it (issue 14). */
export const adminDashboardRoutes = {
  dashboard: declareRoute(adminDashboardEndpoints.dashboard, {
    summary:
      'Every operator: users (total, today, online), open positions, pending orders and margin in use per book, system account balances, review queue counts, feed status per instrument, server health, background work (jobs by state, last failures) and open operator alerts, measured now',
    tags: ['admin'],
    owner: 'operator',
    response: ZAdminDashboardResponse,
  }),
};
