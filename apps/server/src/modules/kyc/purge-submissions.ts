import { recordAudit } from '../../platform/audit/audit-log.js';
import { inRetriedTransaction } from '../../platform/db/retried-transaction.js';
import type { KycContext } from './kyc.context.js';
import { fileIdsHeldElsewhere, findPurgeCandidates, lockPurgeCandidate, updateSubmission } from './kyc.repository.js';
import type { SealedField } from './kyc.tables.js';
import { fileIdsOf } from './sealed-fields.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

const CLEARED: Record<SealedField, null> = {
  first_name: null,
  last_name: null,
  sex: null,
  birthdate: null,
  country: null,
  address: null,
  area_code: null,
  phone: null,
};

/**
 * The retention job (issue 17): a refused submission — whether the user sent a new one or gave up
 * — keeps its personal fields and photos for `retentionDays` after the decision (time to read the
 * reason and resubmit), then they are deleted: the photos through the uploads module (the sealed
 * files, then their rows), the fields set to NULL, `purged_at` set, one `kyc.purge` audit row. The
 * row stays with its status, reason and dates. A photo a newer submission still names (a
 * resubmission reusing it) is kept for that one.
 *
 * Safe with two instances and repeatable: each row is taken `FOR UPDATE SKIP LOCKED` and re-checked
 * in its own transaction; a run cut short after the photos were deleted leaves the row to the next
 * run, whose deletion of already-deleted photos does nothing. Answers how many it purged.
 */
export async function purgeExpiredSubmissions(ctx: KycContext): Promise<number> {
  const now = ctx.clock.now();
  const cutoff = new Date(now.getTime() - ctx.retentionDays * DAY_MS);
  let purged = 0;
  for (;;) {
    const candidates = await findPurgeCandidates(ctx.db, cutoff, BATCH);
    let purgedThisBatch = 0;
    for (const id of candidates) {
      const done = await inRetriedTransaction(ctx.db, async (trx) => {
        const row = await lockPurgeCandidate(trx, id, cutoff);
        if (!row) return false;
        const photos = fileIdsOf(row);
        const kept = await fileIdsHeldElsewhere(trx, photos, row.id);
        const deleted = photos.filter((fileId) => !kept.has(fileId));
        await ctx.uploads.purgeUploads(deleted);
        await updateSubmission(trx, row.id, { ...CLEARED, purged_at: now });
        await recordAudit(trx, {
          actorUserId: null,
          action: 'kyc.purge',
          targetType: 'kyc_submission',
          targetId: row.id,
          before: null,
          after: null,
          reason: `refused ${ctx.retentionDays} days or more ago`,
          details: { userId: row.user_id, photosDeleted: deleted.length, photosKept: kept.size },
          requestId: null,
          ip: null,
        });
        return true;
      });
      if (done) purgedThisBatch += 1;
    }
    purged += purgedThisBatch;
    // A batch that purged nothing new (another instance holds them) or was not full: done for now.
    if (candidates.length < BATCH || purgedThisBatch === 0) return purged;
  }
}
