-- Loans (issue 17), owned by the lending module. A loan copies its product's terms when it is
-- offered, so a product changed later never alters it. Amounts are exact NUMERIC in the loan's
-- (or the collateral's) asset; the ledger holds the money, these rows hold the contract and its
-- balance (principal outstanding, interest accrued exact and unrounded, days accrued).
CREATE TABLE lending_loans (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  setting_id BIGINT NOT NULL REFERENCES lending_loan_settings (id),
  setting_version INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('unsecured', 'crypto_backed')),
  status TEXT NOT NULL CHECK (status IN ('awaiting_signature', 'pending_review', 'repaying', 'overdue',
    'repaid', 'liquidated', 'rejected', 'cancelled')),
  asset TEXT NOT NULL,
  asset_decimals INTEGER NOT NULL CHECK (asset_decimals BETWEEN 0 AND 18),
  principal NUMERIC NOT NULL CHECK (principal > 0),
  term_days INTEGER NOT NULL CHECK (term_days >= 1),
  daily_rate NUMERIC NOT NULL CHECK (daily_rate >= 0),
  interest_free_days INTEGER NOT NULL CHECK (interest_free_days >= 0),
  promised_interest NUMERIC NOT NULL CHECK (promised_interest >= 0),
  verification TEXT NOT NULL CHECK (verification IN ('unverified', 'verified')),
  -- Crypto-backed only: the collateral held in the ledger (available → held) and the thresholds.
  collateral_asset TEXT,
  collateral_decimals INTEGER,
  collateral_initial NUMERIC CHECK (collateral_initial > 0),
  collateral_amount NUMERIC CHECK (collateral_amount >= 0),
  initial_ltv NUMERIC,
  margin_call_ltv NUMERIC,
  liquidation_ltv NUMERIC,
  -- The LTV of the next margin-call warning (rises by MARGIN_CALL_REPEAT_STEP after each warning).
  next_warning_ltv NUMERIC,
  -- The borrower's verified name at signing and the typed confirmation: personal data, sealed.
  borrower_name_sealed BYTEA,
  typed_name_sealed BYTEA,
  signature_file_id TEXT,
  signed_at TIMESTAMPTZ,
  terms_hash TEXT CHECK (terms_hash ~ '^[0-9a-f]{64}$'),
  -- The agreement PDF in the encrypted file store.
  agreement_storage_key TEXT,
  agreement_sha256 TEXT,
  disbursed_at TIMESTAMPTZ,
  due_at TIMESTAMPTZ,
  -- The balance between events (domain LoanBalance).
  principal_outstanding NUMERIC NOT NULL CHECK (principal_outstanding >= 0),
  accrued_interest NUMERIC NOT NULL DEFAULT 0 CHECK (accrued_interest >= 0),
  accrued_days INTEGER NOT NULL DEFAULT 0 CHECK (accrued_days >= 0),
  interest_paid NUMERIC NOT NULL DEFAULT 0 CHECK (interest_paid >= 0),
  principal_paid NUMERIC NOT NULL DEFAULT 0 CHECK (principal_paid >= 0),
  written_off NUMERIC NOT NULL DEFAULT 0 CHECK (written_off >= 0),
  liquidations INTEGER NOT NULL DEFAULT 0 CHECK (liquidations >= 0),
  rejection_reason TEXT,
  rejection_note TEXT,
  overdue_notified_at TIMESTAMPTZ,
  idempotency_key TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  UNIQUE (user_id, idempotency_key),
  CHECK (
    (kind = 'unsecured' AND collateral_asset IS NULL AND collateral_amount IS NULL AND initial_ltv IS NULL)
    OR (kind = 'crypto_backed' AND collateral_asset IS NOT NULL AND collateral_decimals IS NOT NULL
      AND collateral_amount IS NOT NULL AND collateral_initial IS NOT NULL AND initial_ltv IS NOT NULL
      AND margin_call_ltv IS NOT NULL AND liquidation_ltv IS NOT NULL)
  ),
  -- Never paid out unsigned (SPEC §4 'Not Signed').
  CHECK (disbursed_at IS NULL OR (signed_at IS NOT NULL AND terms_hash IS NOT NULL))
);
CREATE INDEX lending_loans_user ON lending_loans (user_id, id DESC);
-- What the jobs and the LTV engine walk: the loans still owed, and the offers still open.
CREATE INDEX lending_loans_open ON lending_loans (status) WHERE status IN ('awaiting_signature', 'repaying', 'overdue');

-- A loan's history: every step with its amount and, for crypto-backed loans, the LTV and the
-- price (with its source) it was taken at. Append-only.
CREATE TABLE lending_loan_events (
  id BIGSERIAL PRIMARY KEY,
  loan_id BIGINT NOT NULL REFERENCES lending_loans (id),
  kind TEXT NOT NULL,
  amount NUMERIC,
  asset TEXT,
  ltv NUMERIC,
  price NUMERIC,
  price_source TEXT,
  price_time TIMESTAMPTZ,
  details JSONB NOT NULL DEFAULT '{}',
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX lending_loan_events_loan ON lending_loan_events (loan_id, id);

-- Repayment applications: the amount is held in the ledger at submission, captured (as a
-- repayment) on approval, released on rejection. One under review per loan at a time.
CREATE TABLE lending_repayment_applications (
  id BIGSERIAL PRIMARY KEY,
  loan_id BIGINT NOT NULL REFERENCES lending_loans (id),
  user_id BIGINT NOT NULL,
  amount NUMERIC NOT NULL CHECK (amount > 0),
  note TEXT,
  proof_file_id TEXT,
  hold_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('under_review', 'approved', 'rejected')),
  reason TEXT,
  reason_note TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  decided_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX lending_repayment_applications_one_open ON lending_repayment_applications (loan_id)
  WHERE status = 'under_review';
CREATE INDEX lending_repayment_applications_loan ON lending_repayment_applications (loan_id, id DESC);
