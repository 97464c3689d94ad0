-- Review queues (issue 14): one generic model for every item an operator must approve or reject
-- before something happens (ledger adjustments now; deposits, withdrawals, KYC, loans and
-- repayments later). Owned by the review module; a kind's own module decides what approval does.
-- No foreign keys to other modules' tables (users): the walls are in the code, ids are plain.

-- The four-eyes threshold per kind, in USDT equivalent (SPEC §7): above it a second operator,
-- not the first, must approve too. NULL: one approval always decides.
CREATE TABLE review_kind_settings (
  kind TEXT PRIMARY KEY CHECK (kind IN ('adjustment', 'deposit', 'withdrawal', 'kyc', 'loan', 'repayment')),
  four_eyes_threshold NUMERIC(38, 18) CHECK (four_eyes_threshold IS NULL OR four_eyes_threshold >= 0),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

INSERT INTO review_kind_settings (kind, four_eyes_threshold) VALUES
  ('adjustment', 1000),
  ('deposit', NULL),
  ('withdrawal', 10000),
  ('kyc', NULL),
  ('loan', 10000),
  ('repayment', NULL);

CREATE TABLE review_items (
  id BIGSERIAL PRIMARY KEY,
  kind TEXT NOT NULL REFERENCES review_kind_settings (kind),
  -- What queued it, unique per kind: the same source can never be queued twice.
  source_key TEXT NOT NULL CHECK (length(source_key) BETWEEN 1 AND 200),
  user_id BIGINT NOT NULL,
  summary TEXT NOT NULL CHECK (length(summary) BETWEEN 1 AND 500),
  amount NUMERIC(38, 18),
  asset TEXT,
  -- What the kind's handler needs to carry the decision out (the adjustment's book, reason, key).
  payload JSONB NOT NULL DEFAULT '{}',
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  -- Approvals needed, counted when queued (the four-eyes rule), and the operator who asked for it
  -- when an operator did (their request counts as the first approval).
  required_approvals SMALLINT NOT NULL CHECK (required_approvals BETWEEN 1 AND 2),
  requested_by BIGINT,
  claimed_by BIGINT,
  claimed_at TIMESTAMPTZ,
  rejection_reason TEXT,
  rejection_note TEXT,
  decided_by BIGINT,
  decided_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (kind, source_key),
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK ((status = 'rejected') = (rejection_reason IS NOT NULL)),
  CHECK ((amount IS NULL) = (asset IS NULL))
);

CREATE INDEX review_items_queue_idx ON review_items (kind, status, id DESC);

CREATE TABLE review_approvals (
  item_id BIGINT NOT NULL REFERENCES review_items (id),
  operator_id BIGINT NOT NULL,
  approved_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (item_id, operator_id)
);
