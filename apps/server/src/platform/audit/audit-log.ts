import type { DbView } from '../db/database.js';
import type { PlatformTables } from '../db/platform.tables.js';

export type AuditEntry = {
  /** The operator who acted (null for the system itself). */
  actorUserId: string | null;
  /** What was done, `<module>.<verb>` (e.g. `ledger.adjust`). */
  action: string;
  targetType: string | null;
  targetId: string | null;
  /** The target as it was before the action (JSON), when there was one to show. */
  before: unknown;
  /** The target as the action left it (JSON). */
  after: unknown;
  /** The operator's written reason. */
  reason: string | null;
  /** Whatever else lets a reader judge the action later (amounts, transfer ids). */
  details?: Record<string, unknown>;
  requestId: string | null;
  /** The address the request came from (Fastify's `request.ip`, behind TRUST_PROXY). */
  ip: string | null;
};

/**
 * Appends one row to the operators' audit log (SPEC §6), inside the caller's transaction, so the
 * action and its record commit together or not at all. The one writer of `audit_log`: modules
 * call this instead of inserting themselves. The table refuses UPDATE, DELETE and TRUNCATE
 * (migration 0012): a row once committed stays as written.
 */
export async function recordAudit(db: DbView<PlatformTables>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorUserId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      details: JSON.stringify(entry.details ?? {}),
      before: entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
      reason: entry.reason,
      ip: entry.ip,
      request_id: entry.requestId,
    })
    .execute();
}

/** What the back office filters the log by; every part optional. */
export type AuditFilter = {
  /** Exact action, or every action starting with `actionPrefix`. */
  action?: { exact: string } | { prefix: string };
  /** Rows by any of these operators (an empty list matches nothing). */
  actorUserIds?: readonly string[];
  /** Rows about targets of this type, and this id when given. */
  target?: { type: string; id?: string };
};

export type AuditRow = {
  id: string;
  actorUserId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  details: unknown;
  requestId: string | null;
  ip: string | null;
  createdAt: Date;
};

/**
 * One page of the log, newest first, with how many rows match in all. The one reader of
 * `audit_log` besides the database itself (the back office's listing asks this).
 */
export async function findAuditEntries(
  db: DbView<PlatformTables>,
  filter: AuditFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const actorIds = filter.actorUserIds;
  if (actorIds !== undefined && actorIds.length === 0) return { rows: [], total: 0 };
  let query = db.selectFrom('audit_log');
  const action = filter.action;
  if (action && 'exact' in action) query = query.where('action', '=', action.exact);
  if (action && 'prefix' in action) query = query.where('action', 'like', `${escapeLike(action.prefix)}%`);
  if (actorIds !== undefined) query = query.where('actor_user_id', 'in', [...actorIds]);
  if (filter.target) {
    query = query.where('target_type', '=', filter.target.type);
    if (filter.target.id !== undefined) query = query.where('target_id', '=', filter.target.id);
  }
  const counted = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .select([
      'id',
      'actor_user_id',
      'action',
      'target_type',
      'target_id',
      'before',
      'after',
      'reason',
      'details',
      'request_id',
      'ip',
      'created_at',
    ])
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return {
    total: Number(counted.n),
    rows: rows.map((row) => ({
      id: String(row.id),
      actorUserId: row.actor_user_id === null ? null : String(row.actor_user_id),
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      before: row.before,
      after: row.after,
      reason: row.reason,
      details: row.details,
      requestId: row.request_id,
      ip: row.ip,
      createdAt: row.created_at,
    })),
  };
}

/** `LIKE` treats `%`, `_` and `\` specially; a prefix is matched literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
