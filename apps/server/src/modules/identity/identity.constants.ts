/** The identity module's limits (SPEC §4: codes, lockout, sessions, presence). */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_RESEND_MS = 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MINUTES = 15;
/**
 * Password checks per account per window, right or wrong (#13): the lock above stops sequential
 * guessing; this bounds guesses sent all at once, which pass the lock check together.
 */
export const SIGN_IN_ATTEMPTS_PER_WINDOW = 20;
export const SIGN_IN_WINDOW_MINUTES = 15;
/** How long a Google or wallet sign-in waits for the authenticator's code. */
export const SECOND_FACTOR_MINUTES = 5;
export const ONLINE_WINDOW_MS = 90_000; // three missed 30 s heartbeats
export const SESSION_TOUCH_INTERVAL_MS = 60_000;
/** How long another instance's revocation may take to reach this one (see session-cache.ts). */
export const SESSION_CACHE_TTL_MS = 5_000;
