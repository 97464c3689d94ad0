-- Identity (#13): an authenticator code is accepted once (RFC 6238 §5.2). The time step of the
-- last accepted code is kept per user, and a code is accepted only for a later step, by one
-- conditional update, so the same code sent twice at once cannot pass twice. NULL: none yet.
ALTER TABLE users ADD COLUMN totp_last_step BIGINT;
