import type { Generated } from 'kysely';
import type { DbView } from '../../platform/db/database.js';

export type IdentityTables = {
  users: {
    id: Generated<string>;
    user_name: string;
    user_name_key: string;
    email: string | null;
    phone_area_code: string | null;
    phone: string | null;
    password_hash: string | null;
    wallet_address: string | null;
    wallet_type: 'ethereum' | 'tronlink' | null;
    google_subject: string | null;
    level: Generated<number>;
    kyc_status: Generated<number>;
    invite_code: string;
    invited_by: string | null;
    status: Generated<'active' | 'disabled'>;
    roles: Generated<string[]>;
    totp_secret: string | null;
    totp_enabled: Generated<boolean>;
    /** RFC 6238 time step of the last accepted authenticator code (#13); BIGINT, read as a string. */
    totp_last_step: string | null;
    failed_logins: Generated<number>;
    locked_until: Date | null;
    /** Start of the current window of password checks, and how many it has had (#13). */
    sign_in_window_start: Date | null;
    sign_in_attempts: Generated<number>;
    online_until: Date | null;
    last_seen_at: Date | null;
    last_seen_host: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  sessions: {
    id: Generated<string>;
    user_id: string;
    token_hash: Buffer;
    created_at: Generated<Date>;
    last_used_at: Generated<Date>;
    expires_at: Date;
    revoked_at: Date | null;
    user_agent: string | null;
    /** The address the session was opened from (#16); shown to its owner masked. */
    ip: string | null;
  };
  email_codes: {
    id: Generated<string>;
    email: string;
    purpose: 'register' | 'reset';
    code_hash: Buffer;
    attempts: Generated<number>;
    expires_at: Date;
    consumed_at: Date | null;
    created_at: Generated<Date>;
  };
  wallet_nonces: {
    nonce: string;
    address: string;
    wallet_type: 'ethereum' | 'tronlink';
    message: string;
    expires_at: Date;
    consumed_at: Date | null;
    created_at: Generated<Date>;
  };
  captcha_challenges: { id: string; salt: string; difficulty: number; expires_at: Date; consumed_at: Date | null };
  second_factor_challenges: {
    token_hash: Buffer;
    user_id: string;
    method: 'google' | 'wallet';
    expires_at: Date;
    created_at: Generated<Date>;
  };
  /** Every sign-in, admitted or refused (#16: the security centre's history). */
  sign_in_events: {
    id: Generated<string>;
    user_id: string;
    succeeded: boolean;
    method: 'password' | 'google' | 'wallet' | 'register';
    second_factor: 'totp' | 'recovery_code' | null;
    failure: 'password' | 'totp' | 'recovery_code' | 'locked' | null;
    user_agent: string | null;
    ip: string | null;
    created_at: Generated<Date>;
  };
  /** One-time two-factor recovery codes (#16): scrypt hashes, one salt per set. */
  recovery_codes: {
    id: Generated<string>;
    user_id: string;
    salt: Buffer;
    code_hash: Buffer;
    used_at: Date | null;
    created_at: Generated<Date>;
  };
};

/** Identity's view of the database: its own tables only. */
export type IdentityDb = DbView<IdentityTables>;
