-- Withdrawals (issue 15), owned by the payments module: the address book a withdrawal must pay
-- to, the withdrawals themselves (with the signed transaction stored before it is broadcast),
-- and the signer's nonces per network and hot-wallet address.

CREATE TABLE payments_withdrawal_addresses (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  network TEXT NOT NULL CHECK (network IN ('ethereum', 'sepolia', 'local', 'tron', 'bitcoin')),
  address TEXT NOT NULL CHECK (length(address) BETWEEN 1 AND 128),
  -- What makes two spellings the same address (EVM: lower case), unique per user and network.
  address_key TEXT NOT NULL,
  label TEXT NOT NULL DEFAULT '' CHECK (length(label) <= 60),
  -- SHA-256 of the e-mailed link's token; cleared once confirmed.
  token_hash BYTEA UNIQUE,
  token_expires_at TIMESTAMPTZ,
  confirmed_at TIMESTAMPTZ,
  -- confirmed_at + WITHDRAWAL_ADDRESS_COOLING_HOURS.
  usable_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (user_id, network, address_key),
  CHECK ((confirmed_at IS NULL) = (usable_at IS NULL))
);

CREATE TABLE payments_withdrawals (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  asset TEXT NOT NULL,
  network TEXT NOT NULL,
  address TEXT NOT NULL,
  amount NUMERIC(38, 18) NOT NULL CHECK (amount > 0),
  fee NUMERIC(38, 18) NOT NULL CHECK (fee >= 0),
  -- 'signed' is internal (the signed transaction is stored, not yet broadcast); the wire shows it
  -- as 'approved'.
  status TEXT NOT NULL CHECK (status IN
    ('submitted', 'pending_review', 'approved', 'signed', 'broadcast', 'completed', 'rejected', 'failed')),
  -- The UTC calendar day it was requested on (one per user per day).
  requested_day DATE NOT NULL,
  -- The ledger holds: the amount, and the fee (null when the fee is 0).
  amount_hold_id TEXT,
  fee_hold_id TEXT,
  review_item_id TEXT,
  signer_address TEXT,
  nonce BIGINT,
  signed_tx TEXT,
  tx_hash TEXT UNIQUE,
  signed_at TIMESTAMPTZ,
  broadcast_at TIMESTAMPTZ,
  mined_block BIGINT,
  -- Why it was rejected or failed: a code (`rejected:<reason>`, `chain:<reason>`), shown in the
  -- reader's language, and the operator's note.
  reason TEXT,
  reason_note TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  completed_at TIMESTAMPTZ,
  CHECK (status NOT IN ('signed', 'broadcast', 'completed') OR (signed_tx IS NOT NULL AND tx_hash IS NOT NULL))
);
-- One live transaction per nonce of a hot wallet; a dropped one's (failed) nonce is used again.
CREATE UNIQUE INDEX payments_withdrawals_nonce_idx ON payments_withdrawals (network, signer_address, nonce)
  WHERE nonce IS NOT NULL AND status <> 'failed';
CREATE INDEX payments_withdrawals_user_idx ON payments_withdrawals (user_id, id DESC);
CREATE INDEX payments_withdrawals_user_day_idx ON payments_withdrawals (user_id, requested_day);
CREATE INDEX payments_withdrawals_signer_idx ON payments_withdrawals (network, status)
  WHERE status IN ('approved', 'signed', 'broadcast');

-- The signer's next nonce per network and hot-wallet address (first read from the chain's
-- pending nonce), taken under a row lock in the transaction that stores the signed transaction.
CREATE TABLE payments_signer_nonces (
  network TEXT NOT NULL,
  address TEXT NOT NULL,
  next_nonce BIGINT NOT NULL CHECK (next_nonce >= 0),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (network, address)
);
