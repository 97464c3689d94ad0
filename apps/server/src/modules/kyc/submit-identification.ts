import { randomBytes } from 'node:crypto';
import {
  KYC_MIN_AGE_YEARS,
  KYC_STATUS,
  type KycDocumentType,
  type Language,
  type TKycRecord,
  type TKycSubmitRequest,
} from '@openbourse/contracts';
import { inRetriedTransaction } from '../../platform/db/retried-transaction.js';
import { AppError } from '../../platform/errors/app-error.js';
import { setKycStatus } from '../identity/index.js';
import { ownUploadType } from '../uploads/index.js';
import type { KycContext, KycRequestMeta } from './kyc.context.js';
import { findLatestSubmission, insertSubmission } from './kyc.repository.js';
import { toRecord } from './kyc-wire.js';
import { sealFields } from './sealed-fields.js';

/** The document as the back office's queue summary names it (the summary is stored, in English, like every queue's). */
const DOCUMENT_IN_WORDS: Record<KycDocumentType, string> = {
  id_card: 'identity card',
  driver_licence: 'driving licence',
  passport: 'passport',
};

/** Whole years from a YYYY-MM-DD birth date to `now`'s UTC day (a 29 February birthday comes on 1 March). */
export function ageInYears(birthdate: string, now: Date): number {
  const [year, month, day] = birthdate.split('-').map(Number) as [number, number, number];
  const hadBirthday = now.getUTCMonth() + 1 > month || (now.getUTCMonth() + 1 === month && now.getUTCDate() >= day);
  return now.getUTCFullYear() - year - (hadBirthday ? 0 : 1);
}

/**
 * Submits an identity verification (issue 17): checked (the age; every photo is the caller's own
 * upload; the signature a PNG), then in one transaction: the submission with its personal fields
 * sealed field by field, the user's status 2 (pending) through identity's face, and the `kyc`
 * review item, whose payload names the submission and its photos and holds no personal data.
 * A pending or verified submission refuses another (10019); so does the unique index when two
 * arrive at once — one is made, the other refused.
 */
export async function submitIdentification(
  ctx: KycContext,
  caller: { userId: string } & KycRequestMeta,
  input: TKycSubmitRequest,
  language: Language,
): Promise<TKycRecord> {
  const { userId } = caller;
  const now = ctx.clock.now();
  if (ageInYears(input.birthdate, now) < KYC_MIN_AGE_YEARS) throw new AppError('KYC_UNDERAGE');
  const latest = await findLatestSubmission(ctx.db, userId);
  if (latest && latest.status !== KYC_STATUS.notPassed) throw new AppError('AUTHENTICATION_STATUS_WRONG');

  const photos = [input.frontFileId, input.backFileId, input.handheldFileId, input.signatureFileId].filter(
    (id): id is string => id !== undefined,
  );
  for (const fileId of photos) {
    const type = await ownUploadType(ctx.db, fileId, userId);
    if (type === null) throw new AppError('UPLOAD_NOT_FOUND');
    // A signature is drawn on the form's canvas and sent as a PNG (SPEC §2); a photo is not one.
    if (fileId === input.signatureFileId && type !== 'image/png') throw new AppError('UPLOAD_TYPE_UNSUPPORTED');
  }

  const id = randomBytes(16).toString('base64url');
  const sealed = sealFields(ctx.cipher, id, {
    firstName: input.firstName,
    lastName: input.lastName,
    sex: input.sex,
    birthdate: input.birthdate,
    country: input.country,
    address: input.address,
    areaCode: input.areaCode,
    phone: input.phone,
  });
  await inRetriedTransaction(ctx.db, async (trx) => {
    await insertSubmission(trx, {
      id,
      user_id: userId,
      status: KYC_STATUS.pending,
      document_type: input.documentType,
      ...sealed,
      front_file_id: input.frontFileId,
      back_file_id: input.backFileId ?? null,
      handheld_file_id: input.handheldFileId,
      signature_file_id: input.signatureFileId,
      submitted_at: now,
      decided_at: null,
      decided_by: null,
      rejection_reason: null,
      purged_at: null,
    });
    if (!(await setKycStatus(trx, userId, KYC_STATUS.pending))) throw new AppError('USER_NOT_FOUND');
    await ctx.reviews.submit(trx, {
      kind: 'kyc',
      sourceKey: `kyc:${id}`,
      userId,
      // The summary is copied into audit rows, which are never deleted: no personal data in it.
      // The document in words ("id_card" read as a code in the queue's list and drawer).
      summary: `Identity verification: ${DOCUMENT_IN_WORDS[input.documentType]}`,
      amount: null,
      asset: null,
      payload: { submissionId: id, documentType: input.documentType, fileIds: photos },
      requestedBy: null,
      requestId: caller.requestId ?? 'kyc',
      ip: caller.ip,
    });
  }).catch((error: unknown) => {
    // The one standing submission per user: another submission committed first.
    if ((error as { code?: unknown }).code === '23505') throw new AppError('AUTHENTICATION_STATUS_WRONG');
    throw error;
  });
  ctx.identity.forgetUserSessions(userId);
  return toRecord(ctx, await findLatestSubmission(ctx.db, userId), language);
}
