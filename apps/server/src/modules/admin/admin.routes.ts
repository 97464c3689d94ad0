import { adminRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import type { AdminDb, AdminRealNames, AdminUserAdministration, AdminUserDirectory } from './admin.types.js';
import { listAuditLog } from './audit-log-listing.js';
import { userDetail } from './user-administration.js';

export async function adminPlugin(
  app: FastifyInstance,
  options: {
    db: AdminDb;
    users: AdminUserDirectory;
    userAdministration: AdminUserAdministration;
    realNames: AdminRealNames;
  },
): Promise<void> {
  const { db, users, userAdministration, realNames } = options;
  defineRoute(app, adminRoutes.auditLog, ({ query }) => listAuditLog(db, users, query));
  defineRoute(app, adminRoutes.users, ({ query }) => userAdministration.searchUsers(query));
  defineRoute(app, adminRoutes.user, ({ params, request, caller }) =>
    userDetail(db, userAdministration, realNames, params.id, {
      operatorId: caller.id,
      requestId: request.id,
      ip: request.ip,
    }),
  );
  defineRoute(app, adminRoutes.userLevel, ({ params, body, request, caller }) =>
    userAdministration.setUserLevel(
      db,
      { operatorId: caller.id, requestId: request.id, ip: request.ip },
      params.id,
      body.level,
    ),
  );
  defineRoute(app, adminRoutes.userSessionRevoke, ({ params, request, caller }) =>
    userAdministration.revokeUserSession(
      db,
      { operatorId: caller.id, requestId: request.id, ip: request.ip },
      params.id,
      params.sessionId,
    ),
  );
  defineRoute(app, adminRoutes.userSessionsRevokeAll, ({ params, request, caller }) =>
    userAdministration.revokeAllUserSessions(
      db,
      { operatorId: caller.id, requestId: request.id, ip: request.ip },
      params.id,
    ),
  );
  defineRoute(app, adminRoutes.userStatus, ({ params, body, request, caller }) =>
    userAdministration.setUserStatus(
      db,
      { operatorId: caller.id, requestId: request.id, ip: request.ip },
      params.id,
      body,
    ),
  );
}
