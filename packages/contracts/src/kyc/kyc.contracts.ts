import { z } from 'zod';
import { AREA_CODE_VALUES } from '../identity/area-codes.constants.js';
import { ZUploadId } from '../uploads/uploads.contracts.js';
import { ISO_COUNTRY_CODES } from './iso-countries.js';
import {
  KYC_DOCUMENT_TYPES,
  KYC_MIN_AGE_YEARS,
  KYC_REJECTION_REASONS,
  KYC_SEXES,
  KYC_STATUSES,
  type KycRejectionReason,
  kycNeedsBack,
} from './kyc.constants.js';

export * from './iso-countries.js';
export * from './kyc.constants.js';

/** Printable text: no control characters (a name or address is shown to reviewers as written). */
const PRINTABLE = /^[^\p{Cc}\p{Cs}]*$/u;

function personalText(min: number, max: number, what: string) {
  return z
    .string()
    .trim()
    .min(min, `${what} needs at least ${min} character${min === 1 ? '' : 's'}`)
    .max(max, `${what} takes at most ${max} characters`)
    .regex(PRINTABLE, `${what} contains a control character`);
}

function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const ZKycStatus = z
  .union(
    KYC_STATUSES.map((status) => z.literal(status)) as [
      z.ZodLiteral<0>,
      z.ZodLiteral<1>,
      z.ZodLiteral<2>,
      z.ZodLiteral<3>,
    ],
  )
  .describe(
    'Identity verification (SPEC §3 idefinderStatus): 0 not verified, 2 pending review, 1 verified, 3 not passed',
  );

export const ZKycSex = z.enum(KYC_SEXES).describe('`male`, `female` or `other`');
export const ZKycDocumentType = z
  .enum(KYC_DOCUMENT_TYPES)
  .describe('`id_card`, `driver_licence` or `passport` (a passport needs no back photo)');
export const ZKycBirthdate = z
  .string()
  .regex(/^(19|20)\d{2}-\d{2}-\d{2}$/, { message: 'a date as YYYY-MM-DD', abort: true })
  .refine(isCalendarDate, 'not a calendar date')
  .describe(
    `Date of birth, YYYY-MM-DD (from 1900). The user must be ${KYC_MIN_AGE_YEARS} or older on the day of submission, else 10198`,
  );
export const ZKycCountry = z
  .enum(ISO_COUNTRY_CODES)
  .describe('Country of residence, an ISO 3166-1 alpha-2 code in capitals (e.g. `GB`)');
export const ZKycAreaCode = z
  .enum(AREA_CODE_VALUES)
  .describe('The phone’s calling code, one of the 55 of GET /login/areaCodes (e.g. `+44`)');

const fileId = (what: string) =>
  ZUploadId.describe(`${what}: an upload of the caller (POST /upload); another user's or an unknown id answers 10185`);

export const ZKycSubmitRequest = z
  .object({
    firstName: personalText(1, 100, 'First name').describe('Given name(s) as on the document, 1–100 characters'),
    lastName: personalText(1, 100, 'Last name').describe('Family name as on the document, 1–100 characters'),
    sex: ZKycSex,
    birthdate: ZKycBirthdate,
    country: ZKycCountry,
    address: personalText(5, 300, 'Address').describe('Residential address, 5–300 characters'),
    areaCode: ZKycAreaCode,
    phone: z
      .string()
      .regex(/^[0-9]{4,15}$/, 'a phone number of 4 to 15 digits')
      .describe('The phone number without its calling code: 4–15 digits'),
    documentType: ZKycDocumentType,
    frontFileId: fileId('Photo of the front of the document (the photo page of a passport)'),
    backFileId: fileId('Photo of the back of the document')
      .optional()
      .describe(
        'Photo of the back of the document (an upload of the caller). Required for `id_card` and `driver_licence`; optional for `passport`, whose photo page is the front',
      ),
    handheldFileId: fileId('Photo of the user holding the document beside their face'),
    signatureFileId: fileId('The signature drawn on the form, a PNG image'),
  })
  .superRefine((request, issues) => {
    if (kycNeedsBack(request.documentType) && request.backFileId === undefined) {
      issues.addIssue({
        code: 'custom',
        path: ['backFileId'],
        message: 'the back of an identity card or driving licence is required',
      });
    }
    const ids = [request.frontFileId, request.backFileId, request.handheldFileId, request.signatureFileId].filter(
      (id): id is string => id !== undefined,
    );
    if (new Set(ids).size !== ids.length) {
      issues.addIssue({ code: 'custom', path: ['frontFileId'], message: 'each photo must be a different upload' });
    }
  })
  .describe(
    'An identity verification. Refused with 10019 while one is pending or after it is verified (a not-passed one may be submitted again), 10198 under 18, 10185 for a file that is not the caller’s upload, 10183 for a signature that is not a PNG',
  );
export type TKycSubmitRequest = z.infer<typeof ZKycSubmitRequest>;

/** What is held about the user, decrypted for the owner (and only for the owner). */
export const ZKycSubmission = z.object({
  id: z.string().describe('Submission id'),
  firstName: z.string(),
  lastName: z.string(),
  sex: ZKycSex,
  birthdate: z.string().describe('YYYY-MM-DD'),
  country: z.string().describe('ISO 3166-1 alpha-2'),
  address: z.string(),
  areaCode: z.string().describe('Calling code, e.g. `+44`'),
  phone: z.string().describe('Digits, without the calling code'),
  documentType: ZKycDocumentType,
  frontFileId: z.string().describe('Readable by the owner at GET /upload/{id}'),
  backFileId: z.string().nullable().describe('Null for a passport sent without one'),
  handheldFileId: z.string(),
  signatureFileId: z.string(),
});
export type TKycSubmission = z.infer<typeof ZKycSubmission>;

export const ZKycRejection = z.object({
  reason: z.enum(Object.keys(KYC_REJECTION_REASONS) as [KycRejectionReason, ...KycRejectionReason[]]),
  reasonText: z.string().describe("The reviewer's reason in the request's language"),
});

export const ZKycRecord = z.object({
  status: ZKycStatus,
  submission: ZKycSubmission.nullable().describe(
    'The latest submission as held (decrypted for its owner); null when none was ever made or when its data were purged after the retention period',
  ),
  submittedAt: z.string().nullable().describe('ISO 8601 time of the latest submission'),
  decidedAt: z.string().nullable().describe('ISO 8601 time the reviewer decided; null while pending'),
  rejection: ZKycRejection.nullable().describe('Why it was not passed (status 3); null otherwise'),
  purgeAfter: z
    .string()
    .nullable()
    .describe(
      'For a not-passed submission still held: the ISO 8601 time after which its personal data and photos are deleted',
    ),
  purgedAt: z.string().nullable().describe('When a not-passed submission’s personal data and photos were deleted'),
});
export type TKycRecord = z.infer<typeof ZKycRecord>;
