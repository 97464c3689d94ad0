import type { DbView } from '../db/database.js';
import type { PlatformTables } from '../db/platform.tables.js';

export type AuditEntry = {
  /** The operator who acted (null for the system itself). */
  actorUserId: string | null;
  /** What was done, `<module>.<verb>` (e.g. `ledger.adjust`). */
  action: string;
  targetType: string | null;
  targetId: string | null;
  /** Before/after, amounts, reasons: whatever lets a reader judge the action later. */
  details: Record<string, unknown>;
  requestId: string | null;
};

/**
 * Appends one row to the operators' audit log (SPEC §6), inside the caller's transaction, so the
 * action and its record commit together or not at all. The one writer of `audit_log`: modules
 * call this instead of inserting themselves.
 */
export async function recordAudit(db: DbView<PlatformTables>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorUserId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      details: JSON.stringify(entry.details),
      request_id: entry.requestId,
    })
    .execute();
}
