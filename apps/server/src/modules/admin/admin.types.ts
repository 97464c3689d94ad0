import type { TSupportDashboardFigures } from '@openbourse/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { DbView } from '../../platform/db/database.js';
import type { PlatformTables } from '../../platform/db/platform.tables.js';
import type { Alerts } from '../../platform/jobs/alerts.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import type { Readiness } from '../../platform/readiness/readiness.js';
import type { IdentityService, IdentityTables } from '../identity/index.js';
import type { getBalances, LedgerTables, resetDemo, SystemBalance, statementOf } from '../ledger/index.js';
import type { MarketHub, MarketService } from '../market/index.js';
import type { ReviewService } from '../review/index.js';
import type { TradingService } from '../trading/index.js';

/**
 * What the back office asks identity about users (a port identity's public face fills at the
 * root): an operator filter's user name, and the names of the operators a page shows.
 */
export type AdminUserDirectory = {
  findUserIdByName(db: DbView<IdentityTables>, userName: string): Promise<string | null>;
  userNamesByIds(db: DbView<IdentityTables>, userIds: readonly string[]): Promise<Map<string, string>>;
  /** Whether a user exists (the user page's money routes refuse an unknown id with 10009). */
  userExists(db: DbView<IdentityTables>, userId: string): Promise<boolean>;
};

/**
 * The users part of the back office (#14): identity's user administration, filled at the root by
 * identity's service (which also forgets the changed user's cached sessions on every instance).
 */
export type AdminUserAdministration = Pick<
  IdentityService,
  'searchUsers' | 'userProfile' | 'setUserLevel' | 'setUserStatus' | 'revokeUserSession' | 'revokeAllUserSessions'
>;

/**
 * A user's real name for the user page (#17): kyc's service fills it at the root; it opens the
 * sealed names only when held and records the opening in the audit log (SPEC §6).
 */
export type AdminRealNames = {
  operatorRealName(
    userId: string,
    viewer: { operatorId: string; requestId: string | null; ip: string | null },
  ): Promise<{ firstName: string; lastName: string } | null>;
};

/**
 * The back office's view: the platform's audit log, identity's tables through the ports, the
 * ledger's balances through its public face.
 */
export type AdminDb = Kysely<PlatformTables & IdentityTables & LedgerTables>;

/**
 * The ledger as the user page's money part asks it (#14): the user's statement listing, the
 * balances, and the demo reset, filled at the root with the ledger's public face.
 */
export type AdminUserLedger = {
  statementOf: typeof statementOf;
  getBalances: typeof getBalances;
  resetDemo: typeof resetDemo;
};

/**
 * Trading as the user page's money part asks it (#14): the user's orders listing, and closing
 * the demo positions before a demo reset; filled at the root with trading's service.
 */
export type AdminUserTrading = Pick<TradingService, 'list' | 'closeDemoPositions'>;

/**
 * What the back office's dashboard (#14) asks, filled at the root: identity's user counts, the
 * ledger's system balances, trading's per-book activity, the review queues' counts, the market's
 * prices and feeds, the platform's health (a real ping of the database and Redis, and
 * readiness), its background work and the open operator alerts. Every figure is measured when the dashboard is asked.
 */
export type AdminDashboardSources = {
  userCounts(
    db: DbView<IdentityTables>,
    dayStart: Date,
    at: Date,
  ): Promise<{ total: number; registeredToday: number; onlineNow: number }>;
  systemBalances(db: DbView<LedgerTables>): Promise<SystemBalance[]>;
  trading: Pick<TradingService, 'bookActivity'>;
  reviews: Pick<ReviewService, 'queues'>;
  market: Pick<MarketService, 'realtimePrices'>;
  marketHub: Pick<MarketHub, 'allInstruments' | 'state'>;
  health: {
    startedAt: Date;
    /** Whether the database answers a query now. */
    database(): Promise<boolean>;
    /** A Redis ping now; 'off' without Redis. */
    redis(): Promise<'ok' | 'down' | 'off'>;
    readiness: Pick<Readiness, 'report'>;
  };
  /** The platform's background work: counts by state and the last failures (platform/jobs). */
  jobs: Pick<Jobs, 'counts' | 'recentFailures'>;
  /** The open operator alerts (platform/jobs/alerts). */
  alerts: Pick<Alerts, 'open'>;
  /** The support chat's figures (issue 20), measured in SQL by the support module. */
  support: { dashboardFigures(): Promise<TSupportDashboardFigures> };
  clock: Clock;
};
