-- Deposits (issue 15), owned by the payments module: per-user deposit addresses derived from
-- DEPOSIT_XPUB, the chain watcher's cursor and recent block hashes (reorg detection), every
-- deposit seen on chain, tracked from a wallet or claimed by hand, the sweeps from deposit
-- addresses to the hot wallet, and wallet links.

-- The next derivation index of each network (child 0/index of the deposit xpub).
CREATE TABLE payments_address_sequences (
  network TEXT PRIMARY KEY,
  next_index INTEGER NOT NULL DEFAULT 0 CHECK (next_index >= 0)
);

CREATE TABLE payments_deposit_addresses (
  network TEXT NOT NULL,
  user_id BIGINT NOT NULL REFERENCES users (id),
  address_index INTEGER NOT NULL CHECK (address_index >= 0),
  -- EIP-55 checksummed; matched lower-cased.
  address TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (network, user_id),
  UNIQUE (network, address_index),
  UNIQUE (network, address)
);
CREATE INDEX payments_deposit_addresses_user_idx ON payments_deposit_addresses (user_id);

-- The watcher's position: the last block it has processed on each network.
CREATE TABLE payments_chain_cursors (
  network TEXT PRIMARY KEY,
  block_number BIGINT NOT NULL CHECK (block_number >= 0),
  updated_at TIMESTAMPTZ NOT NULL
);

-- The hashes of the recent processed blocks (a window deeper than the confirmations): a new
-- block whose parent hash differs from the stored one is a reorg.
CREATE TABLE payments_chain_blocks (
  network TEXT NOT NULL,
  block_number BIGINT NOT NULL CHECK (block_number >= 0),
  block_hash TEXT NOT NULL,
  parent_hash TEXT NOT NULL,
  PRIMARY KEY (network, block_number)
);

CREATE TABLE payments_deposits (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users (id),
  network TEXT NOT NULL,
  asset TEXT NOT NULL,
  amount NUMERIC(38, 18) NOT NULL CHECK (amount > 0),
  tx_hash TEXT,
  -- A token transfer's log index; -1 for a native transfer; NULL for a manual claim.
  log_index INTEGER,
  block_number BIGINT,
  block_hash TEXT,
  from_address TEXT,
  to_address TEXT,
  source TEXT NOT NULL CHECK (source IN ('watcher', 'wallet', 'manual')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'below_minimum', 'credited', 'pending_review', 'rejected', 'orphaned')),
  reason TEXT,
  -- The wallet flow's record (SPEC §4): the sending wallet, token, gas used.
  wallet_address TEXT,
  token_type TEXT,
  gas_used TEXT,
  -- Manual claims: the last six characters of the sender and the proof upload.
  from_last6 TEXT,
  proof_file_id TEXT,
  -- When the watcher found its block confirmed (head − block + 1 ≥ confirmations, still canonical).
  confirmed_at TIMESTAMPTZ,
  credit_transfer_id TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  credited_at TIMESTAMPTZ,
  CHECK ((status = 'credited') = (credited_at IS NOT NULL)),
  CHECK (source = 'manual' OR (tx_hash IS NOT NULL AND log_index IS NOT NULL AND block_number IS NOT NULL AND block_hash IS NOT NULL))
);
-- Exactly one record per on-chain transfer.
-- Hashes are stored lower-case.
CREATE UNIQUE INDEX payments_deposits_transfer_idx ON payments_deposits (network, tx_hash, log_index)
  WHERE log_index IS NOT NULL;
-- One live manual claim per hash (a rejected one may be claimed again).
CREATE UNIQUE INDEX payments_deposits_manual_idx ON payments_deposits (network, tx_hash)
  WHERE source = 'manual' AND status <> 'rejected';
CREATE INDEX payments_deposits_hash_idx ON payments_deposits (network, tx_hash);
CREATE INDEX payments_deposits_user_idx ON payments_deposits (user_id, created_at DESC, id DESC);
-- What the watcher confirms and credits.
CREATE INDEX payments_deposits_unconfirmed_idx ON payments_deposits (network, block_number)
  WHERE confirmed_at IS NULL AND status IN ('pending', 'below_minimum');

-- Sweeps from deposit addresses to the hot wallet. The signed transaction is stored before it is
-- broadcast (a crash re-sends the same transaction, never a second one).
CREATE TABLE payments_sweeps (
  id BIGSERIAL PRIMARY KEY,
  network TEXT NOT NULL,
  from_address TEXT NOT NULL,
  address_index INTEGER NOT NULL,
  asset TEXT NOT NULL,
  amount NUMERIC(38, 18) NOT NULL CHECK (amount > 0),
  to_address TEXT NOT NULL,
  gas_funding_hash TEXT,
  signed_tx TEXT,
  sweep_hash TEXT,
  status TEXT NOT NULL CHECK (status IN ('funding', 'signed', 'broadcast', 'confirmed', 'failed')),
  error TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX payments_sweeps_open_idx ON payments_sweeps (network, from_address, asset)
  WHERE status IN ('funding', 'signed', 'broadcast');
CREATE INDEX payments_sweeps_recent_idx ON payments_sweeps (created_at DESC, id DESC);

-- Wallet links: a wallet address proven by signing a server-issued message, one user per wallet.
CREATE TABLE payments_wallet_links (
  network TEXT NOT NULL,
  address TEXT NOT NULL,
  user_id BIGINT NOT NULL REFERENCES users (id),
  linked_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (network, address)
);
CREATE INDEX payments_wallet_links_user_idx ON payments_wallet_links (user_id);

-- Issued link messages: one-time, expiring nonces.
CREATE TABLE payments_wallet_link_nonces (
  nonce TEXT PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users (id),
  network TEXT NOT NULL,
  address TEXT NOT NULL,
  message TEXT NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ
);
CREATE INDEX payments_wallet_link_nonces_user_idx ON payments_wallet_link_nonces (user_id, expires_at);
