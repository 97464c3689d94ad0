-- Notifications (issue 15; SPEC §3): owned by the notify module. A notification is inserted in
-- the transaction of what it tells (a deposit's credit, a withdrawal's completion), so a rolled
-- back movement leaves none. No foreign key to users: the walls are in the code, ids are plain.
CREATE TABLE notify_notifications (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  -- The one list of templates (packages/contracts notify.constants.ts); a feature adding one
  -- extends this CHECK in its migration.
  template TEXT NOT NULL CHECK (template IN (
    'deposit_received', 'deposit_below_minimum', 'withdrawal_succeeded', 'withdrawal_failed',
    'kyc_passed', 'kyc_not_passed', 'loan_approved', 'loan_disbursed', 'loan_margin_call',
    'loan_liquidated', 'loan_overdue', 'repayment_succeeded', 'repayment_rejected',
    'savings_matured', 'plan_finished', 'option_settled', 'price_alert', 'support_reply',
    'invite_reward'
  )),
  -- The template's parameters: an object of strings (amounts as decimal strings).
  params JSONB NOT NULL DEFAULT '{}' CHECK (
    jsonb_typeof(params) = 'object' AND NOT jsonb_path_exists(params, '$.* ? (@.type() != "string")')
  ),
  read_at TIMESTAMPTZ,
  -- E-mail copy: NULL none asked (the user's setting was off), 'pending' to send after commit,
  -- then 'sent', 'skipped' (no address) or 'failed'.
  email_status TEXT CHECK (email_status IN ('pending', 'sent', 'skipped', 'failed')),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX notify_notifications_user_idx ON notify_notifications (user_id, id DESC);
CREATE INDEX notify_notifications_unread_idx ON notify_notifications (user_id) WHERE read_at IS NULL;
CREATE INDEX notify_notifications_email_idx ON notify_notifications (id) WHERE email_status = 'pending';

CREATE TABLE notify_preferences (
  user_id BIGINT PRIMARY KEY,
  email_enabled BOOLEAN NOT NULL DEFAULT false,
  -- The language of the user's last settings change: e-mails are written in it (identity keeps
  -- no language of its own); NULL: the deployment's DEFAULT_LANGUAGE.
  language TEXT CHECK (language IN ('en', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'hk', 'zh')),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
