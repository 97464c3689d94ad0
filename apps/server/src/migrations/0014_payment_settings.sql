-- Payments settings per asset (issue 14): stored now, read by the payments issue when it checks a
-- deposit or a withdrawal. Owned by the payments module. Amounts are in the asset itself; no
-- foreign key to the ledger's assets (the walls are in the code): the rows are the assets the
-- ledger knows today, and a new asset gets its row in the migration that adds it.
CREATE TABLE payments_asset_settings (
  asset TEXT PRIMARY KEY,
  deposit_minimum NUMERIC(38, 18) NOT NULL CHECK (deposit_minimum >= 0),
  withdrawal_minimum NUMERIC(38, 18) NOT NULL DEFAULT 0 CHECK (withdrawal_minimum >= 0),
  -- NULL: no cap on a single withdrawal besides the balance.
  withdrawal_maximum NUMERIC(38, 18) CHECK (withdrawal_maximum IS NULL OR withdrawal_maximum >= withdrawal_minimum),
  withdrawal_fee_rate NUMERIC(12, 10) NOT NULL DEFAULT 0 CHECK (withdrawal_fee_rate >= 0 AND withdrawal_fee_rate < 1),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- SPEC §9: minimum deposits USDT 120, BTC 0.015, ETH 0.2 (USDC as USDT).
INSERT INTO payments_asset_settings (asset, deposit_minimum) VALUES
  ('USDT', 120), ('USDC', 120), ('BTC', 0.015), ('ETH', 0.2);
