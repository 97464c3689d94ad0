-- Identity (issue 16): the security centre. A session remembers the address it was opened from
-- (shown masked to its owner); every sign-in, admitted or refused, leaves one history row; and
-- an account with two-factor on may hold a set of one-time recovery codes, stored as scrypt
-- hashes (one salt per set), each used once by a conditional update. Both go with a removed user.
ALTER TABLE sessions ADD COLUMN ip TEXT;

CREATE TABLE sign_in_events (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  succeeded BOOLEAN NOT NULL,
  method TEXT NOT NULL CHECK (method IN ('password', 'google', 'wallet', 'register')),
  -- The second factor a sign-in used, when it used one.
  second_factor TEXT CHECK (second_factor IN ('totp', 'recovery_code')),
  -- Why a refused sign-in was refused.
  failure TEXT CHECK (failure IN ('password', 'totp', 'recovery_code', 'locked')),
  user_agent TEXT,
  ip TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_events_user_idx ON sign_in_events (user_id, id DESC);

CREATE TABLE recovery_codes (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  salt BYTEA NOT NULL,
  code_hash BYTEA NOT NULL,
  used_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX recovery_codes_user_idx ON recovery_codes (user_id) WHERE used_at IS NULL;
