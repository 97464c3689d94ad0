-- Trading (issue 6): every open checks the account's free margin, and the account summary shows
-- it, from the account's open and pending exposure. Summing the positions for that costs a read
-- of every open position of the account, which grows without bound for an account that keeps
-- many open (strategy plans, the open benchmark). This table keeps the sums per account,
-- instrument, side and status, maintained by a trigger in the same transaction as the change of
-- the position, so it cannot disagree with the positions.
CREATE TABLE trading_exposures (
  user_id BIGINT NOT NULL,
  book TEXT NOT NULL,
  instrument_id INTEGER NOT NULL,
  side TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'pending')),
  -- Σ lots, Σ lots × open price (pending orders have no open price: 0) and Σ margin.
  lots NUMERIC NOT NULL,
  cost NUMERIC NOT NULL,
  margin NUMERIC(38, 0) NOT NULL,
  PRIMARY KEY (user_id, book, instrument_id, side, status)
);

CREATE FUNCTION trading_exposures_add(
  p_user_id BIGINT, p_book TEXT, p_instrument_id INTEGER, p_side TEXT, p_status TEXT,
  p_lots NUMERIC, p_cost NUMERIC, p_margin NUMERIC
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO trading_exposures AS e (user_id, book, instrument_id, side, status, lots, cost, margin)
  VALUES (p_user_id, p_book, p_instrument_id, p_side, p_status, p_lots, p_cost, p_margin)
  ON CONFLICT (user_id, book, instrument_id, side, status) DO UPDATE
    SET lots = e.lots + excluded.lots, cost = e.cost + excluded.cost, margin = e.margin + excluded.margin
$$;

-- The old row's part leaves the sums, the new row's part joins them. Every writer of a position
-- has locked the owner's ledger accounts before it changes the position (opens lock them first,
-- closes, fills and cancels move money first), so the sums' rows are always locked after the
-- accounts and concurrent changes of one account never deadlock here.
CREATE FUNCTION trading_exposures_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status IN ('open', 'pending') THEN
    PERFORM trading_exposures_add(OLD.user_id, OLD.book, OLD.instrument_id, OLD.side, OLD.status,
                                  -OLD.lots, -coalesce(OLD.lots * OLD.open_price, 0), -OLD.margin);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status IN ('open', 'pending') THEN
    PERFORM trading_exposures_add(NEW.user_id, NEW.book, NEW.instrument_id, NEW.side, NEW.status,
                                  NEW.lots, coalesce(NEW.lots * NEW.open_price, 0), NEW.margin);
  END IF;
  RETURN NULL;
END
$$;

-- Amending stops and take profits changes none of these columns and does not fire it.
CREATE TRIGGER trading_exposures_track
  AFTER INSERT OR DELETE OR UPDATE OF user_id, book, instrument_id, side, status, lots, open_price, margin
  ON trading_positions FOR EACH ROW EXECUTE FUNCTION trading_exposures_track();

INSERT INTO trading_exposures (user_id, book, instrument_id, side, status, lots, cost, margin)
SELECT user_id, book, instrument_id, side, status, sum(lots), coalesce(sum(lots * open_price), 0), sum(margin)
  FROM trading_positions
 WHERE status IN ('open', 'pending')
 GROUP BY user_id, book, instrument_id, side, status;
