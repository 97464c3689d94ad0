-- Options (issue 19): products kept by operators (one per underlying), the expiries each lists
-- (on its schedules or by an operator), the series of an expiry (a call and a put per strike on a
-- grid around the price when it was listed) and the orders users buy. Money and prices are exact
-- NUMERIC in the quote asset's units; an order's premium, fee and reserve are fixed when bought.
CREATE TABLE options_products (
  id BIGSERIAL PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  asset TEXT NOT NULL,
  schedules TEXT[] NOT NULL CHECK (schedules <@ ARRAY['daily', 'weekly', 'monthly']::TEXT[]),
  expiry_minute_of_day INTEGER NOT NULL CHECK (expiry_minute_of_day BETWEEN 0 AND 1439),
  strike_step NUMERIC NOT NULL CHECK (strike_step > 0),
  strikes_each_side INTEGER NOT NULL CHECK (strikes_each_side BETWEEN 1 AND 25),
  contract_size NUMERIC NOT NULL CHECK (contract_size > 0),
  call_cap_share NUMERIC NOT NULL CHECK (call_cap_share > 0),
  spread_rate NUMERIC NOT NULL CHECK (spread_rate >= 0 AND spread_rate < 1),
  min_premium NUMERIC NOT NULL CHECK (min_premium >= 0),
  fee_rate NUMERIC NOT NULL CHECK (fee_rate >= 0 AND fee_rate < 1),
  rate NUMERIC NOT NULL CHECK (rate > -1 AND rate < 1),
  volatility_floor NUMERIC NOT NULL CHECK (volatility_floor > 0),
  volatility_cap NUMERIC NOT NULL CHECK (volatility_cap >= volatility_floor),
  volatility_window_minutes INTEGER NOT NULL CHECK (volatility_window_minutes BETWEEN 30 AND 43200),
  volatility_lambda NUMERIC NOT NULL CHECK (volatility_lambda > 0 AND volatility_lambda < 1),
  series_reserve_limit NUMERIC NOT NULL CHECK (series_reserve_limit > 0),
  max_contracts_per_order INTEGER NOT NULL CHECK (max_contracts_per_order BETWEEN 1 AND 10000),
  settlement_window_minutes INTEGER NOT NULL CHECK (settlement_window_minutes BETWEEN 1 AND 60),
  sales_cutoff_minutes INTEGER NOT NULL CHECK (sales_cutoff_minutes BETWEEN 1 AND 60),
  enabled BOOLEAN NOT NULL DEFAULT false,
  version INTEGER NOT NULL DEFAULT 1,
  -- A sandbox example's key: seeded once, whatever an operator has done with it since.
  seed_key TEXT UNIQUE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE options_expiries (
  id BIGSERIAL PRIMARY KEY,
  product_id BIGINT NOT NULL REFERENCES options_products (id),
  code TEXT NOT NULL,
  asset TEXT NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL CHECK (date_trunc('minute', expires_at) = expires_at),
  sales_close_at TIMESTAMPTZ NOT NULL CHECK (sales_close_at < expires_at),
  settlement_window_minutes INTEGER NOT NULL CHECK (settlement_window_minutes BETWEEN 1 AND 60),
  -- The underlying's price (and its feed) the strike grid was centred on.
  listed_spot NUMERIC NOT NULL,
  listed_source TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'listed' CHECK (status IN ('listed', 'awaiting_operator', 'settling', 'settled')),
  -- Fixed once: the average of the feed's 1-minute closes over the window, or an operator's price.
  settlement_price NUMERIC CHECK (settlement_price > 0),
  settlement_source TEXT,
  awaiting_reason TEXT,
  fixed_at TIMESTAMPTZ,
  fixed_by BIGINT,
  settled_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- Two instances listing the same scheduled expiry list it once.
  UNIQUE (product_id, expires_at),
  CHECK ((status IN ('settling', 'settled')) = (settlement_price IS NOT NULL))
);
CREATE INDEX options_expiries_due ON options_expiries (expires_at) WHERE status IN ('listed', 'settling');

CREATE TABLE options_series (
  id BIGSERIAL PRIMARY KEY,
  expiry_id BIGINT NOT NULL REFERENCES options_expiries (id),
  type TEXT NOT NULL CHECK (type IN ('call', 'put')),
  strike NUMERIC NOT NULL CHECK (strike > 0),
  -- A call's payout cap per unit (the call spread K / K+cap); a put has none (its strike bounds it).
  cap NUMERIC CHECK (cap > 0),
  contract_size NUMERIC NOT NULL CHECK (contract_size > 0),
  -- The most one contract pays at expiry: cap × size (call), strike × size (put).
  max_payout NUMERIC NOT NULL CHECK (max_payout > 0),
  UNIQUE (expiry_id, type, strike),
  CHECK ((type = 'call') = (cap IS NOT NULL))
);

CREATE TABLE options_orders (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  book TEXT NOT NULL CHECK (book IN ('live', 'demo')),
  series_id BIGINT NOT NULL REFERENCES options_series (id),
  expiry_id BIGINT NOT NULL REFERENCES options_expiries (id),
  asset TEXT NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  premium_per_contract NUMERIC NOT NULL CHECK (premium_per_contract > 0),
  premium NUMERIC NOT NULL CHECK (premium > 0),
  fee NUMERIC NOT NULL CHECK (fee >= 0),
  fee_rate NUMERIC NOT NULL,
  -- The order's maximum payout, reserved from treasury when bought (SPEC §0 rule 4).
  reserve NUMERIC NOT NULL CHECK (reserve > 0),
  spot_at_open NUMERIC NOT NULL,
  volatility_at_open NUMERIC NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed', 'settled')),
  close_price_per_contract NUMERIC,
  proceeds NUMERIC,
  close_fee NUMERIC,
  settlement_price NUMERIC,
  settlement_source TEXT,
  payout NUMERIC CHECK (payout >= 0 AND payout <= reserve),
  language TEXT NOT NULL,
  idempotency_key TEXT,
  opened_at TIMESTAMPTZ NOT NULL,
  closed_at TIMESTAMPTZ,
  UNIQUE (user_id, idempotency_key),
  CHECK ((status = 'open') = (closed_at IS NULL))
);
CREATE INDEX options_orders_by_user ON options_orders (user_id, book, id DESC);
CREATE INDEX options_orders_open_by_expiry ON options_orders (expiry_id) WHERE status = 'open';
CREATE INDEX options_orders_open_by_series ON options_orders (series_id, book) WHERE status = 'open';
