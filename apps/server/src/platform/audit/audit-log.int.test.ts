import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { migrate } from '../db/migrate.js';
import { recordAudit } from './audit-log.js';

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
        details: { amount: '10', reason: 'kept' },
        requestId: 'request-1',
      }),
    );
    await expect(
      db.transaction().execute(async (trx) => {
        await recordAudit(trx, {
          actorUserId: null,
          action: 'test.rolled-back',
          targetType: null,
          targetId: null,
          details: {},
          requestId: null,
        });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    const rows = await db.selectFrom('audit_log').select(['action', 'target_id', 'details', 'request_id']).execute();
    expect(rows).toEqual([
      { action: 'test.kept', target_id: '7', details: { amount: '10', reason: 'kept' }, request_id: 'request-1' },
    ]);
  });
});
