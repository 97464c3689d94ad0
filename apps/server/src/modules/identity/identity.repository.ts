import type { KycStatus } from '@openbourse/contracts';
import type { Insertable, Selectable } from 'kysely';
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
/** A user's VIP level (0 Normal, 1–4 VIP1–VIP4); 0 for an unknown user. */
export async function userLevel(db: Db, id: string): Promise<number> {
  const row = await db.selectFrom('users').select('level').where('id', '=', id).executeTakeFirst();
  return row?.level ?? 0;
}

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
  values: {
    userId: string;
    tokenHash: Buffer;
    expiresAt: Date;
    lastUsedAt: Date;
    userAgent: string | null;
    ip?: string | null;
  },
): Promise<string> {
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: values.userId,
      token_hash: values.tokenHash,
      expires_at: values.expiresAt,
      // The injected clock's time, as the idle checks read it (not the database's now()).
      last_used_at: values.lastUsedAt,
      revoked_at: null,
      user_agent: values.userAgent,
      ip: values.ip ?? null,
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
    sign_in_window_start: date(json.sign_in_window_start),
    online_until: date(json.online_until),
    last_seen_at: date(json.last_seen_at),
    created_at: date(json.created_at) as Date,
    updated_at: date(json.updated_at) as Date,
  };
}

export async function touchSession(db: Db, sessionId: string, usedAt: Date, expiresAt: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_used_at: usedAt, expires_at: expiresAt })
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

/**
 * Revokes the user's sessions in use at `at` (neither revoked nor expired), or only those of
 * `sessionIds` among them; answers the ids it revoked, so another user's session id revokes nothing.
 */
export async function revokeLiveSessionsOf(
  db: Db,
  userId: string,
  at: Date,
  sessionIds?: readonly string[],
): Promise<string[]> {
  if (sessionIds?.length === 0) return [];
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at);
  if (sessionIds) query = query.where('id', 'in', sessionIds);
  const rows = await query.returning('id').execute();
  return rows.map((row) => String(row.id)).sort((a, b) => Number(BigInt(a) - BigInt(b)));
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
export async function findSecondFactorChallenge(
  db: Db,
  tokenHash: Buffer,
): Promise<{ userId: string; method: 'google' | 'wallet' } | undefined> {
  const row = await db
    .selectFrom('second_factor_challenges')
    .select(['user_id', 'method'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ? { userId: row.user_id, method: row.method } : undefined;
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

/**
 * Takes one password check from the account's window (#13), in one conditional update so that
 * concurrent attempts cannot all pass: a window older than `windowMinutes` starts afresh. Returns
 * the minutes until the window frees up when it is full (nothing changed), else null.
 */
export async function takeSignInAttempt(
  db: Db,
  id: string,
  limits: { perWindow: number; windowMinutes: number },
): Promise<number | null> {
  const windowOver = sql<boolean>`(sign_in_window_start IS NULL OR sign_in_window_start <= now() - make_interval(mins => ${limits.windowMinutes}))`;
  const taken = await db
    .updateTable('users')
    .set({
      sign_in_window_start: sql`CASE WHEN ${windowOver} THEN now() ELSE sign_in_window_start END`,
      sign_in_attempts: sql`CASE WHEN ${windowOver} THEN 1 ELSE sign_in_attempts + 1 END`,
    })
    .where('id', '=', id)
    .where((eb) => eb.or([windowOver, eb('sign_in_attempts', '<', limits.perWindow)]))
    .returning('id')
    .executeTakeFirst();
  if (taken) return null;
  const full = await db
    .selectFrom('users')
    .select(
      sql<number>`GREATEST(1, CEIL(EXTRACT(EPOCH FROM (sign_in_window_start + make_interval(mins => ${limits.windowMinutes}) - now())) / 60))::int`.as(
        'minutes',
      ),
    )
    .where('id', '=', id)
    .executeTakeFirst();
  return full?.minutes ?? limits.windowMinutes;
}

/**
 * Accepts an authenticator code's time step (#13, RFC 6238 §5.2): records it, with `change`, in
 * one conditional update, only while the secret the code was checked against is still the user's,
 * two-factor is on or off as `isEnabled` says, and the step is later than the last accepted one;
 * false (nothing changed) otherwise. Two uses of one code at once cannot both match: the second
 * update waits for the first's row lock, then finds its step recorded.
 */
export async function acceptTotpStep(
  db: Db,
  id: string,
  check: { secret: string; step: number; isEnabled: boolean },
  change: { totp_enabled?: boolean; totp_secret?: null } = {},
): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ ...change, totp_last_step: String(check.step), updated_at: sql`now()` })
    .where('id', '=', id)
    .where('totp_secret', '=', check.secret)
    .where('totp_enabled', '=', check.isEnabled)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(check.step))]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
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

/** The id of the user with this user name (case-insensitive), if any (the back office's filters). */
export async function findUserIdByName(db: Db, userName: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('user_name_key', '=', userName.trim().toLowerCase())
    .executeTakeFirst();
  return row ? String(row.id) : null;
}

/** User names by id, for the users among these that exist (the back office names operators). */
export async function userNamesByIds(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'user_name'])
    .where('id', 'in', [...userIds])
    .execute();
  return new Map(rows.map((row) => [String(row.id), row.user_name]));
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

/** Who invited each of these users (invited users only): the referral programme pays the inviter. */
export async function invitersOf(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'invited_by'])
    .where('id', 'in', [...userIds])
    .where('invited_by', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [String(row.id), String(row.invited_by)]));
}

/** A user's invite code (null for an unknown user). */
export async function inviteCodeOf(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('invite_code').where('id', '=', userId).executeTakeFirst();
  return row?.invite_code ?? null;
}

/** The ids of every user this one invited (the invite page's totals count their steps). */
export async function inviteeIdsOf(db: Db, inviterId: string): Promise<string[]> {
  const rows = await db.selectFrom('users').select('id').where('invited_by', '=', inviterId).execute();
  return rows.map((row) => String(row.id));
}

export type Invitee = { id: string; userName: string; email: string | null; joinedAt: Date };

/** The users this one invited, newest first, at most `limit`, and how many in all. */
export async function inviteesOf(
  db: Db,
  inviterId: string,
  limit: number,
): Promise<{ invitees: Invitee[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'user_name', 'email', 'created_at'])
      .where('invited_by', '=', inviterId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('invited_by', '=', inviterId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    invitees: rows.map((row) => ({
      id: String(row.id),
      userName: row.user_name,
      email: row.email,
      joinedAt: row.created_at,
    })),
    total: Number(count.n),
  };
}

/** Registered accounts (a measured home figure, SPEC §0.5). */
export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The back office's dashboard (#14): users in all, registered since `dayStart`, online at `at`. */
export async function userCounts(
  db: Db,
  dayStart: Date,
  at: Date,
): Promise<{ total: number; registeredToday: number; onlineNow: number }> {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.countAll<string>().filterWhere('created_at', '>=', dayStart).as('registeredToday'),
      eb.fn.countAll<string>().filterWhere('online_until', '>', at).as('onlineNow'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), registeredToday: Number(row.registeredToday), onlineNow: Number(row.onlineNow) };
}

// The back office's user administration (#14)

/** What the back office searches users by; every part optional (none: every user). */
export type UserSearch = {
  /** Exact id (digits only). */
  id?: string;
  /** Case-insensitive prefix of the user name or the e-mail (given in lower case). */
  prefix?: string;
  /** Exact wallet address; `caseless` for a 0x address an operator may paste in any case. */
  walletAddress?: { value: string; caseless: boolean };
};

/** One page of users matching any part of the search, newest first, with how many match. */
export async function searchUsers(
  db: Db,
  search: UserSearch,
  page: { offset: number; limit: number },
): Promise<{ rows: UserRow[]; total: number }> {
  let query = db.selectFrom('users');
  if (search.id !== undefined || search.prefix !== undefined || search.walletAddress !== undefined) {
    query = query.where((eb) => {
      const any = [];
      if (search.id !== undefined) any.push(eb('id', '=', search.id));
      if (search.prefix !== undefined) {
        const pattern = `${escapeLike(search.prefix)}%`;
        any.push(eb('user_name_key', 'like', pattern), eb('email', 'like', pattern));
      }
      const wallet = search.walletAddress;
      if (wallet?.caseless) any.push(eb(sql<string>`lower(wallet_address)`, '=', wallet.value.toLowerCase()));
      else if (wallet) any.push(eb('wallet_address', '=', wallet.value));
      return eb.or(any);
    });
  }
  const counted = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { rows, total: Number(counted.n) };
}

/** `%`, `_` and `\` stand for themselves in a LIKE pattern. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The user's row, locked until the transaction ends (a status or level change reads, then writes). */
export function lockUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** A user's sessions still in use at `at` (neither revoked nor expired), newest first; no token hashes. */
export function liveSessionsOf(db: Db, userId: string, at: Date, limit: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_used_at', 'user_agent', 'ip', 'expires_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

// Sign-in history (#16)

export type NewSignInEvent = Omit<Insertable<IdentityTables['sign_in_events']>, 'id' | 'created_at'>;

export async function insertSignInEvent(db: Db, values: NewSignInEvent): Promise<void> {
  await db.insertInto('sign_in_events').values(values).execute();
}

/** One page of the user's sign-ins, newest first, and how many there are in all. */
export async function signInEventsOf(db: Db, userId: string, page: { offset: number; limit: number }) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('sign_in_events')
      .select(['id', 'succeeded', 'method', 'second_factor', 'failure', 'user_agent', 'ip', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('sign_in_events')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

// Recovery codes (#16)

/**
 * Replaces the user's recovery codes with a new set (the old ones, used or not, are deleted), in
 * one transaction holding the user's row, so two requests at once leave one set, the later one.
 */
export async function replaceRecoveryCodes(db: Db, userId: string, salt: Buffer, codeHashes: Buffer[]): Promise<void> {
  const write = async (trx: Db) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('recovery_codes')
      .values(codeHashes.map((codeHash) => ({ user_id: userId, salt, code_hash: codeHash, used_at: null })))
      .execute();
  };
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
}

export async function deleteRecoveryCodes(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/** The salts of the user's unused codes: one per set, so normally one (none without codes left). */
export async function recoveryCodeSalts(db: Db, userId: string): Promise<Buffer[]> {
  const rows = await db
    .selectFrom('recovery_codes')
    .select('salt')
    .distinct()
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  return rows.map((row) => row.salt);
}

/**
 * Uses one recovery code: marks it used in one conditional update, true only for the request
 * that did; two uses of one code at once cannot both succeed (the second finds it used).
 */
export async function useRecoveryCode(db: Db, userId: string, codeHash: Buffer): Promise<boolean> {
  const row = await db
    .updateTable('recovery_codes')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** How many of the user's recovery codes are left, and when the set was made. */
export async function recoveryCodesStatus(db: Db, userId: string) {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => [
      eb.fn.count<string>('id').filterWhere('used_at', 'is', null).as('remaining'),
      eb.fn.min('created_at').as('created_at'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { remaining: Number(row.remaining), createdAt: row.created_at as Date | null };
}

/**
 * Sets a user's verification status (SPEC §3 idefinderStatus, issue 17) inside the caller's
 * transaction: the kyc module's submission and decision write it with their own change, so the
 * two never disagree. Identity owns the column; kyc owns why it changed. The caller tells
 * identity's service (`forgetUserSessions`) after the commit, so no instance's cached session
 * keeps the old status. Answers whether the user exists.
 */
export async function setKycStatus(db: Db, userId: string, status: KycStatus): Promise<boolean> {
  const result = await db.updateTable('users').set({ kyc_status: status }).where('id', '=', userId).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

// The support chat (issue 20): what an agent's context panel may show, the agents themselves.

/** The facts of a user the support chat receives (SPEC §6), the personal ones for the caller to withhold. */
export async function supportUserFacts(
  db: Db,
  userId: string,
): Promise<{
  level: number;
  walletAddress: string | null;
  registeredAt: Date;
  kycStatus: number;
  email: string | null;
  phone: string | null;
} | null> {
  const row = await db
    .selectFrom('users')
    .select(['level', 'wallet_address', 'created_at', 'kyc_status', 'email', 'phone_area_code', 'phone'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  const phone = row.phone
    ? `${row.phone_area_code ? `+${row.phone_area_code.replace(/^\+/, '')} ` : ''}${row.phone}`
    : null;
  return {
    level: row.level,
    walletAddress: row.wallet_address,
    registeredAt: row.created_at,
    kycStatus: row.kyc_status,
    email: row.email,
    phone,
  };
}

/** The active users holding any of these roles, with their names and whether they are online at `at`. */
export async function activeUsersWithAnyRole(
  db: Db,
  roles: readonly string[],
  at: Date,
): Promise<Array<{ id: string; name: string; online: boolean }>> {
  if (roles.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'user_name', 'online_until'])
    .where('status', '=', 'active')
    .where(sql<boolean>`roles && ${sql.val([...roles])}::text[]`)
    .orderBy('user_name')
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    name: row.user_name,
    online: row.online_until !== null && row.online_until > at,
  }));
}

/** Whether the user's heartbeat keeps them online at `at` (presence). */
export async function isUserOnline(db: Db, userId: string, at: Date): Promise<boolean> {
  const row = await db.selectFrom('users').select('online_until').where('id', '=', userId).executeTakeFirst();
  return row?.online_until != null && row.online_until > at;
}
