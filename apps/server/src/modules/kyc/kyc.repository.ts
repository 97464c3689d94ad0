import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbView } from '../../platform/db/database.js';
import type { KycTables } from './kyc.tables.js';

/** The only SQL of the kyc module's own table. */

type Db = DbView<KycTables>;
export type SubmissionRow = Selectable<KycTables['kyc_submissions']>;

export async function insertSubmission(db: Db, row: Insertable<KycTables['kyc_submissions']>): Promise<void> {
  await db.insertInto('kyc_submissions').values(row).execute();
}

/** The user's latest submission (the one the status is about), or undefined. */
export async function findLatestSubmission(db: Db, userId: string): Promise<SubmissionRow | undefined> {
  return db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('submitted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The user's pending or verified submission (at most one, by the unique index), or undefined. */
export async function findStandingSubmission(db: Db, userId: string): Promise<SubmissionRow | undefined> {
  return db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', [1, 2])
    .executeTakeFirst();
}

export async function isUserVerified(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('kyc_submissions')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findSubmissions(db: Db, ids: readonly string[]): Promise<SubmissionRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('kyc_submissions').selectAll().where('id', 'in', ids).execute();
}

export async function lockSubmission(db: Db, id: string): Promise<SubmissionRow | undefined> {
  return db.selectFrom('kyc_submissions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateSubmission(
  db: Db,
  id: string,
  values: Updateable<KycTables['kyc_submissions']>,
): Promise<void> {
  await db.updateTable('kyc_submissions').set(values).where('id', '=', id).execute();
}

/** Refused submissions decided before `cutoff` whose data are still held, oldest first. */
export async function findPurgeCandidates(db: Db, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('kyc_submissions')
    .select('id')
    .where('status', '=', 3)
    .where('purged_at', 'is', null)
    .where('decided_at', '<', cutoff)
    .orderBy('decided_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * One purge candidate, locked, if it is still one and no other worker holds it (SKIP LOCKED: two
 * instances' jobs at once each take different rows, never the same one twice).
 */
export async function lockPurgeCandidate(db: Db, id: string, cutoff: Date): Promise<SubmissionRow | undefined> {
  return db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 3)
    .where('purged_at', 'is', null)
    .where('decided_at', '<', cutoff)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

/** Of these uploads, those another submission whose data are still held names (a resubmission reusing a photo). */
export async function fileIdsHeldElsewhere(db: Db, fileIds: readonly string[], exceptId: string): Promise<Set<string>> {
  if (fileIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('kyc_submissions')
    .select(['front_file_id', 'back_file_id', 'handheld_file_id', 'signature_file_id'])
    .where('id', '!=', exceptId)
    .where('purged_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('front_file_id', 'in', fileIds),
        eb('back_file_id', 'in', fileIds),
        eb('handheld_file_id', 'in', fileIds),
        eb('signature_file_id', 'in', fileIds),
      ]),
    )
    .execute();
  const held = new Set<string>();
  for (const row of rows) {
    for (const id of [row.front_file_id, row.back_file_id, row.handheld_file_id, row.signature_file_id]) {
      if (id !== null && fileIds.includes(id)) held.add(id);
    }
  }
  return held;
}
