-- Trading-hours overrides (issue 14): an operator closes one instrument for a window its
-- schedule has open. Owned by the market module; rows are never deleted (a closure lifted early
-- keeps its row with cancelled_at), so the history reads as it happened.
CREATE TABLE market_hours_closures (
  id BIGSERIAL PRIMARY KEY,
  instrument_id INTEGER NOT NULL REFERENCES market_instruments (id),
  starts_at TIMESTAMPTZ NOT NULL,
  ends_at TIMESTAMPTZ NOT NULL,
  reason TEXT NOT NULL,
  -- The operator's user id (identity's table; no foreign key across modules' walls).
  created_by BIGINT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  cancelled_at TIMESTAMPTZ,
  cancelled_by BIGINT,
  CHECK (ends_at > starts_at)
);

-- Every instance loads the standing closures at start and again on each change.
CREATE INDEX market_hours_closures_standing ON market_hours_closures (instrument_id, ends_at)
  WHERE cancelled_at IS NULL;
