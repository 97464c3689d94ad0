-- Tron deposits (issue 15), owned by the payments module. The Tron watcher's position: a
-- TronGrid-style API answers the confirmed TRC-20 transfers into one address at a time, so the
-- position is kept per deposit address (the block time, ms, of the newest transfer recorded).
CREATE TABLE payments_tron_cursors (
  address TEXT PRIMARY KEY,
  last_timestamp BIGINT NOT NULL CHECK (last_timestamp >= 0),
  updated_at TIMESTAMPTZ NOT NULL
);

-- A Tron record has no block: the API answers only transfers already in solidified blocks, by
-- their time. Every other chain record keeps its block (the EVM watcher's reorg checks need it).
ALTER TABLE payments_deposits DROP CONSTRAINT payments_deposits_check1;
ALTER TABLE payments_deposits ADD CONSTRAINT payments_deposits_chain_record_check CHECK (
  source = 'manual'
  OR (tx_hash IS NOT NULL AND log_index IS NOT NULL
    AND (network = 'tron' OR (block_number IS NOT NULL AND block_hash IS NOT NULL)))
);
