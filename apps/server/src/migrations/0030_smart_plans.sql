-- Smart trading plans (issue 18): plan products (operators' settings with their measured
-- backtest), the plans users run (each trading from its own ledger subaccount `plan:<id>`,
-- migration 0029), their equity samples and the failed purchase attempts the daily limit counts.
CREATE TABLE plans_products (
  id BIGSERIAL PRIMARY KEY,
  names JSONB NOT NULL,
  strategy TEXT NOT NULL CHECK (strategy IN ('ma-crossover', 'bollinger-reversion', 'atr-breakout')),
  params JSONB NOT NULL,
  code TEXT NOT NULL,
  interval_minutes INTEGER NOT NULL CHECK (interval_minutes BETWEEN 1 AND 1440),
  leverage INTEGER NOT NULL CHECK (leverage BETWEEN 1 AND 30),
  margin_share NUMERIC NOT NULL CHECK (margin_share > 0 AND margin_share < 1),
  -- USDT minor units (6 decimals).
  min_amount NUMERIC(38, 0) NOT NULL CHECK (min_amount > 0),
  max_amount NUMERIC(38, 0) NOT NULL CHECK (max_amount >= min_amount),
  days INTEGER[] NOT NULL CHECK (cardinality(days) BETWEEN 1 AND 8),
  exit_fee_rate NUMERIC NOT NULL CHECK (exit_fee_rate >= 0 AND exit_fee_rate < 1),
  min_level SMALLINT NOT NULL CHECK (min_level BETWEEN 0 AND 4),
  enabled BOOLEAN NOT NULL DEFAULT false,
  version INTEGER NOT NULL DEFAULT 1,
  -- Grows when what a backtest depends on changes (strategy, parameters, instrument, interval,
  -- leverage, margin share); `backtest_version` names the settings version a backtest ran on.
  settings_version INTEGER NOT NULL DEFAULT 1,
  -- The background backtest of the current settings: pending → running → done | failed.
  backtest_state TEXT NOT NULL DEFAULT 'pending' CHECK (backtest_state IN ('pending', 'running', 'done', 'failed')),
  backtest_version INTEGER,
  backtest JSONB,
  backtest_error TEXT,
  -- A sandbox example's key: seeded once, whatever an operator has done with it since.
  seed_key TEXT UNIQUE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE plans_orders (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  product_id BIGINT NOT NULL REFERENCES plans_products (id),
  -- The product's terms when bought: a later change of the product does not change a running plan.
  strategy TEXT NOT NULL,
  params JSONB NOT NULL,
  code TEXT NOT NULL,
  interval_minutes INTEGER NOT NULL,
  leverage INTEGER NOT NULL,
  margin_share NUMERIC NOT NULL,
  exit_fee_rate NUMERIC NOT NULL,
  amount NUMERIC(38, 0) NOT NULL CHECK (amount > 0),
  days INTEGER NOT NULL CHECK (days > 0),
  started_at TIMESTAMPTZ NOT NULL,
  ends_at TIMESTAMPTZ NOT NULL,
  status TEXT NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'finished', 'exited_early')),
  -- Set when the plan is being wound up (its end came, or the user exits): it opens nothing more
  -- and the upkeep completes it after a crash between closing its positions and paying out.
  ending TEXT CHECK (ending IN ('finish', 'exit')),
  finished_at TIMESTAMPTZ,
  exit_fee NUMERIC(38, 0),
  returned NUMERIC(38, 0),
  -- Why the plan stopped opening positions (a strategy error, a stale price), and when.
  halted_reason TEXT CHECK (halted_reason IN ('strategy_error', 'stale_price')),
  halted_detail TEXT,
  halted_at TIMESTAMPTZ,
  -- The open time of the last bar the strategy decided on (a restart resumes after it).
  last_bar_at TIMESTAMPTZ,
  idempotency_key TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK ((status = 'running') = (finished_at IS NULL)),
  UNIQUE (user_id, idempotency_key)
);
-- SPEC §5: the same product cannot be held twice at once (10025), even by two requests at once.
CREATE UNIQUE INDEX plans_orders_one_running ON plans_orders (user_id, product_id) WHERE status = 'running';
CREATE INDEX plans_orders_user_idx ON plans_orders (user_id, id DESC);
CREATE INDEX plans_orders_running_idx ON plans_orders (ends_at) WHERE status = 'running';

-- The plan's equity at each bar it decided on (and at its start and end): its equity curve.
CREATE TABLE plans_equity (
  order_id BIGINT NOT NULL REFERENCES plans_orders (id),
  at TIMESTAMPTZ NOT NULL,
  equity NUMERIC(38, 0) NOT NULL,
  PRIMARY KEY (order_id, at)
);

-- SPEC §8: at most 2 failed purchase attempts per product per user per UTC day (20096).
CREATE TABLE plans_purchase_failures (
  user_id BIGINT NOT NULL,
  product_id BIGINT NOT NULL,
  day DATE NOT NULL,
  failures INTEGER NOT NULL,
  PRIMARY KEY (user_id, product_id, day)
);
