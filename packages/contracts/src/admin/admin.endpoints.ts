import { endpoint, type InputOf, type OutputOf } from '../http/endpoint.js';
import type {
  ZAdminSessionsRevokeResponse,
  ZAdminUserDetail,
  ZAdminUserLevelRequest,
  ZAdminUserLevelResponse,
  ZAdminUserParams,
  ZAdminUserSessionParams,
  ZAdminUserStatusRequest,
  ZAdminUserStatusResponse,
  ZAdminUsersQuery,
  ZAdminUsersResponse,
  ZAuditLogQuery,
  ZAuditLogResponse,
} from './admin.contracts.js';

/**
 * The back-office endpoints as clients see them (issue 14), types only; the server's
 * declarations add the schemas (`admin.routes.ts`).
 */
export const adminEndpoints = {
  auditLog: endpoint<{ query: InputOf<typeof ZAuditLogQuery> }, OutputOf<typeof ZAuditLogResponse>, 'admin'>(
    'GET',
    '/swx/admin/audit-log',
    'admin',
  ),
  users: endpoint<{ query: InputOf<typeof ZAdminUsersQuery> }, OutputOf<typeof ZAdminUsersResponse>, 'support'>(
    'GET',
    '/swx/admin/users',
    'support',
  ),
  user: endpoint<{ params: InputOf<typeof ZAdminUserParams> }, OutputOf<typeof ZAdminUserDetail>, 'support'>(
    'GET',
    '/swx/admin/users/:id',
    'support',
  ),
  userSessionRevoke: endpoint<
    { params: InputOf<typeof ZAdminUserSessionParams> },
    OutputOf<typeof ZAdminSessionsRevokeResponse>,
    'support'
  >('POST', '/swx/admin/users/:id/sessions/:sessionId/revoke', 'support'),
  userSessionsRevokeAll: endpoint<
    { params: InputOf<typeof ZAdminUserParams> },
    OutputOf<typeof ZAdminSessionsRevokeResponse>,
    'support'
  >('POST', '/swx/admin/users/:id/sessions/revoke-all', 'support'),
  userLevel: endpoint<
    { params: InputOf<typeof ZAdminUserParams>; body: InputOf<typeof ZAdminUserLevelRequest> },
    OutputOf<typeof ZAdminUserLevelResponse>,
    'admin'
  >('POST', '/swx/admin/users/:id/level', 'admin'),
  userStatus: endpoint<
    { params: InputOf<typeof ZAdminUserParams>; body: InputOf<typeof ZAdminUserStatusRequest> },
    OutputOf<typeof ZAdminUserStatusResponse>,
    'admin'
  >('POST', '/swx/admin/users/:id/status', 'admin'),
};
