-- Fixed-term savings (issue 18), owned by the savings module. A product is a back-office setting;
-- an order copies its product's terms when it is subscribed, so a later change of the product
-- never alters it. Amounts are exact NUMERIC in the product's asset, rates are ratios; the ledger
-- holds the money (principal and promised interest in escrow), these rows hold the promise and the
-- figures the accrual job writes. No foreign key to the ledger's assets (the walls are in the code).
CREATE TABLE savings_products (
  id BIGSERIAL PRIMARY KEY,
  -- The name in each of the ten languages: {"en": "...", "ja": "...", ...}.
  names JSONB NOT NULL CHECK (jsonb_typeof(names) = 'object'),
  asset TEXT NOT NULL,
  min_amount NUMERIC NOT NULL CHECK (min_amount > 0),
  max_amount NUMERIC NOT NULL CHECK (max_amount >= min_amount),
  period_days INTEGER NOT NULL CHECK (period_days BETWEEN 1 AND 3650),
  daily_rate NUMERIC NOT NULL CHECK (daily_rate >= 0 AND daily_rate < 0.01),
  -- The most principal earning at once (orders settled or redeemed free their share).
  capacity NUMERIC NOT NULL CHECK (capacity >= max_amount),
  -- The lowest VIP level (identity's `level`: 0 Normal … 4 VIP4) that may subscribe.
  min_level INTEGER NOT NULL CHECK (min_level BETWEEN 0 AND 4),
  -- Early redemption keeps this share of the principal (disclosed before subscribing).
  penalty_rate NUMERIC NOT NULL CHECK (penalty_rate >= 0 AND penalty_rate < 0.5),
  status TEXT NOT NULL CHECK (status IN ('on_sale', 'paused')),
  -- Why it is paused: by an operator, or by itself when the treasury could not fund a promise.
  paused_reason TEXT CHECK (paused_reason IN ('operator', 'treasury')),
  -- Optimistic concurrency: every change names the version it read and adds one.
  version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
  -- Set on the sandbox's example products only: the seed inserts each key once, whatever runs it.
  seed_key TEXT UNIQUE,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  CHECK ((status = 'paused') = (paused_reason IS NOT NULL))
);

CREATE TABLE savings_orders (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  product_id BIGINT NOT NULL REFERENCES savings_products (id),
  product_version INTEGER NOT NULL,
  asset TEXT NOT NULL,
  asset_decimals INTEGER NOT NULL CHECK (asset_decimals BETWEEN 0 AND 18),
  principal NUMERIC NOT NULL CHECK (principal > 0),
  daily_rate NUMERIC NOT NULL CHECK (daily_rate >= 0),
  period_days INTEGER NOT NULL CHECK (period_days >= 1),
  penalty_rate NUMERIC NOT NULL CHECK (penalty_rate >= 0 AND penalty_rate < 1),
  -- principal × daily_rate × period_days rounded down to the asset's unit: reserved from the
  -- treasury into escrow at subscription.
  promised_interest NUMERIC NOT NULL CHECK (promised_interest >= 0),
  status TEXT NOT NULL CHECK (status IN ('earning', 'settled', 'redeemed_early')),
  invested_at TIMESTAMPTZ NOT NULL,
  matures_at TIMESTAMPTZ NOT NULL CHECK (matures_at > invested_at),
  -- What the accrual job last wrote: whole days earned, and the interest they earned (rounded down).
  earned_days INTEGER NOT NULL DEFAULT 0 CHECK (earned_days >= 0 AND earned_days <= period_days),
  earned_interest NUMERIC NOT NULL DEFAULT 0 CHECK (earned_interest >= 0 AND earned_interest <= promised_interest),
  -- The language the investor subscribed in: the maturity notification names the product in it.
  language TEXT NOT NULL,
  closed_at TIMESTAMPTZ,
  -- Settled: principal + interest; redeemed early: principal − penalty.
  returned NUMERIC CHECK (returned >= 0),
  penalty NUMERIC CHECK (penalty >= 0),
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  CHECK ((status = 'earning') = (closed_at IS NULL AND returned IS NULL)),
  CHECK ((status = 'redeemed_early') = (penalty IS NOT NULL))
);
-- SPEC §5: the same product is never held twice at once (the subscription checks it under the
-- product's row lock and answers 10025; the index is the last word).
CREATE UNIQUE INDEX savings_orders_one_earning ON savings_orders (user_id, product_id) WHERE status = 'earning';
CREATE INDEX savings_orders_user ON savings_orders (user_id, id DESC);
-- What the accrual job walks, and the capacity in use per product.
CREATE INDEX savings_orders_earning ON savings_orders (product_id) WHERE status = 'earning';

-- SPEC §9 "Purchase attempts": refused subscriptions per user, product and UTC day. Written in a
-- transaction of its own, so the refusal's rollback keeps it.
CREATE TABLE savings_failed_attempts (
  user_id BIGINT NOT NULL,
  product_id BIGINT NOT NULL REFERENCES savings_products (id),
  day DATE NOT NULL,
  failures INTEGER NOT NULL CHECK (failures >= 1),
  last_code INTEGER NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (user_id, product_id, day)
);
