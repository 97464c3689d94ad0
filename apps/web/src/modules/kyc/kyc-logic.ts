import type { TKycRecord, TKycSubmitRequest } from '@openbourse/contracts';
import {
  AREA_CODE_VALUES,
  ISO_COUNTRY_CODES,
  KYC_DOCUMENT_TYPES,
  KYC_MIN_AGE_YEARS,
  KYC_REVIEW_HOURS,
  KYC_SEXES,
  KYC_STATUS,
  type KycDocumentType,
  type KycSex,
  kycNeedsBack,
} from '@openbourse/contracts/constants';

/**
 * The KYC form's rules (issue 17), pure and mirroring the server's contract (packages/contracts/
 * src/kyc), so a mistake shows beside its field before a round trip. The server checks again and
 * decides: its refusals come back as catalogue codes.
 */

// ---------------------------------------------------------------------------------------------
// Dates and the age rule

export type CalendarDay = { year: number; month: number; day: number };

/** The earliest birth year the contract accepts (`(19|20)\d{2}`). */
export const EARLIEST_BIRTH_YEAR = 1900;

/** A `YYYY-MM-DD` text as a real calendar day, or null (31 April, 29 February 2025 and malformed texts). */
export function parseIsoDay(text: string): CalendarDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const isReal = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isReal ? { year, month, day } : null;
}

export function formatIsoDay({ year, month, day }: CalendarDay): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The calendar day a moment falls on where the reader is (their device's time zone). */
export function localDay(moment: Date): CalendarDay {
  return { year: moment.getFullYear(), month: moment.getMonth() + 1, day: moment.getDate() };
}

function compareDays(a: CalendarDay, b: CalendarDay): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/**
 * Age in whole years on `today`: the years between, less one while this year's birthday is
 * still ahead. Someone born on 29 February has their birthday on 1 March in other years (on
 * 28 February it is still ahead), as the comparison of (month, day) gives.
 */
export function ageOn(birth: CalendarDay, today: CalendarDay): number {
  const years = today.year - birth.year;
  const birthdayAhead = today.month < birth.month || (today.month === birth.month && today.day < birth.day);
  return birthdayAhead ? years - 1 : years;
}

export function isOldEnough(birth: CalendarDay, today: CalendarDay, minAge = KYC_MIN_AGE_YEARS): boolean {
  return ageOn(birth, today) >= minAge;
}

/**
 * The latest birth date of someone `minAge` or older on `today` (the date field's `max`): the
 * same day `minAge` years before, or 28 February when that year has no 29th.
 */
export function latestBirthdate(today: CalendarDay, minAge = KYC_MIN_AGE_YEARS): string {
  const year = today.year - minAge;
  const day = parseIsoDay(formatIsoDay({ year, month: today.month, day: today.day })) ? today.day : today.day - 1;
  return formatIsoDay({ year, month: today.month, day });
}

export type BirthdateProblem = 'required' | 'format' | 'tooEarly' | 'future' | 'underage';

export function birthdateProblem(text: string, today: CalendarDay): BirthdateProblem | null {
  if (text.trim() === '') return 'required';
  const birth = parseIsoDay(text);
  if (!birth) return 'format';
  if (birth.year < EARLIEST_BIRTH_YEAR) return 'tooEarly';
  if (compareDays(birth, today) > 0) return 'future';
  return isOldEnough(birth, today) ? null : 'underage';
}

// ---------------------------------------------------------------------------------------------
// The form

export type KycStep = 'personal' | 'document' | 'signature' | 'review';
export const KYC_STEPS: readonly KycStep[] = ['personal', 'document', 'signature', 'review'];

export type KycDraft = {
  firstName: string;
  lastName: string;
  sex: KycSex | '';
  birthdate: string;
  country: string;
  address: string;
  areaCode: string;
  phone: string;
  documentType: KycDocumentType | '';
  frontFileId: string | null;
  backFileId: string | null;
  handheldFileId: string | null;
  signatureFileId: string | null;
};
export type KycField = keyof KycDraft;

export const EMPTY_DRAFT: KycDraft = {
  firstName: '',
  lastName: '',
  sex: '',
  birthdate: '',
  country: '',
  address: '',
  areaCode: '',
  phone: '',
  documentType: '',
  frontFileId: null,
  backFileId: null,
  handheldFileId: null,
  signatureFileId: null,
};

/** Which step asks for each field (where a refusal naming the field sends the user back). */
export const FIELD_STEP: Record<KycField, KycStep> = {
  firstName: 'personal',
  lastName: 'personal',
  sex: 'personal',
  birthdate: 'personal',
  country: 'personal',
  address: 'personal',
  areaCode: 'personal',
  phone: 'personal',
  documentType: 'document',
  frontFileId: 'document',
  backFileId: 'document',
  handheldFileId: 'document',
  signatureFileId: 'signature',
};

/** The contract's lengths (after trimming). */
export const TEXT_LIMITS = {
  firstName: { min: 1, max: 100 },
  lastName: { min: 1, max: 100 },
  address: { min: 5, max: 300 },
} as const;
export const PHONE_DIGITS = { min: 4, max: 15 } as const;

export type FieldProblem =
  | { problem: 'required' }
  | { problem: 'choose' }
  | { problem: 'tooShort'; min: number }
  | { problem: 'tooLong'; max: number }
  | { problem: 'control' }
  | { problem: 'phone'; min: number; max: number }
  | { problem: 'photo' }
  | { problem: 'samePhoto' }
  | { problem: 'signature' }
  | { problem: 'signatureShort' }
  /** Named by the server's refusal of the submission (its words are not the reader's language). */
  | { problem: 'refused' }
  | { problem: BirthdateProblem };

export type FieldProblems = Partial<Record<KycField, FieldProblem>>;

/** Control characters (and lone surrogates) are refused by the contract: a name is shown as written. */
const CONTROL = /[\p{Cc}\p{Cs}]/u;

function textProblem(value: string, limits: { min: number; max: number }): FieldProblem | null {
  const text = value.trim();
  if (text === '') return { problem: 'required' };
  // The contract counts UTF-16 code units (zod's string length), so this does too.
  if (text.length < limits.min) return { problem: 'tooShort', min: limits.min };
  if (text.length > limits.max) return { problem: 'tooLong', max: limits.max };
  if (CONTROL.test(text)) return { problem: 'control' };
  return null;
}

/** The phone as sent: the digits only, spaces, dots, dashes and brackets people type left out. */
export function normalisePhone(text: string): string {
  return text.replace(/[\s.\-()]/g, '');
}

const COUNTRIES = new Set<string>(ISO_COUNTRY_CODES);
const AREA_CODES = new Set<string>(AREA_CODE_VALUES);

/** Problems of the personal-details step, by field. */
export function personalProblems(draft: KycDraft, today: CalendarDay): FieldProblems {
  const found: FieldProblems = {};
  for (const field of ['firstName', 'lastName', 'address'] as const) {
    const problem = textProblem(draft[field], TEXT_LIMITS[field]);
    if (problem) found[field] = problem;
  }
  if (!(KYC_SEXES as readonly string[]).includes(draft.sex)) found.sex = { problem: 'choose' };
  const birth = birthdateProblem(draft.birthdate, today);
  if (birth) found.birthdate = { problem: birth };
  if (!COUNTRIES.has(draft.country)) found.country = { problem: 'choose' };
  if (!AREA_CODES.has(draft.areaCode)) found.areaCode = { problem: 'choose' };
  const phone = normalisePhone(draft.phone);
  if (phone === '') found.phone = { problem: 'required' };
  else if (!new RegExp(`^[0-9]{${PHONE_DIGITS.min},${PHONE_DIGITS.max}}$`).test(phone)) {
    found.phone = { problem: 'phone', ...PHONE_DIGITS };
  }
  return found;
}

/** Problems of the document step: a type, the photos it needs, each a different upload. */
export function documentProblems(draft: KycDraft): FieldProblems {
  const found: FieldProblems = {};
  const type = (KYC_DOCUMENT_TYPES as readonly string[]).includes(draft.documentType)
    ? (draft.documentType as KycDocumentType)
    : null;
  if (!type) found.documentType = { problem: 'choose' };
  if (!draft.frontFileId) found.frontFileId = { problem: 'photo' };
  if (!draft.backFileId && (type === null || kycNeedsBack(type))) found.backFileId = { problem: 'photo' };
  if (!draft.handheldFileId) found.handheldFileId = { problem: 'photo' };
  const photos = [draft.frontFileId, type && !kycNeedsBack(type) ? null : draft.backFileId, draft.handheldFileId];
  const chosen = photos.filter((id): id is string => Boolean(id));
  if (new Set(chosen).size !== chosen.length) found.handheldFileId = { problem: 'samePhoto' };
  return found;
}

export function signatureProblems(draft: KycDraft): FieldProblems {
  return draft.signatureFileId ? {} : { signatureFileId: { problem: 'signature' } };
}

/** The problems that keep `step` from being left forwards (the review step has none of its own). */
export function stepProblems(step: KycStep, draft: KycDraft, today: CalendarDay): FieldProblems {
  if (step === 'personal') return personalProblems(draft, today);
  if (step === 'document') return documentProblems(draft);
  if (step === 'signature') return signatureProblems(draft);
  return {};
}

/** Every problem of the whole form, and the first step that has one (null when it can be sent). */
export function firstStepWithProblems(draft: KycDraft, today: CalendarDay): KycStep | null {
  return KYC_STEPS.find((step) => Object.keys(stepProblems(step, draft, today)).length > 0) ?? null;
}

/**
 * The request the form sends: texts trimmed, the phone's digits only, a passport's missing back
 * left out. Call it once the form has no problems (the ids are then present).
 */
export function submitRequest(draft: KycDraft): TKycSubmitRequest {
  const documentType = draft.documentType as KycDocumentType;
  const sendsBack = draft.backFileId !== null && kycNeedsBack(documentType);
  return {
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    sex: draft.sex as KycSex,
    birthdate: draft.birthdate.trim(),
    country: draft.country as TKycSubmitRequest['country'],
    address: draft.address.trim(),
    areaCode: draft.areaCode as TKycSubmitRequest['areaCode'],
    phone: normalisePhone(draft.phone),
    documentType,
    frontFileId: draft.frontFileId as string,
    ...(sendsBack ? { backFileId: draft.backFileId as string } : {}),
    handheldFileId: draft.handheldFileId as string,
    signatureFileId: draft.signatureFileId as string,
  };
}

/**
 * The form fields a schema refusal (10100, `data.issues[].path` like `body.phone`) names, in
 * the form's order, so the form can show them and go back to the first one's step.
 */
export function fieldsNamedByRefusal(data: unknown): KycField[] {
  const issues = (data as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return [];
  const named = new Set<string>();
  for (const issue of issues) {
    const path = (issue as { path?: unknown } | null)?.path;
    if (typeof path === 'string' && path.startsWith('body.')) named.add(path.slice('body.'.length).split('.')[0] ?? '');
  }
  return (Object.keys(FIELD_STEP) as KycField[]).filter((field) => named.has(field));
}

/**
 * The personal details of a submission that was not passed, to start the new one from (the
 * photos and the signature are taken again: the reviewer refused the last ones, and they are
 * deleted after the retention period).
 */
export function draftFromRecord(record: TKycRecord | undefined): KycDraft {
  const held = record?.status === KYC_STATUS.notPassed ? record.submission : null;
  if (!held) return EMPTY_DRAFT;
  return {
    ...EMPTY_DRAFT,
    firstName: held.firstName,
    lastName: held.lastName,
    sex: held.sex,
    birthdate: held.birthdate,
    country: held.country,
    address: held.address,
    areaCode: held.areaCode,
    phone: held.phone,
    documentType: held.documentType,
  };
}

// ---------------------------------------------------------------------------------------------
// The status, as the profile and /loan show it

export type KycView =
  | { kind: 'notVerified'; canSubmit: true }
  | { kind: 'pending'; canSubmit: false; submittedAt: string | null; reviewBy: string | null }
  | { kind: 'verified'; canSubmit: false; decidedAt: string | null }
  | {
      kind: 'notPassed';
      canSubmit: true;
      reasonText: string | null;
      decidedAt: string | null;
      /** When the refused photos and details are deleted (null once they are, or if unknown). */
      purgeAfter: string | null;
      purgedAt: string | null;
    };

/** SPEC §4: not verified → pending review (up to 48 h) → verified, or not passed with the reason (submit again). */
export function kycView(
  record: Pick<TKycRecord, 'status' | 'submittedAt' | 'decidedAt' | 'rejection' | 'purgeAfter' | 'purgedAt'>,
): KycView {
  switch (record.status) {
    case KYC_STATUS.pending:
      return {
        kind: 'pending',
        canSubmit: false,
        submittedAt: record.submittedAt,
        reviewBy: record.submittedAt ? reviewDeadline(record.submittedAt) : null,
      };
    case KYC_STATUS.verified:
      return { kind: 'verified', canSubmit: false, decidedAt: record.decidedAt };
    case KYC_STATUS.notPassed:
      return {
        kind: 'notPassed',
        canSubmit: true,
        reasonText: record.rejection?.reasonText ?? null,
        decidedAt: record.decidedAt,
        purgeAfter: record.purgedAt ? null : record.purgeAfter,
        purgedAt: record.purgedAt,
      };
    default:
      return { kind: 'notVerified', canSubmit: true };
  }
}

/** The latest a review should take: KYC_REVIEW_HOURS after the submission (an ISO time; null for a bad one). */
export function reviewDeadline(submittedAt: string): string | null {
  const time = Date.parse(submittedAt);
  return Number.isNaN(time) ? null : new Date(time + KYC_REVIEW_HOURS * 3_600_000).toISOString();
}

// ---------------------------------------------------------------------------------------------
// The signature

export type InkPoint = { x: number; y: number };
export type InkStroke = readonly InkPoint[];

/** The length of the lines drawn, in CSS pixels (a stroke of one point is a dot: no length). */
export function inkLength(strokes: readonly InkStroke[]): number {
  let total = 0;
  for (const stroke of strokes) {
    for (let index = 1; index < stroke.length; index += 1) {
      const from = stroke[index - 1] as InkPoint;
      const to = stroke[index] as InkPoint;
      total += Math.hypot(to.x - from.x, to.y - from.y);
    }
  }
  return total;
}

/** The least ink that counts as a signature rather than a slip of the finger or a dot. */
export const MIN_SIGNATURE_INK_PX = 60;

export function isSignatureDrawn(strokes: readonly InkStroke[]): boolean {
  return inkLength(strokes) >= MIN_SIGNATURE_INK_PX;
}
