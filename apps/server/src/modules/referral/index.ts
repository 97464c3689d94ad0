import { sql } from 'kysely';
import type { Db } from '../../database.js';

export type ReferralStep = 'register' | 'fund' | 'trade';

/**
 * The invite programme's steps (SPEC §4 "Referral"): Register, Fund, Trade. Other modules record
 * a step when it happens to an invited user; the invite screens (a later issue) read them.
 */
export function recordReferralStep(trx: Db, userId: string, step: ReferralStep): Promise<void> {
  return recordReferralSteps(trx, [userId], step);
}

/** The same step for several users in one statement (group-committed orders). */
export async function recordReferralSteps(trx: Db, userIds: string[], step: ReferralStep): Promise<void> {
  if (userIds.length === 0) return;
  // Only invited users take part; the first occurrence of a step is the one kept.
  await sql`
    INSERT INTO referral_events (user_id, step)
    SELECT id, ${step} FROM users WHERE id = ANY(${userIds}::bigint[]) AND invited_by IS NOT NULL
    ON CONFLICT (user_id, step) DO NOTHING`.execute(trx);
}
export type { ReferralTables } from './referral.tables.js';
