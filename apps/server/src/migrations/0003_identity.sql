-- Identity (issue 3): users, sessions, e-mail codes, wallet nonces, captcha challenges,
-- the development mail outbox.
CREATE TABLE users (
  id BIGSERIAL PRIMARY KEY,
  user_name TEXT NOT NULL CHECK (length(user_name) BETWEEN 3 AND 64),
  -- Case-insensitive uniqueness: "Alice" and "alice" are the same account.
  user_name_key TEXT NOT NULL UNIQUE,
  email TEXT UNIQUE CHECK (email = lower(email) AND length(email) <= 254),
  phone_area_code TEXT,
  phone TEXT,
  password_hash TEXT,
  wallet_address TEXT UNIQUE,
  wallet_type TEXT CHECK (wallet_type IN ('ethereum', 'tronlink')),
  google_subject TEXT UNIQUE,
  level SMALLINT NOT NULL DEFAULT 0 CHECK (level BETWEEN 0 AND 4),
  kyc_status SMALLINT NOT NULL DEFAULT 0 CHECK (kyc_status IN (0, 1, 2, 3)),
  first_name TEXT,
  last_name TEXT,
  invite_code TEXT NOT NULL UNIQUE,
  invited_by BIGINT REFERENCES users (id),
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  roles TEXT[] NOT NULL DEFAULT ARRAY['user']::TEXT[],
  totp_secret TEXT,
  totp_enabled BOOLEAN NOT NULL DEFAULT false,
  failed_logins INTEGER NOT NULL DEFAULT 0,
  locked_until TIMESTAMPTZ,
  online_until TIMESTAMPTZ,
  last_seen_at TIMESTAMPTZ,
  last_seen_host TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (phone_area_code, phone)
);

-- No foreign key to users on purpose: a session whose user was removed must answer 10009
-- ("user not found"), not vanish.
CREATE TABLE sessions (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  token_hash BYTEA NOT NULL UNIQUE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  last_used_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at TIMESTAMPTZ NOT NULL,
  revoked_at TIMESTAMPTZ,
  user_agent TEXT
);
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE email_codes (
  id BIGSERIAL PRIMARY KEY,
  email TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'reset')),
  code_hash BYTEA NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  expires_at TIMESTAMPTZ NOT NULL,
  consumed_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX email_codes_lookup_idx ON email_codes (email, purpose, created_at DESC);

CREATE TABLE wallet_nonces (
  nonce TEXT PRIMARY KEY,
  address TEXT NOT NULL,
  wallet_type TEXT NOT NULL CHECK (wallet_type IN ('ethereum', 'tronlink')),
  message TEXT NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  consumed_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX wallet_nonces_address_idx ON wallet_nonces (address, created_at DESC);

CREATE TABLE captcha_challenges (
  id TEXT PRIMARY KEY,
  salt TEXT NOT NULL,
  difficulty SMALLINT NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  consumed_at TIMESTAMPTZ
);

-- Development mail: without SMTP_URL every mail lands here (and on the console).
CREATE TABLE mail_outbox (
  id BIGSERIAL PRIMARY KEY,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
