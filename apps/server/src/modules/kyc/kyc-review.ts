import {
  isKycRejectionReason,
  KYC_REJECTION_REASONS,
  KYC_STATUS,
  type KycRejectionReason,
} from '@openbourse/contracts';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { inRetriedTransaction } from '../../platform/db/retried-transaction.js';
import { setKycStatus } from '../identity/index.js';
import { notifyUser } from '../notify/index.js';
import {
  payloadFileIds,
  type ReviewActor,
  type ReviewItem,
  type ReviewItemDescription,
  type ReviewKindHandler,
} from '../review/index.js';
import type { KycContext } from './kyc.context.js';
import { findSubmissions, lockSubmission, updateSubmission } from './kyc.repository.js';
import { fileIdsOf, openFields } from './sealed-fields.js';

function submissionIdOf(item: ReviewItem): string {
  const { submissionId } = item.payload;
  if (typeof submissionId !== 'string' || !/^[A-Za-z0-9_-]{22}$/.test(submissionId)) {
    throw new Error(`review item ${item.id} holds no kyc submission`);
  }
  return submissionId;
}

function reasonOf(item: ReviewItem): KycRejectionReason {
  const reason = item.rejectionReason;
  if (reason === null || !isKycRejectionReason(reason)) {
    throw new Error(`review item ${item.id}: not a kyc rejection reason`);
  }
  return reason;
}

/**
 * The kyc module's review kind `kyc` (issue 17), decided by a reviewer (SPEC §6; an admin holds
 * every role). Approval: the submission verified (1), the user's status 1 through identity's
 * face, the `kyc_passed` notification; rejection: not passed (3) with the reason, status 3,
 * `kyc_not_passed` with the reason in words — each in the decision's transaction, so the queue,
 * the submission, the user's status and the notification change together or not at all. The
 * user's cached sessions are forgotten after the commit.
 *
 * The queue's payload holds no personal data; `reveal` opens the sealed fields for the reviewer
 * who looks, with one `kyc.view` audit row per submission shown (the photos are logged by uploads
 * as each is opened: `uploads.view`).
 */
export function createKycReviewHandler(ctx: KycContext): ReviewKindHandler {
  return {
    kind: 'kyc',
    decideRole: 'reviewer',
    reasons: KYC_REJECTION_REASONS,
    inDecisionTransaction: async (work) => {
      const decidedUsers = new Set<string>();
      const result = await inRetriedTransaction(ctx.db, (trx) => {
        decidedUsers.clear();
        return work(trx, {
          approved: async (item, actor) => {
            const row = await lockSubmission(trx, submissionIdOf(item));
            if (!row || row.status !== KYC_STATUS.pending)
              throw new Error(`kyc submission of item ${item.id} not pending`);
            await updateSubmission(trx, row.id, {
              status: KYC_STATUS.verified,
              decided_at: ctx.clock.now(),
              decided_by: actor.operatorId,
            });
            await setKycStatus(trx, row.user_id, KYC_STATUS.verified);
            await notifyUser(trx, { userId: row.user_id, template: 'kyc_passed', params: {} });
            decidedUsers.add(row.user_id);
            return {
              before: { status: KYC_STATUS.pending },
              after: { status: KYC_STATUS.verified },
              details: { submissionId: row.id },
            };
          },
          rejected: async (item, actor) => {
            const reason = reasonOf(item);
            const row = await lockSubmission(trx, submissionIdOf(item));
            if (!row || row.status !== KYC_STATUS.pending)
              throw new Error(`kyc submission of item ${item.id} not pending`);
            await updateSubmission(trx, row.id, {
              status: KYC_STATUS.notPassed,
              decided_at: ctx.clock.now(),
              decided_by: actor.operatorId,
              rejection_reason: reason,
            });
            await setKycStatus(trx, row.user_id, KYC_STATUS.notPassed);
            // The reason's key, shown in the reader's language (notificationReason), and its
            // English words for a reader that does not know the key.
            await notifyUser(trx, {
              userId: row.user_id,
              template: 'kyc_not_passed',
              params: { reason: KYC_REJECTION_REASONS[reason].en, reasonCode: reason },
            });
            decidedUsers.add(row.user_id);
            return {
              before: { status: KYC_STATUS.pending },
              after: { status: KYC_STATUS.notPassed, reason },
              details: { submissionId: row.id },
            };
          },
        });
      });
      for (const userId of decidedUsers) ctx.identity.forgetUserSessions(userId);
      return result;
    },
    // Without a viewer (an item as a module's own answer): the document type and the photos only.
    describe: (item) => ({
      details: [
        { key: 'submissionId', value: String(item.payload.submissionId ?? '') },
        { key: 'documentType', value: String(item.payload.documentType ?? '') },
      ],
      fileIds: payloadFileIds(item.payload),
    }),
    reveal: (items, viewer) => revealSubmissions(ctx, items, viewer),
  };
}

/** The facts a reviewer decides on, opened from the sealed fields, each opening logged. */
async function revealSubmissions(
  ctx: KycContext,
  items: readonly ReviewItem[],
  viewer: ReviewActor,
): Promise<Map<string, ReviewItemDescription>> {
  const itemBySubmission = new Map(items.map((item) => [submissionIdOf(item), item]));
  const rows = await findSubmissions(ctx.db, [...itemBySubmission.keys()]);
  const described = new Map<string, ReviewItemDescription>();
  const opened: { submissionId: string; userId: string; itemId: string }[] = [];
  for (const row of rows) {
    const item = itemBySubmission.get(row.id);
    if (!item) continue;
    const fields = openFields(ctx.cipher, row);
    const details: ReviewItemDescription['details'] = [{ key: 'submissionId', value: row.id }];
    if (fields) {
      details.push(
        { key: 'firstName', value: fields.firstName },
        { key: 'lastName', value: fields.lastName },
        { key: 'sex', value: fields.sex },
        { key: 'birthdate', value: fields.birthdate },
        { key: 'country', value: fields.country },
        { key: 'address', value: fields.address },
        { key: 'phone', value: `${fields.areaCode} ${fields.phone}` },
      );
      opened.push({ submissionId: row.id, userId: row.user_id, itemId: item.id });
    }
    details.push({ key: 'documentType', value: row.document_type });
    if (row.purged_at) details.push({ key: 'purgedAt', value: row.purged_at.toISOString() });
    described.set(item.id, { details, fileIds: row.purged_at ? [] : fileIdsOf(row) });
  }
  if (opened.length > 0) {
    await ctx.db.transaction().execute(async (trx) => {
      for (const view of opened) {
        await recordAudit(trx, {
          actorUserId: viewer.operatorId,
          action: 'kyc.view',
          targetType: 'kyc_submission',
          targetId: view.submissionId,
          before: null,
          after: null,
          reason: null,
          details: { userId: view.userId, reviewItemId: view.itemId, via: 'review' },
          requestId: viewer.requestId,
          ip: viewer.ip,
        });
      }
    });
  }
  return described;
}
