-- Trading subaccounts (issue 18): a smart plan trades from its own ledger account, through the
-- same trading engine as the user's own positions. A user's trading money now lives in one of
-- several subaccounts: '' is the user's own (kinds available, held), 'plan:<order id>' a smart
-- plan's (kinds plan, plan_held — the plan's free capital and the margin its positions hold).
-- Plan accounts belong to the user (user_id set, stored balance, never negative) and carry the
-- subaccount as their name.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_check;
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_check1;
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_check2;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check
  CHECK (kind IN ('available', 'held', 'plan', 'plan_held', 'treasury', 'fees', 'clearing', 'charity', 'escrow'));
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_user_kinds_check
  CHECK ((kind IN ('available', 'held', 'plan', 'plan_held')) = (user_id IS NOT NULL));
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_stored_balance_check
  CHECK (kind IN ('available', 'held', 'plan', 'plan_held') OR balance = 0);
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_named_kinds_check
  CHECK ((kind IN ('clearing', 'charity', 'escrow', 'plan', 'plan_held')) = (name <> ''));
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_plan_name_check
  CHECK (kind NOT IN ('plan', 'plan_held') OR name ~ '^plan:[1-9][0-9]{0,17}$');

-- A hold moves available → held within one subaccount; released back to the same one.
ALTER TABLE ledger_holds ADD COLUMN subaccount TEXT NOT NULL DEFAULT '';

-- Positions and their per-account sums know the subaccount that funds them.
ALTER TABLE trading_positions ADD COLUMN subaccount TEXT NOT NULL DEFAULT '';
CREATE INDEX trading_positions_subaccount_idx ON trading_positions (subaccount, status) WHERE subaccount <> '';

ALTER TABLE trading_exposures ADD COLUMN subaccount TEXT NOT NULL DEFAULT '';
ALTER TABLE trading_exposures DROP CONSTRAINT trading_exposures_pkey;
ALTER TABLE trading_exposures ADD PRIMARY KEY (user_id, book, subaccount, instrument_id, side, status);

DROP TRIGGER trading_exposures_track ON trading_positions;
DROP FUNCTION trading_exposures_track();
DROP FUNCTION trading_exposures_add(BIGINT, TEXT, INTEGER, TEXT, TEXT, NUMERIC, NUMERIC, NUMERIC);

CREATE FUNCTION trading_exposures_add(
  p_user_id BIGINT, p_book TEXT, p_subaccount TEXT, p_instrument_id INTEGER, p_side TEXT, p_status TEXT,
  p_lots NUMERIC, p_cost NUMERIC, p_margin NUMERIC
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO trading_exposures AS e (user_id, book, subaccount, instrument_id, side, status, lots, cost, margin)
  VALUES (p_user_id, p_book, p_subaccount, p_instrument_id, p_side, p_status, p_lots, p_cost, p_margin)
  ON CONFLICT (user_id, book, subaccount, instrument_id, side, status) DO UPDATE
    SET lots = e.lots + excluded.lots, cost = e.cost + excluded.cost, margin = e.margin + excluded.margin
$$;

-- As in 0008: the old row's part leaves the sums, the new row's part joins them.
CREATE FUNCTION trading_exposures_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status IN ('open', 'pending') THEN
    PERFORM trading_exposures_add(OLD.user_id, OLD.book, OLD.subaccount, OLD.instrument_id, OLD.side, OLD.status,
                                  -OLD.lots, -coalesce(OLD.lots * OLD.open_price, 0), -OLD.margin);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status IN ('open', 'pending') THEN
    PERFORM trading_exposures_add(NEW.user_id, NEW.book, NEW.subaccount, NEW.instrument_id, NEW.side, NEW.status,
                                  NEW.lots, coalesce(NEW.lots * NEW.open_price, 0), NEW.margin);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER trading_exposures_track
  AFTER INSERT OR DELETE OR UPDATE OF user_id, book, subaccount, instrument_id, side, status, lots, open_price, margin
  ON trading_positions FOR EACH ROW EXECUTE FUNCTION trading_exposures_track();
