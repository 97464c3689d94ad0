import type { DbView } from '../../platform/db/database.js';
import { type IdentityTables, invitedUserIds } from '../identity/index.js';
import { insertSteps } from './referral.repository.js';
import type { ReferralTables } from './referral.tables.js';

export type ReferralStep = 'register' | 'fund' | 'trade';

/** The referral module's own tables, and identity's through its public face (who was invited). */
export type ReferralDb = DbView<ReferralTables & IdentityTables>;

/**
 * The invite programme's steps (SPEC §4 "Referral"): Register, Fund, Trade. Other modules record
 * a step when it happens to an invited user; the invite screens (a later issue) read them.
 */
export function recordReferralStep(trx: ReferralDb, userId: string, step: ReferralStep): Promise<void> {
  return recordReferralSteps(trx, [userId], step);
}

/** The same step for several users: two statements for a whole group (group-committed orders). */
export async function recordReferralSteps(trx: ReferralDb, userIds: string[], step: ReferralStep): Promise<void> {
  if (userIds.length === 0) return;
  // Only invited users take part in the programme.
  await insertSteps(trx, await invitedUserIds(trx, userIds), step);
}
