import type { KycSex } from '@openbourse/contracts';
import type { FieldCipher } from '../../platform/crypto/field-cipher.js';
import type { SubmissionRow } from './kyc.repository.js';
import type { SealedField } from './kyc.tables.js';

/** A submission's personal fields in the clear: only ever in memory, never in a row or a log line. */
export type PersonalFields = {
  firstName: string;
  lastName: string;
  sex: KycSex;
  birthdate: string;
  country: string;
  address: string;
  areaCode: string;
  phone: string;
};

const COLUMNS: Record<keyof PersonalFields, SealedField> = {
  firstName: 'first_name',
  lastName: 'last_name',
  sex: 'sex',
  birthdate: 'birthdate',
  country: 'country',
  address: 'address',
  areaCode: 'area_code',
  phone: 'phone',
};
const NAMES = Object.keys(COLUMNS) as (keyof PersonalFields)[];

/** Where a sealed value belongs: bound into its ciphertext, so it opens only in its own row and column. */
function placeOf(submissionId: string, column: SealedField): string {
  return `kyc_submissions/${submissionId}/${column}`;
}

export function sealFields(
  cipher: FieldCipher,
  submissionId: string,
  fields: PersonalFields,
): Record<SealedField, Buffer> {
  const sealed = {} as Record<SealedField, Buffer>;
  for (const name of NAMES) sealed[COLUMNS[name]] = cipher.seal(fields[name], placeOf(submissionId, COLUMNS[name]));
  return sealed;
}

/** The row's personal fields opened, or null once they were purged. */
export function openFields(cipher: FieldCipher, row: SubmissionRow): PersonalFields | null {
  if (row.purged_at !== null) return null;
  const open = (name: keyof PersonalFields): string => {
    const column = COLUMNS[name];
    const sealed = row[column];
    if (sealed === null) throw new Error(`kyc submission ${row.id}: ${column} missing though not purged`);
    return cipher.open(sealed, placeOf(row.id, column));
  };
  return {
    firstName: open('firstName'),
    lastName: open('lastName'),
    sex: open('sex') as KycSex,
    birthdate: open('birthdate'),
    country: open('country'),
    address: open('address'),
    areaCode: open('areaCode'),
    phone: open('phone'),
  };
}

/** Only the names (the user's own user info, an admin's user page). */
export function openNames(cipher: FieldCipher, row: SubmissionRow): { firstName: string; lastName: string } | null {
  if (row.purged_at !== null || row.first_name === null || row.last_name === null) return null;
  return {
    firstName: cipher.open(row.first_name, placeOf(row.id, 'first_name')),
    lastName: cipher.open(row.last_name, placeOf(row.id, 'last_name')),
  };
}

/** The photos a submission names, front, back (when sent), hand-held, signature. */
export function fileIdsOf(row: SubmissionRow): string[] {
  return [row.front_file_id, row.back_file_id, row.handheld_file_id, row.signature_file_id].filter(
    (id): id is string => id !== null,
  );
}
