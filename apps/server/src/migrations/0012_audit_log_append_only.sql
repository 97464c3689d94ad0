-- The operators' audit log (issue 14): each row also says what the target was before and after
-- the action, the operator's written reason and the IP the request came from; and the table is
-- append-only: UPDATE, DELETE and TRUNCATE are refused by statement triggers, so an entry once
-- committed is never changed or removed (even a statement that would touch no row is refused).
ALTER TABLE audit_log
  ADD COLUMN before JSONB,
  ADD COLUMN after JSONB,
  ADD COLUMN reason TEXT,
  ADD COLUMN ip TEXT;

-- The back office's filters: by action (exact or prefix), by operator, by target; newest first.
CREATE INDEX audit_log_action_idx ON audit_log (action text_pattern_ops, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_user_id, id DESC);
CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, id DESC);

CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP
    USING ERRCODE = 'restrict_violation', HINT = 'Record a new entry instead of changing one.';
END
$$;

CREATE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();

CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
