import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../platform/db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { recordReferralStep, recordReferralSteps } from './index.js';

describe('referral steps', () => {
  let database: TestDatabase;
  const ids: Record<'inviter' | 'invited' | 'uninvited', string> = { inviter: '', invited: '', uninvited: '' };

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.url);
    const add = async (name: string, invitedBy: string | null) => {
      const row = await database.db
        .insertInto('users')
        .values({
          user_name: name,
          user_name_key: name,
          email: `${name}@example.test`,
          password_hash: null,
          invite_code: `CODE${name.toUpperCase()}`,
          invited_by: invitedBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return String(row.id);
    };
    ids.inviter = await add('inviter', null);
    ids.invited = await add('invited', ids.inviter);
    ids.uninvited = await add('uninvited', null);
  });
  afterAll(() => database.drop());

  const steps = () =>
    database.db.selectFrom('referral_events').select(['user_id', 'step']).orderBy('user_id').orderBy('step').execute();

  it('records a step for an invited user only, once however often it happens', async () => {
    await database.db.transaction().execute(async (trx) => {
      await recordReferralSteps(trx, [ids.invited, ids.uninvited, ids.invited], 'trade');
      await recordReferralStep(trx, ids.invited, 'trade');
      await recordReferralStep(trx, ids.uninvited, 'fund');
    });
    await recordReferralStep(database.db, ids.invited, 'fund');
    await recordReferralSteps(database.db, [], 'register');
    expect(await steps()).toEqual([
      { user_id: ids.invited, step: 'fund' },
      { user_id: ids.invited, step: 'trade' },
    ]);
  });

  it('records nothing when the transaction that made the step rolls back', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await recordReferralStep(trx, ids.invited, 'register');
        throw new Error('the open failed');
      }),
    ).rejects.toThrow('the open failed');
    expect((await steps()).some((row) => row.step === 'register')).toBe(false);
  });
});
