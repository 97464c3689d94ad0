-- Uploaded images (issue 15): KYC documents and payment proofs. Owned by the uploads module. The
-- bytes live in the encrypted file store (AES-256-GCM, platform/files), never in the database;
-- a row names the sealed file (storage_key) and what it holds. No foreign key to users (the walls
-- are in the code, ids are plain); the id is random and opaque, so it reveals nothing of how many
-- files there are or whose they are.
CREATE TABLE uploads_files (
  id TEXT PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{22}$'),
  owner_user_id BIGINT NOT NULL,
  content_type TEXT NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/jp2')),
  byte_size INTEGER NOT NULL CHECK (byte_size > 0),
  -- SHA-256 of the stored plaintext (after re-encoding), hex.
  sha256 TEXT NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  storage_key TEXT NOT NULL UNIQUE,
  created_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX uploads_files_owner ON uploads_files (owner_user_id, created_at DESC);
