-- Loan settings (issue 17): the loan products operators offer, owned by the lending module. A loan
-- copies its product's terms when it is signed, so a change here never alters a loan taken.
-- Amounts are in the loan's asset, rates and LTVs are ratios, all exact NUMERIC (the service
-- canonicalises them on reading). No foreign key to the ledger's assets (the walls are in the
-- code): the service checks the assets against the ledger when a product is written.
CREATE TABLE lending_loan_settings (
  id BIGSERIAL PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('unsecured', 'crypto_backed')),
  asset TEXT NOT NULL,
  -- The terms offered in days, ascending, no repeats (the service sorts them).
  terms INTEGER[] NOT NULL CHECK (cardinality(terms) BETWEEN 1 AND 12 AND 0 < ALL (terms)),
  daily_rate NUMERIC NOT NULL CHECK (daily_rate >= 0 AND daily_rate < 0.1),
  interest_free_days INTEGER NOT NULL CHECK (interest_free_days >= 0),
  -- Limits per verification level. No unverified limit (both NULL): the product needs KYC, as
  -- every unsecured product does.
  unverified_min_amount NUMERIC CHECK (unverified_min_amount > 0),
  unverified_max_amount NUMERIC CHECK (unverified_max_amount >= unverified_min_amount),
  verified_min_amount NUMERIC NOT NULL CHECK (verified_min_amount > 0),
  verified_max_amount NUMERIC NOT NULL CHECK (verified_max_amount >= verified_min_amount),
  collateral_assets TEXT[] NOT NULL DEFAULT '{}',
  initial_ltv NUMERIC,
  margin_call_ltv NUMERIC,
  liquidation_ltv NUMERIC,
  enabled BOOLEAN NOT NULL DEFAULT false,
  -- Optimistic concurrency: every change names the version it read and adds one.
  version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
  -- Set on the sandbox's example products only: the seed inserts each key once, whatever runs it.
  seed_key TEXT UNIQUE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK ((unverified_min_amount IS NULL) = (unverified_max_amount IS NULL)),
  CHECK (kind = 'crypto_backed' OR unverified_min_amount IS NULL),
  CHECK (
    (kind = 'unsecured' AND cardinality(collateral_assets) = 0 AND initial_ltv IS NULL
      AND margin_call_ltv IS NULL AND liquidation_ltv IS NULL)
    OR (kind = 'crypto_backed' AND cardinality(collateral_assets) >= 1
      AND 0 < initial_ltv AND initial_ltv < margin_call_ltv AND margin_call_ltv < liquidation_ltv
      AND liquidation_ltv < 1)
  )
);
