import { timingSafeEqual } from 'node:crypto';
import type {
  Book,
  Language,
  Role,
  TLoginResult,
  TSecondFactorChallenge,
  TSecondFactorRequest,
  TUserInfo,
} from '@openbourse/contracts';
import type { FastifyRequest } from 'fastify';
import { generateSecret, generateURI, verifySync } from 'otplib';
import type { ClusterBus } from '../../platform/bus/cluster-bus.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { AuthLevel } from '../../platform/http/auth.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { isSolution, newChallenge } from './captcha.js';
import * as repository from './identity.repository.js';
import type { IdentityDb as Db } from './identity.tables.js';
import { MAIL_TEMPLATES } from './mail-templates.js';
import { hashPassword, isPasswordAcceptable, spendPasswordTime, verifyPassword } from './password.js';
import { hashSecret, newEmailCode, newInviteCode, newSessionToken } from './secrets.js';
import { createSessionCache } from './session-cache.js';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_RESEND_MS = 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MINUTES = 15;
/** How long a Google or wallet sign-in waits for the authenticator's code. */
export const SECOND_FACTOR_MINUTES = 5;
const ONLINE_WINDOW_MS = 90_000; // three missed 30 s heartbeats
const SESSION_TOUCH_INTERVAL_MS = 60_000;
/** How long another instance's revocation may take to reach this one (see session-cache.ts). */
export const SESSION_CACHE_TTL_MS = 5_000;

export type IdentityOptions = {
  mailer: Mailer;
  clock: Clock;
  walletOnly: boolean;
  demoEnabled: boolean;
  accessGuard: boolean;
  captchaEnabled: boolean;
  captchaDifficulty: number;
  sessionIdleDays: number;
  googleEnabled: boolean;
  /** Available balances and today's P&L, from the ledger (injected: identity does not import it). */
  userMoney: (userId: string, book: Book) => Promise<UserMoney>;
  /** Tells the other instances whose cached sessions to drop. */
  bus: ClusterBus;
};

/** Bus topic: a user's sessions or account changed; every instance drops its cached sessions. */
const USER_CHANGED_TOPIC = 'identity:user-changed';

export type UserMoney = { usdtBalance: string; usdcBalance: string; usdtTodayProfit: string; usdcTodayProfit: string };

/** Who is calling, attached to the request by the authenticator. */
export type AuthenticatedUser = {
  id: string;
  sessionId: string;
  userName: string;
  roles: Role[];
  user: repository.UserRow;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthenticatedUser | null;
  }
}

type CaptchaInput = { challengeId: string; solution: string } | undefined;
type RequestMeta = { userAgent: string | null };

export function createIdentityService(db: Db, options: IdentityOptions) {
  const now = () => options.clock.now();
  const sessions = createSessionCache({ ttlMs: SESSION_CACHE_TTL_MS, maxEntries: 50_000, now: () => now().getTime() });
  options.bus.subscribe(USER_CHANGED_TOPIC, (payload) => {
    const { userId } = payload as { userId?: unknown };
    if (typeof userId === 'string') sessions.forgetUser(userId);
  });
  // Dropped here at once, and on the other instances as soon as the bus carries the news
  // (milliseconds through Redis; their cache's few seconds at most when Redis is down).
  function forgetUserSessions(userId: string): void {
    sessions.forgetUser(userId);
    options.bus.publish(USER_CHANGED_TOPIC, { userId });
  }

  // Every change to a user or their sessions goes through these, so no instance's cache serves
  // a revoked token or a stale account.
  async function updateUser(id: string, values: Parameters<typeof repository.updateUser>[2]): Promise<void> {
    await repository.updateUser(db, id, values);
    forgetUserSessions(id);
  }
  async function revokeUserSessions(userId: string, exceptSessionId?: string): Promise<void> {
    await repository.revokeUserSessions(db, userId, exceptSessionId);
    forgetUserSessions(userId);
  }

  async function toUserInfo(user: repository.UserRow, book: Book): Promise<TUserInfo> {
    const money = await options.userMoney(user.id, book);
    // Listed field by field (no spread): one fixed object shape keeps this hot path cheap.
    return {
      usdtBalance: money.usdtBalance,
      usdcBalance: money.usdcBalance,
      usdtTodayProfit: money.usdtTodayProfit,
      usdcTodayProfit: money.usdcTodayProfit,
      id: Number(user.id),
      userName: user.user_name,
      email: user.email,
      phone: user.phone ? `+${user.phone_area_code ?? ''}${user.phone}` : null,
      walletAddress: user.wallet_address,
      level: user.level,
      createTime: user.created_at.toISOString(),
      idefinderStatus: user.kyc_status,
      firstName: user.first_name,
      lastName: user.last_name,
      inviteCode: user.invite_code,
      roles: user.roles.filter((role): role is Role => ['user', 'reviewer', 'support', 'admin'].includes(role)),
      totpEnabled: user.totp_enabled,
      hasPassword: user.password_hash !== null,
      virtual: book === 'demo' ? 0 : 1,
    };
  }

  async function startSession(user: repository.UserRow, book: Book, meta: RequestMeta): Promise<TLoginResult> {
    const token = newSessionToken();
    await repository.insertSession(db, {
      userId: user.id,
      tokenHash: hashSecret(token),
      expiresAt: sessionExpiry(),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    return { token, ...(await toUserInfo(user, book)) };
  }

  function assertNotLocked(user: repository.UserRow): void {
    const lockedFor = user.locked_until ? user.locked_until.getTime() - now().getTime() : 0;
    if (lockedFor > 0) {
      throw new AppError('ACCOUNT_LOCKED', { params: { minutes: Math.ceil(lockedFor / 60_000) } });
    }
  }

  /** A wrong password or code counts towards the lock (five in a row lock the account). */
  async function refuseSignIn(user: repository.UserRow, name: 'PASSWORD_WRONG' | 'TOTP_INVALID'): Promise<never> {
    const isLocked = await repository.recordFailedLogin(db, user.id, LOCK_AFTER_FAILURES, LOCK_MINUTES);
    if (isLocked) {
      await repository.deleteSecondFactorChallengesOf(db, user.id);
      throw new AppError('ACCOUNT_LOCKED', { params: { minutes: LOCK_MINUTES } });
    }
    throw new AppError(name);
  }

  async function forgetFailedSignIns(user: repository.UserRow): Promise<void> {
    if (user.failed_logins > 0 || user.locked_until) {
      await updateUser(user.id, { failed_logins: 0, locked_until: null });
    }
  }

  /**
   * The end of a sign-in by a first factor other than the password (Google, a wallet): a
   * session at once, or, for an account with two-factor authentication on, a challenge that
   * only the authenticator's code completes (10116 with the challenge as data). Without this
   * a Google account or a wallet would open an account whose owner asked for two factors.
   */
  async function finishSignIn(
    user: repository.UserRow,
    book: Book,
    meta: RequestMeta,
    method: 'google' | 'wallet',
  ): Promise<TLoginResult> {
    if (user.status !== 'active') throw new AppError('ABNORMAL_USER_STATUS');
    if (!user.totp_enabled) return startSession(user, book, meta);
    assertNotLocked(user);
    // One waiting sign-in per account, the newest (expired ones of anyone are swept on the way).
    await repository.deleteSecondFactorChallengesOf(db, user.id);
    const challenge = newSessionToken();
    const expiresAt = new Date(now().getTime() + SECOND_FACTOR_MINUTES * 60_000);
    await repository.insertSecondFactorChallenge(db, {
      tokenHash: hashSecret(challenge),
      userId: user.id,
      method,
      expiresAt,
    });
    const data: TSecondFactorChallenge = { challenge, expiresAt: expiresAt.toISOString() };
    throw new AppError('TOTP_REQUIRED', { data });
  }

  function sessionExpiry(): Date {
    return new Date(now().getTime() + options.sessionIdleDays * 86_400_000);
  }

  function assertPasswordSignInAllowed(): void {
    if (options.walletOnly) throw new AppError('WALLET_ONLY_MODE');
  }

  function assertNewPassword(password: string, confirmPassword: string): void {
    if (password !== confirmPassword) throw new AppError('PASSWORDS_DO_NOT_MATCH');
    if (!isPasswordAcceptable(password)) throw new AppError('PASSWORD_TOO_WEAK');
  }

  async function verifyCaptcha(captcha: CaptchaInput): Promise<void> {
    if (!options.captchaEnabled) return;
    if (!captcha) throw new AppError('CAPTCHA_INVALID');
    const challenge = await repository.consumeCaptchaChallenge(db, captcha.challengeId);
    if (!challenge || !isSolution(challenge.salt, captcha.solution, challenge.difficulty)) {
      throw new AppError('CAPTCHA_INVALID');
    }
  }

  /**
   * Checks an e-mail code. Each wrong try is counted (committed at once, outside any
   * caller's transaction); after five, or ten minutes, the code is dead.
   */
  async function useEmailCode(email: string, purpose: 'register' | 'reset', code: string): Promise<void> {
    const row = await repository.findLatestEmailCode(db, email, purpose);
    if (!row || row.consumed_at || row.expires_at.getTime() <= now().getTime() || row.attempts >= CODE_MAX_ATTEMPTS) {
      throw new AppError('CODE_INVALID');
    }
    const expected = hashSecret(`${email}:${purpose}:${code}`);
    if (!timingSafeEqual(expected, row.code_hash)) {
      await repository.recordCodeAttempt(db, row.id);
      throw new AppError('CODE_INVALID');
    }
    if (!(await repository.consumeEmailCode(db, row.id))) throw new AppError('CODE_INVALID');
  }

  async function uniqueInviteCode(): Promise<string> {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const code = newInviteCode();
      if (!(await repository.findUserByInviteCode(db, code))) return code;
    }
    throw new Error('could not find a free invite code');
  }

  return {
    toUserInfo,
    startSession,
    uniqueInviteCode,

    settings() {
      return {
        accessGuard: options.accessGuard,
        walletOnly: options.walletOnly,
        demoEnabled: options.demoEnabled,
        googleEnabled: options.googleEnabled,
        captchaRequired: options.captchaEnabled,
      };
    },

    async exists(query: { userName?: string; phone?: string }): Promise<{ exists: boolean }> {
      if (query.userName !== undefined) {
        const user = await repository.findUserByLogin(db, query.userName);
        return { exists: user !== undefined };
      }
      return { exists: query.phone !== undefined && (await repository.isPhoneTaken(db, query.phone)) };
    },

    async captchaConfig() {
      if (!options.captchaEnabled) return { required: false, challenge: null };
      const challenge = newChallenge(options.captchaDifficulty);
      const expiresAt = new Date(now().getTime() + 5 * 60_000);
      await repository.insertCaptchaChallenge(db, { ...challenge, expiresAt });
      return {
        required: true,
        challenge: {
          challengeId: challenge.id,
          salt: challenge.salt,
          difficulty: challenge.difficulty,
          expiresAt: expiresAt.toISOString(),
        },
      };
    },

    async sendCode(input: { email: string; type: 'register' | 'reset'; captcha?: CaptchaInput }, language: Language) {
      assertPasswordSignInAllowed();
      await verifyCaptcha(input.captcha);
      const existing = await repository.findUserByEmail(db, input.email);
      if (input.type === 'register' && existing) throw new AppError('EMAIL_OR_PHONE_EXISTS');
      const latest = await repository.findLatestEmailCode(db, input.email, input.type);
      if (latest && now().getTime() - latest.created_at.getTime() < CODE_RESEND_MS) {
        throw new AppError('CODE_SENT_TOO_OFTEN');
      }
      const answer = { expiresInSeconds: CODE_TTL_MS / 1000, resendAfterSeconds: CODE_RESEND_MS / 1000 };
      // A reset for an unknown address answers the same and sends nothing: the reset form
      // must not tell strangers who has an account.
      if (input.type === 'reset' && !existing) return answer;
      const code = newEmailCode();
      await repository.insertEmailCode(db, {
        email: input.email,
        purpose: input.type,
        codeHash: hashSecret(`${input.email}:${input.type}:${code}`),
        expiresAt: new Date(now().getTime() + CODE_TTL_MS),
      });
      const templates = MAIL_TEMPLATES[language];
      await options.mailer.send({
        to: input.email,
        subject: input.type === 'register' ? templates.registerSubject : templates.resetSubject,
        text: (input.type === 'register' ? templates.registerText : templates.resetText).replaceAll('{code}', code),
      });
      return answer;
    },

    async register(
      input: {
        userName: string;
        email: string;
        password: string;
        confirmPassword: string;
        code: string;
        inviteCode?: string;
        captcha?: CaptchaInput;
      },
      book: Book,
      meta: RequestMeta,
    ): Promise<TLoginResult> {
      assertPasswordSignInAllowed();
      assertNewPassword(input.password, input.confirmPassword);
      await verifyCaptcha(input.captcha);
      if (await repository.isUserNameTaken(db, input.userName)) throw new AppError('USER_NAME_EXISTS');
      if (await repository.findUserByEmail(db, input.email)) throw new AppError('EMAIL_OR_PHONE_EXISTS');
      let invitedBy: string | null = null;
      if (input.inviteCode) {
        const inviter = await repository.findUserByInviteCode(db, input.inviteCode);
        if (!inviter) {
          throw new AppError('INVALID_INPUT', {
            data: { issues: [{ path: 'body.inviteCode', message: 'unknown invite code' }] },
          });
        }
        invitedBy = inviter.id;
      }
      await useEmailCode(input.email, 'register', input.code);
      const passwordHash = await hashPassword(input.password);
      let user: repository.UserRow;
      try {
        user = await repository.insertUser(db, {
          user_name: input.userName,
          user_name_key: input.userName.toLowerCase(),
          email: input.email,
          password_hash: passwordHash,
          invite_code: await uniqueInviteCode(),
          invited_by: invitedBy,
        });
      } catch (error) {
        // Two registrations racing for the same name or address: the loser hears why.
        const detail = String((error as { constraint?: string }).constraint ?? '');
        if ((error as { code?: string }).code === '23505') {
          throw new AppError(detail.includes('email') ? 'EMAIL_OR_PHONE_EXISTS' : 'USER_NAME_EXISTS');
        }
        throw error;
      }
      return startSession(user, book, meta);
    },

    async login(
      input: { userName: string; password: string; totp?: string; captcha?: CaptchaInput },
      book: Book,
      meta: RequestMeta,
    ): Promise<TLoginResult> {
      assertPasswordSignInAllowed();
      await verifyCaptcha(input.captcha);
      const user = await repository.findUserByLogin(db, input.userName);
      if (!user?.password_hash) {
        await spendPasswordTime(input.password);
        if (user && !user.password_hash) throw new AppError('PASSWORD_NOT_SET');
        throw new AppError('PASSWORD_WRONG');
      }
      if (user.status !== 'active') throw new AppError('ABNORMAL_USER_STATUS');
      assertNotLocked(user);
      if (!(await verifyPassword(user.password_hash, input.password))) return refuseSignIn(user, 'PASSWORD_WRONG');
      if (user.totp_enabled) {
        if (!input.totp) throw new AppError('TOTP_REQUIRED');
        if (!isTotpValid(user.totp_secret, input.totp, now())) return refuseSignIn(user, 'TOTP_INVALID');
      }
      await forgetFailedSignIns(user);
      return startSession(user, book, meta);
    },

    finishSignIn,

    /** Completes a Google or wallet sign-in that `finishSignIn` left waiting for its code. */
    async completeSecondFactor(input: TSecondFactorRequest, book: Book, meta: RequestMeta): Promise<TLoginResult> {
      const tokenHash = hashSecret(input.challenge);
      const challenge = await repository.findSecondFactorChallenge(db, tokenHash);
      const user = challenge ? await repository.findUserById(db, challenge.userId) : undefined;
      if (!challenge || !user) throw new AppError('NONCE_INVALID');
      if (user.status !== 'active') throw new AppError('ABNORMAL_USER_STATUS');
      assertNotLocked(user);
      if (!user.totp_enabled) {
        // Turned off since the challenge was issued: no code can match; the sign-in starts again.
        await repository.deleteSecondFactorChallenge(db, tokenHash);
        throw new AppError('NONCE_INVALID');
      }
      // A wrong code keeps the challenge for another try, until the lock ends it.
      if (!isTotpValid(user.totp_secret, input.totp, now())) return refuseSignIn(user, 'TOTP_INVALID');
      if (!(await repository.deleteSecondFactorChallenge(db, tokenHash))) throw new AppError('NONCE_INVALID');
      await forgetFailedSignIns(user);
      return startSession(user, book, meta);
    },

    async resetPassword(input: { email: string; code: string; password: string; confirmPassword: string }) {
      assertPasswordSignInAllowed();
      assertNewPassword(input.password, input.confirmPassword);
      await useEmailCode(input.email, 'reset', input.code);
      const user = await repository.findUserByEmail(db, input.email);
      if (!user) throw new AppError('CODE_INVALID');
      await updateUser(user.id, {
        password_hash: await hashPassword(input.password),
        failed_logins: 0,
        locked_until: null,
      });
      await revokeUserSessions(user.id);
      return { ok: true as const };
    },

    async logout(auth: AuthenticatedUser) {
      await repository.revokeSession(db, auth.sessionId);
      forgetUserSessions(auth.id);
      await updateUser(auth.id, { online_until: null });
      return { ok: true as const };
    },

    async changePassword(
      auth: AuthenticatedUser,
      input: { oldPassword: string; password: string; confirmPassword: string },
    ) {
      const user = auth.user;
      if (!user.password_hash) throw new AppError('PASSWORD_NOT_SET');
      if (!(await verifyPassword(user.password_hash, input.oldPassword))) throw new AppError('PASSWORD_WRONG');
      assertNewPassword(input.password, input.confirmPassword);
      await updateUser(user.id, { password_hash: await hashPassword(input.password) });
      // Every other device signs in again; this one stays.
      await revokeUserSessions(user.id, auth.sessionId);
      return { ok: true as const };
    },

    async setUpTotp(auth: AuthenticatedUser) {
      if (auth.user.totp_enabled) throw new AppError('WRONG_USER_STATUS');
      const secret = generateSecret();
      await updateUser(auth.id, { totp_secret: secret });
      return { secret, otpauthUri: generateURI({ issuer: 'OpenBourse', label: auth.userName, secret }) };
    },

    async enableTotp(auth: AuthenticatedUser, code: string) {
      const fresh = await repository.findUserById(db, auth.id);
      if (!fresh?.totp_secret) throw new AppError('TOTP_NOT_SET_UP');
      if (fresh.totp_enabled) throw new AppError('WRONG_USER_STATUS');
      if (!isTotpValid(fresh.totp_secret, code, now())) throw new AppError('TOTP_INVALID');
      await updateUser(auth.id, { totp_enabled: true });
      return { ok: true as const };
    },

    async disableTotp(auth: AuthenticatedUser, code: string) {
      const fresh = await repository.findUserById(db, auth.id);
      if (!fresh?.totp_enabled || !fresh.totp_secret) throw new AppError('TOTP_NOT_SET_UP');
      if (!isTotpValid(fresh.totp_secret, code, now())) throw new AppError('TOTP_INVALID');
      await updateUser(auth.id, { totp_enabled: false, totp_secret: null });
      return { ok: true as const };
    },

    async heartbeat(auth: AuthenticatedUser, host: string | undefined) {
      const at = now();
      await updateUser(auth.id, {
        online_until: new Date(at.getTime() + ONLINE_WINDOW_MS),
        last_seen_at: at,
        last_seen_host: host?.slice(0, 253) ?? null,
      });
      return { ok: true as const };
    },

    async offline(auth: AuthenticatedUser) {
      await updateUser(auth.id, { online_until: null, last_seen_at: now() });
      return { ok: true as const };
    },

    /** The user a session token belongs to, when it is valid (the socket's sign-in). */
    async userIdForToken(token: string): Promise<string | null> {
      const session = await repository.findSessionByTokenHash(db, hashSecret(token));
      const at = now().getTime();
      if (!session?.user || session.revokedAt || session.expiresAt.getTime() <= at) return null;
      return session.user.status === 'active' ? session.userId : null;
    },

    /**
     * The guard for protected routes. 401 for a missing, expired or revoked token; 10009 when
     * the token's user no longer exists; 10005 for a disabled account; then the level.
     */
    async authenticate(request: FastifyRequest, level: Exclude<AuthLevel, 'public'>): Promise<void> {
      const token = readToken(request.headers.authorization);
      if (!token) throw new AppError('NOT_LOGGED_IN');
      const tokenHash = hashSecret(token);
      const cacheKey = tokenHash.toString('base64');
      let session = sessions.get(cacheKey);
      if (!session) {
        session = await repository.findSessionByTokenHash(db, tokenHash);
        if (session?.user && !session.revokedAt) sessions.set(cacheKey, session);
      }
      const at = now();
      if (!session || session.revokedAt || session.expiresAt.getTime() <= at.getTime())
        throw new AppError('NOT_LOGGED_IN');
      if (!session.user) throw new AppError('USER_NOT_FOUND');
      if (session.user.status !== 'active') throw new AppError('ABNORMAL_USER_STATUS');
      // Sliding expiry, written at most once a minute so reads stay reads.
      if (at.getTime() - session.lastUsedAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
        const expiresAt = sessionExpiry();
        await repository.touchSession(db, session.sessionId, expiresAt);
        session.lastUsedAt = at;
        session.expiresAt = expiresAt;
      }
      const roles = session.user.roles as Role[];
      request.auth = {
        id: session.userId,
        sessionId: session.sessionId,
        userName: session.user.user_name,
        roles,
        user: session.user,
      };
      if (request.book === 'demo' && !options.demoEnabled) throw new AppError('DEMO_DISABLED');
      if (level === 'live-user' && request.book === 'demo') throw new AppError('DEMO_NOT_ALLOWED');
      if (
        (level === 'reviewer' || level === 'support' || level === 'admin') &&
        !roles.includes('admin') &&
        !roles.includes(level)
      ) {
        throw new AppError('FORBIDDEN');
      }
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;

/** `Authorization: <token>` (SPEC §7), also accepting the common `Bearer <token>`. */
function readToken(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

function isTotpValid(secret: string | null, code: string, at: Date): boolean {
  if (!secret) return false;
  // One 30 s step of tolerance each way for clock drift between phone and server.
  return verifySync({ secret, token: code, epoch: Math.floor(at.getTime() / 1000), epochTolerance: 30 }).valid;
}
