-- Market data (issue 5): the instrument catalogue, one-minute candles per feed, the fee
-- schedule the home figures read, and users' watchlists.
CREATE TABLE market_instruments (
  id SERIAL PRIMARY KEY,
  code TEXT NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9.]{1,20}$'),
  type SMALLINT NOT NULL CHECK (type BETWEEN 1 AND 5),
  asset_class TEXT NOT NULL,
  name TEXT NOT NULL,
  base_currency TEXT NOT NULL,
  quote_currency TEXT NOT NULL,
  description TEXT NOT NULL,
  tick_size NUMERIC NOT NULL CHECK (tick_size > 0),
  contract_size NUMERIC NOT NULL CHECK (contract_size > 0),
  min_lots NUMERIC NOT NULL CHECK (min_lots > 0),
  max_lots NUMERIC NOT NULL CHECK (max_lots >= min_lots),
  lot_step NUMERIC NOT NULL CHECK (lot_step > 0),
  leverage_cap INTEGER NOT NULL CHECK (leverage_cap >= 1),
  hours TEXT NOT NULL,
  reference_price NUMERIC NOT NULL CHECK (reference_price > 0),
  logo JSONB NOT NULL,
  feed_symbols JSONB NOT NULL DEFAULT '{}',
  sort_order INTEGER NOT NULL,
  enabled BOOLEAN NOT NULL DEFAULT true
);

-- Candles are kept per source: a feed never overwrites or mixes with another feed's history.
CREATE TABLE market_candles_1m (
  instrument_id INTEGER NOT NULL REFERENCES market_instruments (id),
  source TEXT NOT NULL,
  open_time TIMESTAMPTZ NOT NULL CHECK (date_trunc('minute', open_time) = open_time),
  open NUMERIC NOT NULL,
  high NUMERIC NOT NULL,
  low NUMERIC NOT NULL,
  close NUMERIC NOT NULL,
  volume NUMERIC NOT NULL DEFAULT 0 CHECK (volume >= 0),
  CHECK (low <= open AND low <= close AND high >= open AND high >= close),
  PRIMARY KEY (instrument_id, source, open_time)
);

-- Trading fee rates per asset class (a ratio of notional: 0.001 = 0.1%). Trading (issue 6)
-- charges these; the home page shows the highest one.
CREATE TABLE market_fee_schedule (
  asset_class TEXT PRIMARY KEY,
  rate NUMERIC(12, 10) NOT NULL CHECK (rate >= 0 AND rate < 1)
);
INSERT INTO market_fee_schedule (asset_class, rate) VALUES
  ('forex_major', 0.0001), ('forex_minor', 0.0002), ('crypto', 0.001), ('stock', 0.0005),
  ('etf', 0.0005), ('index_major', 0.0002), ('index_minor', 0.0003), ('gold', 0.0003),
  ('commodity', 0.0003);

CREATE TABLE market_watchlist (
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  instrument_id INTEGER NOT NULL REFERENCES market_instruments (id),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, instrument_id)
);
