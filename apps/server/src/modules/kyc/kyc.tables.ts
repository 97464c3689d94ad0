import type { KycDocumentType } from '@openbourse/contracts';
import type { DbView } from '../../platform/db/database.js';

/** The personal fields, each sealed on its own (BYTEA; null once a refused submission is purged). */
export const SEALED_FIELDS = [
  'first_name',
  'last_name',
  'sex',
  'birthdate',
  'country',
  'address',
  'area_code',
  'phone',
] as const;
export type SealedField = (typeof SEALED_FIELDS)[number];

/** What the kyc module owns (migration 0025). */
export type KycTables = {
  kyc_submissions: {
    id: string;
    /** BIGINT: arrives as a string. */
    user_id: string;
    /** 2 pending, 1 verified, 3 not passed. */
    status: 1 | 2 | 3;
    document_type: KycDocumentType;
    front_file_id: string;
    back_file_id: string | null;
    handheld_file_id: string;
    signature_file_id: string;
    submitted_at: Date;
    decided_at: Date | null;
    decided_by: string | null;
    rejection_reason: string | null;
    purged_at: Date | null;
  } & Record<SealedField, Buffer | null>;
};

export type KycDb = DbView<KycTables>;
