import { declareRoute } from '../http/route-declaration.js';
import {
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
import { adminEndpoints } from './admin.endpoints.js';

/** The back-office routes as the server declares them: each endpoint with its schemas. */
export const adminRoutes = {
  auditLog: declareRoute(adminEndpoints.auditLog, {
    summary: "The operators' audit log, newest first, filtered by action, operator and target, paged",
    tags: ['admin'],
    owner: 'operator',
    query: ZAuditLogQuery,
    response: ZAuditLogResponse,
  }),
  users: declareRoute(adminEndpoints.users, {
    summary:
      'Support and admins: search users by id, user name or e-mail prefix, or wallet address; newest first, paged',
    tags: ['admin'],
    owner: 'operator',
    query: ZAdminUsersQuery,
    response: ZAdminUsersResponse,
  }),
  user: declareRoute(adminEndpoints.user, {
    summary: "Support and admins: a user's profile, roles, status, VIP level, sessions in use and balances per book",
    tags: ['admin'],
    owner: 'operator',
    params: ZAdminUserParams,
    response: ZAdminUserDetail,
  }),
  userSessionRevoke: declareRoute(adminEndpoints.userSessionRevoke, {
    summary:
      "Support and admins: end one of the user's sessions at once, on every instance; audit-logged (10153 for a session that is not the user's or no longer in use)",
    tags: ['admin'],
    owner: 'operator',
    params: ZAdminUserSessionParams,
    response: ZAdminSessionsRevokeResponse,
  }),
  userSessionsRevokeAll: declareRoute(adminEndpoints.userSessionsRevokeAll, {
    summary:
      'Support and admins: end every session the user has in use at once, on every instance; audit-logged when any was ended',
    tags: ['admin'],
    owner: 'operator',
    params: ZAdminUserParams,
    response: ZAdminSessionsRevokeResponse,
  }),
  userLevel: declareRoute(adminEndpoints.userLevel, {
    summary: "Admins only: set a user's VIP level (0 Normal, 1-4 VIP1-VIP4; audit-logged)",
    tags: ['admin'],
    owner: 'operator',
    params: ZAdminUserParams,
    body: ZAdminUserLevelRequest,
    response: ZAdminUserLevelResponse,
  }),
  userStatus: declareRoute(adminEndpoints.userStatus, {
    summary:
      "Admins only: enable or disable a user with a reason; disabling ends the user's sessions at once; audit-logged",
    tags: ['admin'],
    owner: 'operator',
    params: ZAdminUserParams,
    body: ZAdminUserStatusRequest,
    response: ZAdminUserStatusResponse,
  }),
};
