import type { Book, Language, TSecondFactorRequest } from '@openbourse/contracts';
import type { FastifyRequest } from 'fastify';
import type { AuthLevel } from '../../platform/http/auth.js';
import { sendCode } from './email-codes.js';
import { findUserById } from './identity.repository.js';
import type { IdentityDb as Db } from './identity.tables.js';
import {
  type AuthenticatedUser,
  type CaptchaInput,
  createIdentityContext,
  forgetUserSessions,
  type IdentityOptions,
  type RequestMeta,
  toUserInfo,
} from './identity-context.js';
import { login } from './password-sign-in.js';
import { changePassword, resetPassword } from './passwords.js';
import { heartbeat, offline } from './presence.js';
import { generateRecoveryCodes, recoveryCodesStatus } from './recovery-codes.js';
import { exists, register, uniqueInviteCode } from './registration.js';
import { completeSecondFactor, disableTotp, enableTotp, finishSignIn, setUpTotp } from './second-factor.js';
import { listOwnSessions, revokeOtherSessions, revokeOwnSession, signInHistory } from './security-centre.js';
import { authenticate, logout, startSession, userIdForToken } from './sessions.js';
import { captchaConfig, settings, verifyCaptcha } from './sign-in-settings.js';
import { acceptTotpCode } from './totp.js';
import {
  type OperatorAction,
  searchUsers,
  setUserLevel,
  setUserStatus,
  type UserAdministrationDb,
  userProfile,
} from './user-administration.js';
import { listUserSessions, revokeAllUserSessions, revokeUserSession } from './user-sessions.js';

export {
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_MS,
  CODE_TTL_MS,
  LOCK_AFTER_FAILURES,
  LOCK_MINUTES,
  SECOND_FACTOR_MINUTES,
  SESSION_CACHE_TTL_MS,
} from './identity.constants.js';
export type {
  AuthenticatedUser,
  IdentityOptions,
  RealNameSource,
  UserMoney,
  UserMoneySource,
} from './identity-context.js';
export type {
  AdministeredUser,
  AdministeredUserProfile,
  OperatorAction,
  UserAdministrationDb,
} from './user-administration.js';
export type { RevokedSessions, UserSession } from './user-sessions.js';

/**
 * Identity's use cases (one per file: registration, password sign-in with the lockout, e-mail
 * codes, passwords, second factor, sessions, presence), bound to one context: the object the
 * routes, the guard and the other sign-in methods (Google, wallets) call.
 */
export function createIdentityService(db: Db, options: IdentityOptions) {
  const ctx = createIdentityContext(db, options);
  return {
    toUserInfo: (user: Parameters<typeof toUserInfo>[1], book: Book) => toUserInfo(ctx, user, book),
    startSession: (
      user: Parameters<typeof startSession>[1],
      book: Book,
      meta: RequestMeta,
      signIn?: Parameters<typeof startSession>[4],
    ) => startSession(ctx, user, book, meta, signIn),
    uniqueInviteCode: () => uniqueInviteCode(ctx),
    settings: () => settings(ctx),
    exists: (query: { userName?: string; phone?: string }) => exists(ctx, query),
    captchaConfig: () => captchaConfig(ctx),
    /** Another module's check of a proof-of-work solution (the support chat's visitors): 10xxx CAPTCHA_INVALID unless solved; nothing asked when the captcha is off. */
    verifyCaptcha: (captcha: CaptchaInput) => verifyCaptcha(ctx, captcha),
    sendCode: (input: { email: string; type: 'register' | 'reset'; captcha?: CaptchaInput }, language: Language) =>
      sendCode(ctx, input, language),
    register: (input: Parameters<typeof register>[1], book: Book, meta: RequestMeta) =>
      register(ctx, input, book, meta),
    login: (input: Parameters<typeof login>[1], book: Book, meta: RequestMeta) => login(ctx, input, book, meta),
    finishSignIn: (
      user: Parameters<typeof finishSignIn>[1],
      book: Book,
      meta: RequestMeta,
      method: 'google' | 'wallet',
    ) => finishSignIn(ctx, user, book, meta, method),
    completeSecondFactor: (input: TSecondFactorRequest, book: Book, meta: RequestMeta) =>
      completeSecondFactor(ctx, input, book, meta),
    resetPassword: (input: Parameters<typeof resetPassword>[1]) => resetPassword(ctx, input),
    logout: (auth: AuthenticatedUser) => logout(ctx, auth),
    changePassword: (auth: AuthenticatedUser, input: Parameters<typeof changePassword>[2]) =>
      changePassword(ctx, auth, input),
    setUpTotp: (auth: AuthenticatedUser) => setUpTotp(ctx, auth),
    enableTotp: (auth: AuthenticatedUser, code: string) => enableTotp(ctx, auth, code),
    disableTotp: (auth: AuthenticatedUser, input: { code: string; password?: string | undefined }) =>
      disableTotp(ctx, auth, input),
    /**
     * Another module's check of a user's authenticator code (a withdrawal, #15): true only with
     * two-factor on and a code not used before (it is then used up).
     */
    verifyUserTotp: async (userId: string, code: string): Promise<boolean> => {
      const user = await findUserById(ctx.db, userId);
      return user?.totp_enabled === true && (await acceptTotpCode(ctx, user, code));
    },
    heartbeat: (auth: AuthenticatedUser, host: string | undefined) => heartbeat(ctx, auth, host),
    offline: (auth: AuthenticatedUser) => offline(ctx, auth),
    userIdForToken: (token: string) => userIdForToken(ctx, token),
    /** Another module changed something of the user (their verification status, #17): every instance forgets their cached sessions. */
    forgetUserSessions: (userId: string) => forgetUserSessions(ctx, userId),
    onSessionsChanged: (listener: (userId: string) => void) => {
      ctx.sessionListeners.push(listener);
    },
    authenticate: (request: FastifyRequest, level: Exclude<AuthLevel, 'public'>) => authenticate(ctx, request, level),
    // The back office's user administration (#14); changes run on `db` with their audit row.
    searchUsers: (query: Parameters<typeof searchUsers>[1]) => searchUsers(ctx, query),
    userProfile: (userId: string) => userProfile(ctx, userId),
    setUserLevel: (db: UserAdministrationDb, action: OperatorAction, userId: string, level: number) =>
      setUserLevel(ctx, db, action, userId, level),
    setUserStatus: (
      db: UserAdministrationDb,
      action: OperatorAction,
      userId: string,
      input: Parameters<typeof setUserStatus>[4],
    ) => setUserStatus(ctx, db, action, userId, input),
    // A user's sessions in use, and an operator ending one or all of them at once (#14).
    listUserSessions: (userId: string) => listUserSessions(ctx, userId),
    revokeUserSession: (db: UserAdministrationDb, action: OperatorAction, userId: string, sessionId: string) =>
      revokeUserSession(ctx, db, action, userId, sessionId),
    revokeAllUserSessions: (db: UserAdministrationDb, action: OperatorAction, userId: string) =>
      revokeAllUserSessions(ctx, db, action, userId),
    // The security centre (#16): the caller's own sessions, sign-in history and recovery codes.
    listOwnSessions: (auth: AuthenticatedUser) => listOwnSessions(ctx, auth),
    revokeOwnSession: (auth: AuthenticatedUser, sessionId: string) => revokeOwnSession(ctx, auth, sessionId),
    revokeOtherSessions: (auth: AuthenticatedUser) => revokeOtherSessions(ctx, auth),
    signInHistory: (auth: AuthenticatedUser, page: number) => signInHistory(ctx, auth, page),
    recoveryCodesStatus: (auth: AuthenticatedUser) => recoveryCodesStatus(ctx, auth),
    generateRecoveryCodes: (auth: AuthenticatedUser, input: Parameters<typeof generateRecoveryCodes>[2]) =>
      generateRecoveryCodes(ctx, auth, input),
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
