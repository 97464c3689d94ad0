import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

/**
 * The invite programme's steps (SPEC §4 "Referral"): Register, Fund, Trade. Other modules record
 * a step when it happens to an invited user; the invite screens (a later issue) read them.
 */
export async function recordReferralStep(trx: Db, userId: string, step: 'register' | 'fund' | 'trade'): Promise<void> {
  // Only invited users take part; the first occurrence of a step is the one kept.
  await sql`
    INSERT INTO referral_events (user_id, step)
    SELECT id, ${step} FROM users WHERE id = ${userId} AND invited_by IS NOT NULL
    ON CONFLICT (user_id, step) DO NOTHING`.execute(trx);
}
