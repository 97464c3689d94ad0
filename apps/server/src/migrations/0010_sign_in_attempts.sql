-- Identity (#13): password checks per account per window. The lock after five failures in a row
-- holds for sequential guesses; guesses sent at once all pass the lock check before any of them
-- fails, so each check first takes a slot here, in one conditional update, and a full window
-- refuses before the password is even hashed.
ALTER TABLE users
  ADD COLUMN sign_in_window_start TIMESTAMPTZ,
  ADD COLUMN sign_in_attempts INTEGER NOT NULL DEFAULT 0;
