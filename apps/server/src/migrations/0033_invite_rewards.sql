-- The invite programme's rewards (issue 20), owned by the referral module. One settings row: the
-- asset rewards are paid in, the amount each step pays (0: nothing), the budget reserved from the
-- live treasury into the programme's escrow (`escrow:invite`) and what was paid from it. A step
-- pays only when it was recorded after that step's reward was switched on (its `*_since`), so a
-- reward configured today never pays for yesterday's steps. `spent` is set when the remaining
-- budget could not pay a reward: rewards stop until an operator raises the budget.
CREATE TABLE invite_reward_settings (
  id BOOLEAN PRIMARY KEY DEFAULT true CHECK (id),
  asset TEXT NOT NULL,
  register_amount NUMERIC NOT NULL DEFAULT 0 CHECK (register_amount >= 0),
  fund_amount NUMERIC NOT NULL DEFAULT 0 CHECK (fund_amount >= 0),
  trade_amount NUMERIC NOT NULL DEFAULT 0 CHECK (trade_amount >= 0),
  register_since TIMESTAMPTZ,
  fund_since TIMESTAMPTZ,
  trade_since TIMESTAMPTZ,
  budget NUMERIC NOT NULL DEFAULT 0 CHECK (budget >= 0),
  paid NUMERIC NOT NULL DEFAULT 0 CHECK (paid >= 0 AND paid <= budget),
  spent BOOLEAN NOT NULL DEFAULT false,
  -- Optimistic concurrency: every change names the version it read and adds one.
  version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
  updated_at TIMESTAMPTZ,
  updated_by BIGINT
);
INSERT INTO invite_reward_settings (id, asset) VALUES (true, 'USDT');

-- One reward per invitee and step, ever: two job runs at once (two instances) pay it once.
CREATE TABLE invite_rewards (
  id BIGSERIAL PRIMARY KEY,
  invitee_id BIGINT NOT NULL REFERENCES users (id),
  step TEXT NOT NULL CHECK (step IN ('register', 'fund', 'trade')),
  inviter_id BIGINT NOT NULL REFERENCES users (id),
  amount NUMERIC NOT NULL CHECK (amount > 0),
  asset TEXT NOT NULL,
  transfer_id BIGINT NOT NULL,
  paid_at TIMESTAMPTZ NOT NULL,
  UNIQUE (invitee_id, step)
);
CREATE INDEX invite_rewards_inviter ON invite_rewards (inviter_id);

-- The job's look-up of steps still to pay, oldest first.
CREATE INDEX referral_events_step_created ON referral_events (step, created_at);
