-- Identity (issue 3): Google and wallet sign-in of an account with two-factor authentication on
-- stop before the session: the first factor leaves a challenge that only the authenticator's
-- code turns into a session (POST /login/secondFactor). Only the token's SHA-256 is stored.
CREATE TABLE second_factor_challenges (
  token_hash BYTEA PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users (id),
  method TEXT NOT NULL CHECK (method IN ('google', 'wallet')),
  expires_at TIMESTAMPTZ NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX second_factor_challenges_user_idx ON second_factor_challenges (user_id);
