-- Ledger (issue 4): the double-entry core. Every balance is a sum of transfers.
CREATE TABLE ledger_assets (
  code TEXT PRIMARY KEY CHECK (code ~ '^[A-Z0-9]{2,12}$'),
  decimals SMALLINT NOT NULL CHECK (decimals BETWEEN 0 AND 18)
);
INSERT INTO ledger_assets (code, decimals) VALUES ('USDT', 6), ('USDC', 6), ('BTC', 8), ('ETH', 18);

-- User accounts (available, held) keep a stored balance, locked and checked on every transfer.
-- Operator accounts (treasury, fees, clearing, charity, escrow) may go negative by design and
-- keep no stored balance: theirs is the sum of their entries, so no hot row serialises the
-- platform.
CREATE TABLE ledger_accounts (
  id BIGSERIAL PRIMARY KEY,
  book TEXT NOT NULL CHECK (book IN ('live', 'demo')),
  asset TEXT NOT NULL REFERENCES ledger_assets (code),
  kind TEXT NOT NULL CHECK (kind IN ('available', 'held', 'treasury', 'fees', 'clearing', 'charity', 'escrow')),
  user_id BIGINT,
  name TEXT NOT NULL DEFAULT '',
  balance NUMERIC(38, 0) NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK ((kind IN ('available', 'held')) = (user_id IS NOT NULL)),
  CHECK (kind IN ('available', 'held') OR balance = 0),
  -- No user account is ever negative.
  CHECK (balance >= 0),
  CHECK ((kind IN ('clearing', 'charity', 'escrow')) = (name <> '')),
  UNIQUE NULLS NOT DISTINCT (book, asset, kind, user_id, name),
  -- Target of the transfers' composite keys: a transfer cannot join accounts of two books or assets.
  UNIQUE (id, book, asset)
);

CREATE INDEX ledger_accounts_user_idx ON ledger_accounts (user_id, book) WHERE user_id IS NOT NULL;

CREATE TABLE ledger_transfers (
  id BIGSERIAL PRIMARY KEY,
  book TEXT NOT NULL,
  asset TEXT NOT NULL,
  debit_account_id BIGINT NOT NULL,
  credit_account_id BIGINT NOT NULL,
  amount NUMERIC(38, 0) NOT NULL CHECK (amount > 0),
  reason TEXT NOT NULL CHECK (reason ~ '^[a-z_]{3,40}$'),
  reference_type TEXT,
  reference_id TEXT,
  idempotency_key TEXT NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  -- Fingerprint of the parameters: the same key with different parameters is refused.
  request_hash TEXT NOT NULL,
  debit_balance_after NUMERIC(38, 0),
  credit_balance_after NUMERIC(38, 0),
  operator_id BIGINT,
  operator_reason TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (debit_account_id <> credit_account_id),
  CHECK ((operator_id IS NULL) = (operator_reason IS NULL)),
  FOREIGN KEY (debit_account_id, book, asset) REFERENCES ledger_accounts (id, book, asset),
  FOREIGN KEY (credit_account_id, book, asset) REFERENCES ledger_accounts (id, book, asset)
);
CREATE INDEX ledger_transfers_debit_idx ON ledger_transfers (debit_account_id, id);
CREATE INDEX ledger_transfers_credit_idx ON ledger_transfers (credit_account_id, id);

CREATE TABLE ledger_holds (
  id BIGSERIAL PRIMARY KEY,
  book TEXT NOT NULL,
  asset TEXT NOT NULL,
  user_id BIGINT NOT NULL,
  amount NUMERIC(38, 0) NOT NULL CHECK (amount > 0),
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'released', 'captured')),
  hold_transfer_id BIGINT NOT NULL REFERENCES ledger_transfers (id),
  settle_transfer_id BIGINT REFERENCES ledger_transfers (id),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  settled_at TIMESTAMPTZ,
  CHECK ((status = 'active') = (settle_transfer_id IS NULL))
);
