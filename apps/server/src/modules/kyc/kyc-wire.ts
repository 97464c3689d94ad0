import {
  isKycRejectionReason,
  KYC_REJECTION_REASONS,
  KYC_STATUS,
  type Language,
  type TKycRecord,
} from '@openbourse/contracts';
import type { KycContext } from './kyc.context.js';
import type { SubmissionRow } from './kyc.repository.js';
import { openFields } from './sealed-fields.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What is held about a user's verification, as its owner is shown it (fields decrypted for them). */
export function toRecord(ctx: KycContext, row: SubmissionRow | undefined, language: Language): TKycRecord {
  if (!row) {
    return {
      status: KYC_STATUS.notVerified,
      submission: null,
      submittedAt: null,
      decidedAt: null,
      rejection: null,
      purgeAfter: null,
      purgedAt: null,
    };
  }
  const fields = openFields(ctx.cipher, row);
  const reason = row.rejection_reason;
  return {
    status: row.status,
    submission: fields
      ? {
          id: row.id,
          ...fields,
          sex: fields.sex,
          documentType: row.document_type,
          frontFileId: row.front_file_id,
          backFileId: row.back_file_id,
          handheldFileId: row.handheld_file_id,
          signatureFileId: row.signature_file_id,
        }
      : null,
    submittedAt: row.submitted_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    rejection:
      reason !== null && isKycRejectionReason(reason)
        ? { reason, reasonText: KYC_REJECTION_REASONS[reason][language] }
        : null,
    purgeAfter:
      row.status === KYC_STATUS.notPassed && row.purged_at === null && row.decided_at
        ? new Date(row.decided_at.getTime() + ctx.retentionDays * DAY_MS).toISOString()
        : null,
    purgedAt: row.purged_at?.toISOString() ?? null,
  };
}
