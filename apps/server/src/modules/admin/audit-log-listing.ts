import type { TAuditLogQuery, TAuditLogResponse } from '@openbourse/contracts';
import type { AuditFilter } from '../../platform/audit/audit-log.js';
import { findAuditEntries } from '../../platform/audit/audit-log.js';
import type { AdminDb, AdminUserDirectory } from './admin.types.js';

/** Ids above 18 digits cannot be a BIGINT user id: such an operator filter is a name only. */
const USER_ID = /^[0-9]{1,18}$/;

/**
 * One page of the operators' audit log (issue 14), newest first. The operator filter is a user
 * id or a user name (digits match either: a user name may be all digits), resolved through
 * identity's public face; an operator nobody is matches nothing. Each entry names its operator.
 */
export async function listAuditLog(
  db: AdminDb,
  users: AdminUserDirectory,
  query: TAuditLogQuery,
): Promise<TAuditLogResponse> {
  const filter: AuditFilter = {};
  if (query.action) {
    filter.action = query.action.endsWith('.') ? { prefix: query.action } : { exact: query.action };
  }
  if (query.operator) {
    const byName = await users.findUserIdByName(db, query.operator);
    const ids = new Set<string>(byName === null ? [] : [byName]);
    if (USER_ID.test(query.operator)) ids.add(String(BigInt(query.operator)));
    filter.actorUserIds = [...ids];
  }
  if (query.target) {
    const separator = query.target.indexOf(':');
    filter.target =
      separator === -1
        ? { type: query.target }
        : { type: query.target.slice(0, separator), id: query.target.slice(separator + 1) };
  }
  const { rows, total } = await findAuditEntries(db, filter, {
    offset: (query.page - 1) * query.size,
    limit: query.size,
  });
  const operatorIds = [...new Set(rows.flatMap((row) => (row.actorUserId === null ? [] : [row.actorUserId])))];
  const names = await users.userNamesByIds(db, operatorIds);
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      operatorId: row.actorUserId,
      operatorName: row.actorUserId === null ? null : (names.get(row.actorUserId) ?? null),
      action: row.action,
      target: { type: row.targetType, id: row.targetId },
      before: row.before,
      after: row.after,
      reason: row.reason,
      details: row.details,
      requestId: row.requestId,
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
