-- Identity verification (issue 17), owned by the kyc module. One row per submission; a user
-- may submit again only after a refusal, so at most one submission per user is pending or
-- verified (the partial unique index: two submissions at once make one, the other is refused).
--
-- The personal fields are sealed field by field (AES-256-GCM, a key derived from FILE_STORE_KEY
-- for this purpose; platform/crypto/field-cipher.ts), each bound to its row and column: the
-- database holds no plaintext of them. The photos are uploads (sealed by the file store); the
-- row names them. A refused submission's fields and photos are deleted after the retention
-- period (KYC_RETENTION_DAYS): the row stays, with its status, reason and dates, and
-- `purged_at`. No foreign keys to users or uploads: the walls are in the code.
CREATE TABLE kyc_submissions (
  id TEXT PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{22}$'),
  user_id BIGINT NOT NULL,
  -- SPEC §3: 2 pending review, 1 verified, 3 not passed (0, not verified, is having no row).
  status SMALLINT NOT NULL CHECK (status IN (1, 2, 3)),
  document_type TEXT NOT NULL CHECK (document_type IN ('id_card', 'driver_licence', 'passport')),
  first_name BYTEA,
  last_name BYTEA,
  sex BYTEA,
  birthdate BYTEA,
  country BYTEA,
  address BYTEA,
  area_code BYTEA,
  phone BYTEA,
  front_file_id TEXT NOT NULL,
  back_file_id TEXT,
  handheld_file_id TEXT NOT NULL,
  signature_file_id TEXT NOT NULL,
  submitted_at TIMESTAMPTZ NOT NULL,
  decided_at TIMESTAMPTZ,
  decided_by BIGINT,
  rejection_reason TEXT,
  purged_at TIMESTAMPTZ,
  CHECK ((status = 2) = (decided_at IS NULL)),
  CHECK ((status = 3) = (rejection_reason IS NOT NULL)),
  -- Only a refused submission is ever purged; a purged one holds no personal field.
  CHECK (purged_at IS NULL OR status = 3),
  CHECK (
    (purged_at IS NULL) = (
      first_name IS NOT NULL AND last_name IS NOT NULL AND sex IS NOT NULL AND birthdate IS NOT NULL
      AND country IS NOT NULL AND address IS NOT NULL AND area_code IS NOT NULL AND phone IS NOT NULL
    )
  )
);

CREATE UNIQUE INDEX kyc_submissions_standing_idx ON kyc_submissions (user_id) WHERE status IN (1, 2);
CREATE INDEX kyc_submissions_user_idx ON kyc_submissions (user_id, submitted_at DESC);
-- The retention job's candidates: refused, not yet purged.
CREATE INDEX kyc_submissions_purge_idx ON kyc_submissions (decided_at) WHERE status = 3 AND purged_at IS NULL;

-- The user's real name comes from their verification, decrypted when asked (getUserInfo reads it
-- through the kyc module's port): identity keeps no plaintext copy. These columns were never
-- written (always NULL since 0003).
ALTER TABLE users DROP COLUMN first_name, DROP COLUMN last_name;
