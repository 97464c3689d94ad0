import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { DbView } from '../../platform/db/database.js';
import type { IdentityTables } from './identity.tables.js';

type Db = DbView<IdentityTables>;

/** The only SQL over the identity module's tables. */

export type UserRow = Selectable<IdentityTables['users']>;

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** By user name (case-insensitive) or e-mail. */
export function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const key = login.trim().toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('user_name_key', '=', key), eb('email', '=', key)]))
    .executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserByGoogleSubject(db: Db, subject: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('google_subject', '=', subject).executeTakeFirst();
}

export function findUserByInviteCode(db: Db, inviteCode: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('invite_code', '=', inviteCode).executeTakeFirst();
}

export async function isUserNameTaken(db: Db, userName: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('user_name_key', '=', userName.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function isPhoneTaken(db: Db, phone: string): Promise<boolean> {
  const digits = phone.replace(/^\+/, '');
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<boolean>`coalesce(phone_area_code, '') || coalesce(phone, '') = ${digits}`)
    .executeTakeFirst();
  return row !== undefined;
}

export type NewUser = {
  user_name: string;
  user_name_key: string;
  email: string | null;
  password_hash: string | null;
  invite_code: string;
  invited_by: string | null;
  wallet_address?: string | null;
  wallet_type?: 'ethereum' | 'tronlink' | null;
  google_subject?: string | null;
  roles?: string[];
};

export function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      user_name: values.user_name,
      user_name_key: values.user_name_key,
      email: values.email,
      password_hash: values.password_hash,
      invite_code: values.invite_code,
      invited_by: values.invited_by,
      wallet_address: values.wallet_address ?? null,
      wallet_type: values.wallet_type ?? null,
      google_subject: values.google_subject ?? null,
      phone_area_code: null,
      phone: null,
      first_name: null,
      last_name: null,
      totp_secret: null,
      locked_until: null,
      online_until: null,
      last_seen_at: null,
      last_seen_host: null,
      ...(values.roles ? { roles: values.roles } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateUser(
  db: Db,
  id: string,
  values: Partial<Omit<UserRow, 'id' | 'created_at'>>,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function recordFailedLogin(db: Db, id: string, lockAfter: number, lockMinutes: number): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({
      failed_logins: sql`CASE WHEN failed_logins + 1 >= ${lockAfter} THEN 0 ELSE failed_logins + 1 END`,
      locked_until: sql`CASE WHEN failed_logins + 1 >= ${lockAfter} THEN now() + make_interval(mins => ${lockMinutes}) ELSE locked_until END`,
    })
    .where('id', '=', id)
    // Whether the lock is on, judged by the database's clock that set it.
    .returning(sql<boolean>`locked_until IS NOT NULL AND locked_until > now()`.as('is_locked'))
    .executeTakeFirst();
  return row?.is_locked === true;
}

// Sessions

export async function insertSession(
  db: Db,
  values: { userId: string; tokenHash: Buffer; expiresAt: Date; userAgent: string | null },
): Promise<string> {
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: values.userId,
      token_hash: values.tokenHash,
      expires_at: values.expiresAt,
      revoked_at: null,
      user_agent: values.userAgent,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type SessionWithUser = {
  sessionId: string;
  userId: string;
  expiresAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date;
  user: UserRow | null;
};

export async function findSessionByTokenHash(db: Db, tokenHash: Buffer): Promise<SessionWithUser | null> {
  const row = await db
    .selectFrom('sessions as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id as session_id',
      's.user_id as session_user_id',
      's.expires_at',
      's.revoked_at',
      's.last_used_at',
      sql<UserRow | null>`CASE WHEN u.id IS NULL THEN NULL ELSE to_jsonb(u) END`.as('user_json'),
    ])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  const user = row.user_json ? reviveUser(row.user_json as unknown as Record<string, unknown>) : null;
  return {
    sessionId: row.session_id,
    userId: row.session_user_id,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
    user,
  };
}

// to_jsonb turns timestamps into strings and ids into numbers; put them back.
function reviveUser(json: Record<string, unknown>): UserRow {
  const date = (value: unknown) => (value === null || value === undefined ? null : new Date(String(value)));
  return {
    ...(json as unknown as UserRow),
    id: String(json.id),
    invited_by: json.invited_by === null ? null : String(json.invited_by),
    locked_until: date(json.locked_until),
    online_until: date(json.online_until),
    last_seen_at: date(json.last_seen_at),
    created_at: date(json.created_at) as Date,
    updated_at: date(json.updated_at) as Date,
  };
}

export async function touchSession(db: Db, sessionId: string, expiresAt: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_used_at: sql`now()`, expires_at: expiresAt })
    .where('id', '=', sessionId)
    .execute();
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserSessions(db: Db, userId: string, exceptSessionId?: string): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}

// E-mail codes

export function findLatestEmailCode(db: Db, email: string, purpose: 'register' | 'reset') {
  return db
    .selectFrom('email_codes')
    .selectAll()
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertEmailCode(
  db: Db,
  values: { email: string; purpose: 'register' | 'reset'; codeHash: Buffer; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('email_codes')
    .values({
      email: values.email,
      purpose: values.purpose,
      code_hash: values.codeHash,
      expires_at: values.expiresAt,
      consumed_at: null,
    })
    .execute();
}

export async function recordCodeAttempt(db: Db, id: string): Promise<void> {
  await db.updateTable('email_codes').set({ attempts: sql`attempts + 1` }).where('id', '=', id).execute();
}

/** Marks the code used; false when another request used it first. */
export async function consumeEmailCode(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('email_codes')
    .set({ consumed_at: sql`now()` })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// Captcha

export async function insertCaptchaChallenge(
  db: Db,
  values: { id: string; salt: string; difficulty: number; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('captcha_challenges')
    .values({
      id: values.id,
      salt: values.salt,
      difficulty: values.difficulty,
      expires_at: values.expiresAt,
      consumed_at: null,
    })
    .execute();
}

/** Takes a challenge once: a second use of the same solution finds nothing. */
export function consumeCaptchaChallenge(db: Db, id: string) {
  return db
    .updateTable('captcha_challenges')
    .set({ consumed_at: sql`now()` })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['salt', 'difficulty'])
    .executeTakeFirst();
}

// Second factor of Google and wallet sign-in

export async function insertSecondFactorChallenge(
  db: Db,
  values: { tokenHash: Buffer; userId: string; method: 'google' | 'wallet'; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('second_factor_challenges')
    .values({
      token_hash: values.tokenHash,
      user_id: values.userId,
      method: values.method,
      expires_at: values.expiresAt,
    })
    .execute();
}

/** The user a live challenge belongs to (expired ones answer nothing). */
export async function findSecondFactorChallenge(db: Db, tokenHash: Buffer): Promise<{ userId: string } | undefined> {
  const row = await db
    .selectFrom('second_factor_challenges')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ? { userId: row.user_id } : undefined;
}

/** Takes a challenge once; false when another request took it first. */
export async function deleteSecondFactorChallenge(db: Db, tokenHash: Buffer): Promise<boolean> {
  const result = await db.deleteFrom('second_factor_challenges').where('token_hash', '=', tokenHash).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Ends an account's waiting sign-ins (a newer one, or the lock); expired ones are swept on the way. */
export async function deleteSecondFactorChallengesOf(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom('second_factor_challenges')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('expires_at', '<=', sql<Date>`now()`)]))
    .execute();
}

// Wallet sign-in

export function findUserByWalletAddress(db: Db, address: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('wallet_address', '=', address).executeTakeFirst();
}

export type NewWalletNonce = {
  nonce: string;
  address: string;
  walletType: 'ethereum' | 'tronlink';
  message: string;
  createdAt: Date;
  expiresAt: Date;
};

/**
 * Stores a nonce unless the address already had `max` issued since `since`; false when over
 * the limit. Issuance is serialised per address (advisory lock) so concurrent requests cannot
 * both pass the count, and the address's expired nonces are dropped on the way.
 */
export function insertWalletNonceWithinLimit(
  db: Db,
  values: NewWalletNonce,
  limit: { max: number; since: Date },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`wallet_nonces:${values.address}`}))`.execute(trx);
    const recent = await trx
      .selectFrom('wallet_nonces')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('address', '=', values.address)
      .where('created_at', '>', limit.since)
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= limit.max) return false;
    await trx
      .deleteFrom('wallet_nonces')
      .where('address', '=', values.address)
      .where('expires_at', '<=', values.createdAt)
      .execute();
    await trx
      .insertInto('wallet_nonces')
      .values({
        nonce: values.nonce,
        address: values.address,
        wallet_type: values.walletType,
        message: values.message,
        created_at: values.createdAt,
        expires_at: values.expiresAt,
        consumed_at: null,
      })
      .execute();
    return true;
  });
}

/**
 * Takes a nonce once, and only with its exact message, address and wallet type while unexpired:
 * a replay, a second concurrent use or an altered message finds nothing.
 */
export function consumeWalletNonce(
  db: Db,
  values: { nonce: string; address: string; walletType: 'ethereum' | 'tronlink'; message: string; at: Date },
) {
  return db
    .updateTable('wallet_nonces')
    .set({ consumed_at: values.at })
    .where('nonce', '=', values.nonce)
    .where('address', '=', values.address)
    .where('wallet_type', '=', values.walletType)
    .where('message', '=', values.message)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', values.at)
    .returning(['nonce', 'expires_at'])
    .executeTakeFirst();
}

/** Clears the failure count while the account is unlocked; false when it is locked (nothing changed). */
export async function clearFailuresIfUnlocked(db: Db, id: string): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ failed_logins: 0, locked_until: null })
    .where('id', '=', id)
    .where(sql<boolean>`(locked_until IS NULL OR locked_until <= now())`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a user with this id exists (the ledger's operator adjustment asks it). */
export async function userExists(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** The ids, among these users, of those who were invited (the referral programme counts them). */
export async function invitedUserIds(db: Db, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...userIds])
    .where('invited_by', 'is not', null)
    .execute();
  return rows.map((row) => String(row.id));
}

/** Registered accounts (a measured home figure, SPEC §0.5). */
export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
