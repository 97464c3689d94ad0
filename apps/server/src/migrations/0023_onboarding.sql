-- Onboarding (issue 16, fix 7), owned by the onboarding module. No foreign key to users: the
-- walls are in the code, ids are plain.

-- The first choice a new user made when offered it: start with the demo, fund the live account,
-- or dismissed the offer. One row per user, changed when the user chooses again.
CREATE TABLE onboarding_choices (
  user_id BIGINT PRIMARY KEY,
  choice TEXT NOT NULL CHECK (choice IN ('demo', 'live', 'dismissed')),
  chosen_at TIMESTAMPTZ NOT NULL
);

-- The appropriateness questions (ESMA, retail CFDs), answered before the first live trade. Every
-- answer is kept (a record of what the user said and when); the newest one stands. `outcome`
-- 'warning': the answers showed little experience or knowledge, and the user acknowledged the
-- warning (acknowledged_at) before being let trade.
CREATE TABLE onboarding_appropriateness (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  answers JSONB NOT NULL CHECK (jsonb_typeof(answers) = 'object'),
  outcome TEXT NOT NULL CHECK (outcome IN ('appropriate', 'warning')),
  acknowledged_at TIMESTAMPTZ,
  answered_at TIMESTAMPTZ NOT NULL,
  CHECK (outcome = 'appropriate' OR acknowledged_at IS NOT NULL)
);

CREATE INDEX onboarding_appropriateness_user_idx ON onboarding_appropriateness (user_id, id DESC);
