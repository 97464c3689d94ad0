import type { Book, Role, TUserInfo } from '@openbourse/contracts';
import type { Transaction } from 'kysely';
import type { ClusterBus } from '../../platform/bus/cluster-bus.js';
import type { Clock } from '../../platform/clock.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { SESSION_CACHE_TTL_MS } from './identity.constants.js';
import * as repository from './identity.repository.js';
import type { IdentityDb as Db, IdentityTables } from './identity.tables.js';
import { createSessionCache, type SessionCache } from './session-cache.js';

/** The context every identity use case runs in, and the writes that must forget cached sessions. */

export type IdentityOptions = {
  mailer: Mailer;
  clock: Clock;
  walletOnly: boolean;
  demoEnabled: boolean;
  accessGuard: boolean;
  captchaEnabled: boolean;
  captchaDifficulty: number;
  sessionIdleDays: number;
  /** An operator's session (reviewer, support, admin) ends after this many minutes unused (#14). */
  adminSessionIdleMinutes: number;
  googleEnabled: boolean;
  /** Available balances and today's P&L: a port the ledger's service fills (identity does not import it). */
  money: UserMoneySource;
  /** Wallet links (payments); absent: no wallet linked anywhere. */
  walletLinks?: WalletLinkSource;
  /** The user's real name from their identity verification (kyc); absent: none is known. */
  realNames?: RealNameSource;
  /** Tells the other instances whose cached sessions to drop. */
  bus: ClusterBus;
  /** The invite programme (referral), told inside the registration's transaction; absent: nobody is told. */
  invitations?: InvitationSink;
};

/**
 * Registration with an invite code is the programme's Register step: a port the referral module
 * fills, called in the transaction that inserts the user, so the user and the step commit together.
 */
export type InvitationSink = {
  invitedUserRegistered(trx: Transaction<IdentityTables>, userId: string): Promise<void>;
};

/** getUserInfo's usdtAllowed / usdcAllowed: a port payments fills (wallet links, issue 15). */
export type WalletLinkSource = {
  walletAuthorizations(userId: string): Promise<{ usdtAllowed: boolean; usdcAllowed: boolean }>;
};

/**
 * getUserInfo's firstName / lastName: a port the kyc module fills (issue 17). The name is the
 * owner's own, decrypted for them; identity keeps no copy of it.
 */
export type RealNameSource = {
  ownRealName(userId: string): Promise<{ firstName: string; lastName: string } | null>;
};

export type UserMoney = { usdtBalance: string; usdcBalance: string; usdtTodayProfit: string; usdcTodayProfit: string };

/** What user info asks of the ledger. */
export type UserMoneySource = { userInfoMoney(userId: string, book: Book): Promise<UserMoney> };

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

export type CaptchaInput = { challengeId: string; solution: string } | undefined;
/** Where a request came from: its user agent and (#16) its client address, as the proxy settings resolve it. */
export type RequestMeta = { userAgent: string | null; ip?: string | null };

/** Bus topic: a user's sessions or account changed; every instance drops its cached sessions. */
const USER_CHANGED_TOPIC = 'identity:user-changed';

/** What every identity use case runs with: its database view, options, clock and session cache. */
export type IdentityContext = {
  db: Db;
  options: IdentityOptions;
  now: () => Date;
  sessions: SessionCache;
  /** Told, on every instance, of each user whose sessions or account changed (the socket gateway listens). */
  sessionListeners: Array<(userId: string) => void>;
};

/** The context, subscribed to the other instances' news of changed users. */
export function createIdentityContext(db: Db, options: IdentityOptions): IdentityContext {
  const now = () => options.clock.now();
  const sessions = createSessionCache({ ttlMs: SESSION_CACHE_TTL_MS, maxEntries: 50_000, now: () => now().getTime() });
  const sessionListeners: Array<(userId: string) => void> = [];
  // Every instance hears this once, the publishing one included.
  options.bus.subscribe(USER_CHANGED_TOPIC, (payload) => {
    const { userId } = payload as { userId?: unknown };
    if (typeof userId !== 'string') return;
    sessions.forgetUser(userId);
    for (const listener of sessionListeners) listener(userId);
  });
  return { db, options, now, sessions, sessionListeners };
}

// Dropped here at once, and on the other instances as soon as the bus carries the news
// (milliseconds through Redis; their cache's few seconds at most when Redis is down).
export function forgetUserSessions(ctx: IdentityContext, userId: string): void {
  ctx.sessions.forgetUser(userId);
  ctx.options.bus.publish(USER_CHANGED_TOPIC, { userId });
}

// Every change to a user or their sessions goes through these, so no instance's cache serves
// a revoked token or a stale account.
export async function updateUser(
  ctx: IdentityContext,
  id: string,
  values: Parameters<typeof repository.updateUser>[2],
): Promise<void> {
  await repository.updateUser(ctx.db, id, values);
  forgetUserSessions(ctx, id);
}

export async function revokeUserSessions(
  ctx: IdentityContext,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  await repository.revokeUserSessions(ctx.db, userId, exceptSessionId);
  forgetUserSessions(ctx, userId);
}

export async function toUserInfo(ctx: IdentityContext, user: repository.UserRow, book: Book): Promise<TUserInfo> {
  const money = await ctx.options.money.userInfoMoney(user.id, book);
  const links = ctx.options.walletLinks
    ? await ctx.options.walletLinks.walletAuthorizations(user.id)
    : { usdtAllowed: false, usdcAllowed: false };
  const name = ctx.options.realNames ? await ctx.options.realNames.ownRealName(user.id) : null;
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
    firstName: name?.firstName ?? null,
    lastName: name?.lastName ?? null,
    inviteCode: user.invite_code,
    roles: user.roles.filter((role): role is Role => ['user', 'reviewer', 'support', 'admin'].includes(role)),
    totpEnabled: user.totp_enabled,
    hasPassword: user.password_hash !== null,
    virtual: book === 'demo' ? 0 : 1,
    usdtAllowed: links.usdtAllowed,
    usdcAllowed: links.usdcAllowed,
  };
}
