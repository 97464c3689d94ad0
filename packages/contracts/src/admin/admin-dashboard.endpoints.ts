import { endpoint, type NoInput, type OutputOf } from '../http/endpoint.js';
import type { ZAdminDashboardResponse } from './admin-dashboard.contracts.js';

/**
 * The back office's dashboard as clients see it (issue 14), types only; the server's declaration
 * adds the schema (`admin-dashboard.routes.ts`). Every operator role reads it.
 */
export const adminDashboardEndpoints = {
  dashboard: endpoint<NoInput, OutputOf<typeof ZAdminDashboardResponse>, 'operator'>(
    'GET',
    '/swx/admin/dashboard',
    'operator',
  ),
};
