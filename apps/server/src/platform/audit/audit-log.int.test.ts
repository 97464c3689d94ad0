import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { migrate } from '../db/migrate.js';
import { findAuditEntries, recordAudit } from './audit-log.js';

describe('the audit log', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.url);
  });
  afterAll(() => database.drop());

  it('records an entry inside the caller transaction, and nothing when that transaction rolls back', async () => {
    const { db } = database;
    await db.transaction().execute((trx) =>
      recordAudit(trx, {
        actorUserId: null,
        action: 'test.kept',
        targetType: 'user',
        targetId: '7',
        before: { level: 'Normal' },
        after: { level: 'VIP1' },
        reason: 'kept',
        details: { amount: '10' },
        requestId: 'request-1',
        ip: '198.51.100.4',
      }),
    );
    await expect(
      db.transaction().execute(async (trx) => {
        await recordAudit(trx, {
          actorUserId: null,
          action: 'test.rolled-back',
          targetType: null,
          targetId: null,
          before: null,
          after: null,
          reason: null,
          requestId: null,
          ip: null,
        });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    const rows = await db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'before', 'after', 'reason', 'details', 'request_id', 'ip'])
      .execute();
    expect(rows).toEqual([
      {
        action: 'test.kept',
        target_id: '7',
        before: { level: 'Normal' },
        after: { level: 'VIP1' },
        reason: 'kept',
        details: { amount: '10' },
        request_id: 'request-1',
        ip: '198.51.100.4',
      },
    ]);
  });

  it('refuses UPDATE, DELETE and TRUNCATE, and keeps every row as written', async () => {
    const { db } = database;
    const before = await db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(before.length).toBeGreaterThan(0);
    await expect(db.updateTable('audit_log').set({ reason: 'rewritten' }).execute()).rejects.toThrow(
      /append-only: UPDATE refused/,
    );
    await expect(db.deleteFrom('audit_log').where('action', '=', 'test.kept').execute()).rejects.toThrow(
      /append-only: DELETE refused/,
    );
    // Even a statement that matches no row is refused.
    await expect(db.deleteFrom('audit_log').where('id', '=', '-1').execute()).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(db)).rejects.toThrow(/append-only: TRUNCATE refused/);
    expect(await db.selectFrom('audit_log').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('lists entries newest first, filtered by action prefix literally (a `_` is not a wildcard)', async () => {
    const { db } = database;
    for (const action of ['lit_x.one', 'litax.two', 'lit_x.three']) {
      await recordAudit(db, {
        actorUserId: null,
        action,
        targetType: null,
        targetId: null,
        before: null,
        after: null,
        reason: null,
        requestId: null,
        ip: null,
      });
    }
    const found = await findAuditEntries(db, { action: { prefix: 'lit_x.' } }, { offset: 0, limit: 10 });
    expect(found.total).toBe(2);
    expect(found.rows.map((row) => row.action)).toEqual(['lit_x.three', 'lit_x.one']);
    expect(await findAuditEntries(db, { actorUserIds: [] }, { offset: 0, limit: 10 })).toEqual({ rows: [], total: 0 });
  });
});
