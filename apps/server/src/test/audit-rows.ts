import type { TestApp } from './test-app.js';

/** The audit log's rows about one user, oldest first. */
export function userAuditRows(testApp: TestApp, userId: string) {
  return testApp.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_type', '=', 'user')
    .where('target_id', '=', userId)
    .orderBy('id')
    .execute();
}
