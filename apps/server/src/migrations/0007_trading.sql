-- Trading (issue 6): leveraged positions and pending orders. Money never lives here: the
-- margin is a ledger hold, the fee and the realised P&L are ledger transfers; these columns
-- record what was done (in USDT minor units) so statements and history can name it.
CREATE TABLE trading_positions (
  id BIGSERIAL PRIMARY KEY,
  order_no TEXT NOT NULL UNIQUE CHECK (order_no ~ '^[A-Z0-9-]{6,40}$'),
  user_id BIGINT NOT NULL REFERENCES users (id),
  book TEXT NOT NULL CHECK (book IN ('live', 'demo')),
  instrument_id INTEGER NOT NULL REFERENCES market_instruments (id),
  side TEXT NOT NULL CHECK (side IN ('long', 'short')),
  order_type TEXT NOT NULL CHECK (order_type IN ('market', 'limit', 'stop')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'open', 'closed', 'cancelled')),
  lots NUMERIC NOT NULL CHECK (lots > 0),
  leverage INTEGER NOT NULL CHECK (leverage >= 1),
  entry_price NUMERIC CHECK (entry_price > 0),
  open_price NUMERIC CHECK (open_price > 0),
  opened_at TIMESTAMPTZ,
  stop_loss NUMERIC CHECK (stop_loss > 0),
  take_profit NUMERIC CHECK (take_profit > 0),
  trailing_distance NUMERIC CHECK (trailing_distance > 0),
  margin NUMERIC(38, 0) NOT NULL DEFAULT 0 CHECK (margin >= 0),
  margin_hold_id BIGINT,
  fee NUMERIC(38, 0) NOT NULL DEFAULT 0 CHECK (fee >= 0),
  close_price NUMERIC CHECK (close_price > 0),
  closed_at TIMESTAMPTZ,
  close_reason TEXT CHECK (close_reason IN ('manual', 'stop_loss', 'take_profit', 'trailing_stop', 'stop_out', 'cancelled')),
  close_note TEXT,
  realised_pnl NUMERIC(38, 0),
  -- The notional in USDT at open (minor units): the 24-hour traded volume sums it.
  notional NUMERIC(38, 0) NOT NULL DEFAULT 0,
  -- A partial close books the closed part as its own closed record pointing at the position.
  parent_id BIGINT REFERENCES trading_positions (id),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK ((status IN ('open', 'closed')) = (open_price IS NOT NULL) OR status = 'cancelled'),
  CHECK ((status = 'closed') = (closed_at IS NOT NULL AND close_reason IS NOT NULL AND close_price IS NOT NULL))
);
CREATE INDEX trading_positions_user_idx ON trading_positions (user_id, book, status, id DESC);
CREATE INDEX trading_positions_live_idx ON trading_positions (instrument_id) WHERE status IN ('open', 'pending');
CREATE INDEX trading_positions_opened_idx ON trading_positions (opened_at) WHERE parent_id IS NULL;

-- Invite programme steps (SPEC §4 "Referral"): the trading module records "trade" the first
-- time an invited user opens a position; the invite screens read these later.
CREATE TABLE referral_events (
  user_id BIGINT NOT NULL REFERENCES users (id),
  step TEXT NOT NULL CHECK (step IN ('register', 'fund', 'trade')),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, step)
);
