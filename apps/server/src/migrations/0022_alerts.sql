-- Price alerts (issue 16), owned by the alerts module. An alert is the user's in both books (a
-- price is the same in the demo and the live book). It fires once: the engine's UPDATE moves it
-- from 'active' to 'fired' only while it is still active, so two instances or a retry cannot
-- fire it twice. No foreign key to users or instruments: the walls are in the code.
CREATE TABLE alerts_price_alerts (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  code TEXT NOT NULL,
  direction TEXT NOT NULL CHECK (direction IN ('above', 'below')),
  -- The level as the user typed it (a whole number of the instrument's ticks).
  price NUMERIC NOT NULL CHECK (price > 0),
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'fired')),
  created_at TIMESTAMPTZ NOT NULL,
  fired_at TIMESTAMPTZ,
  -- The tick that fired it (beyond the level after a gap).
  fired_price NUMERIC,
  CHECK ((status = 'fired') = (fired_at IS NOT NULL AND fired_price IS NOT NULL))
);

CREATE INDEX alerts_price_alerts_user_idx ON alerts_price_alerts (user_id, id DESC);
-- The engine loads the active alerts at start; a user's active ones are counted on each create.
CREATE INDEX alerts_price_alerts_active_idx ON alerts_price_alerts (user_id) WHERE status = 'active';
