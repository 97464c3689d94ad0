import type { DbView } from '../../platform/db/database.js';
import type { ReferralTables } from './referral.tables.js';

/** The only SQL over the referral module's table. */

/** Records a step for these users; the first occurrence of a step is the one kept. */
export async function insertSteps(
  db: DbView<ReferralTables>,
  userIds: readonly string[],
  step: ReferralTables['referral_events']['step'],
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('referral_events')
    .values(userIds.map((userId) => ({ user_id: userId, step })))
    .onConflict((conflict) => conflict.columns(['user_id', 'step']).doNothing())
    .execute();
}
