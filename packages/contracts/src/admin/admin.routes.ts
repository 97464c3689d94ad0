import { declareRoute } from '../http/route-declaration.js';
import {
  ZAdminUserDetail,
  ZAdminUserLevelRequest,
  ZAdminUserLevelResponse,
  ZAdminUserParams,
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
    summary: 'Admins only: search users by id, user name or e-mail prefix, or wallet address; newest first, paged',
    tags: ['admin'],
    owner: 'operator',
    query: ZAdminUsersQuery,
    response: ZAdminUsersResponse,
  }),
  user: declareRoute(adminEndpoints.user, {
    summary: "Admins only: a user's profile, roles, status, VIP level, sessions in use and balances per book",
    tags: ['admin'],
    owner: 'operator',
    params: ZAdminUserParams,
    response: ZAdminUserDetail,
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
