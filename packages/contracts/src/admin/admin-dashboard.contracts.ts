import { z } from 'zod';
import { BOOKS } from '../envelope.js';
import { ZReviewQueuesResponse } from '../review/review.contracts.js';
import { ZSupportDashboardFigures } from '../support/support.contracts.js';

/**
 * The back office's dashboard (issue 14): every figure measured when it is asked, from the
 * database, the market hub and the readiness registry; nothing typed in.
 */

const ZBook = z.enum(BOOKS);

export const ZAdminDashboardUsers = z.object({
  total: z.number().int().min(0).describe('Registered users in all'),
  registeredToday: z.number().int().min(0).describe('Users registered since 00:00 UTC today'),
  onlineNow: z.number().int().min(0).describe('Users a heartbeat keeps online now'),
});

export const ZAdminDashboardBook = z.object({
  book: ZBook,
  openPositions: z.number().int().min(0).describe('Positions open now'),
  pendingOrders: z.number().int().min(0).describe('Limit and stop orders waiting to fill'),
  marginInUse: z
    .string()
    .describe('USDT reserved as margin by the open positions and pending orders, a decimal string'),
});

export const ZAdminDashboardAccount = z.object({
  book: ZBook,
  asset: z.string(),
  kind: z
    .enum(['treasury', 'fees', 'clearing', 'charity', 'escrow'])
    .describe("The system account's kind (named accounts of one kind are summed)"),
  balance: z.string().describe('Decimal, in the asset: the sum of the account entries'),
});

export const ZAdminDashboardFeed = z.object({
  code: z.string().describe('Instrument code'),
  enabled: z.boolean().describe('Whether the instrument is listed'),
  source: z.string().describe("The feed serving the instrument (`sandbox`, `binance`, `replay` …), or 'none'"),
  price: z.string().nullable().describe('Last price, a decimal string; null before any'),
  priceTime: z.string().nullable().describe("The last price's own time, ISO 8601 UTC"),
  updatedAt: z
    .string()
    .nullable()
    .describe('When this instance last received a price, ISO 8601 UTC; null: not since it started'),
  tradable: z.boolean().describe('Whether the market is open now (a closed market is never stale)'),
  isStale: z.boolean().describe('True when an open market has had no price for longer than the configured limit'),
});

export const ZAdminDashboardHealth = z.object({
  startedAt: z.string().describe('When this server instance started, ISO 8601 UTC'),
  uptimeSeconds: z.number().int().min(0),
  database: z.enum(['ok', 'down']).describe('A query to the database, asked now'),
  redis: z.enum(['ok', 'down', 'off']).describe("A ping to Redis, asked now; 'off' without REDIS_URL"),
  ready: z.boolean().describe('What /readyz would answer: every check met and no start-up work loading'),
  loading: z.array(z.string()).describe('What is not ready yet (checks failing, start-up work loading)'),
});

export const ZAdminDashboardFailedJob = z.object({
  id: z.string().describe('The job id'),
  name: z.string().describe("The job's name (what kind of work)"),
  attempts: z.number().int().min(0).describe('Attempts made'),
  maxAttempts: z.number().int().min(1).describe('Attempts allowed'),
  lastError: z.string().describe("The last attempt's error"),
  failedAt: z.string().describe('When it failed for good, ISO 8601 UTC'),
});

export const ZAdminDashboardJobs = z.object({
  queued: z.number().int().min(0).describe('Jobs waiting: due now or scheduled later'),
  due: z.number().int().min(0).describe('Of the queued, those whose time has come'),
  running: z.number().int().min(0).describe('Jobs a worker runs now'),
  failedLastDay: z.number().int().min(0).describe('Jobs that failed for good in the last 24 hours'),
  oldestDueAt: z
    .string()
    .nullable()
    .describe('When the longest-waiting due job fell due, ISO 8601 UTC; null when none waits'),
  recentFailures: z.array(ZAdminDashboardFailedJob).describe('The last jobs that failed for good, newest first'),
});

export const ZAdminDashboardAlert = z.object({
  id: z.string(),
  kind: z.string().describe('What kind of problem (`deep_reorg`, `withdrawal_stuck`, `hot_wallet_low_gas` …)'),
  message: z.string().describe('What happened, for the operator'),
  details: z.record(z.string(), z.unknown()).describe('What the raiser recorded with it'),
  occurrences: z.number().int().min(1).describe('How often it was raised while open'),
  createdAt: z.string().describe('When it was first raised, ISO 8601 UTC'),
  lastSeenAt: z.string().describe('When it was last raised, ISO 8601 UTC'),
});

export const ZAdminDashboardResponse = z.object({
  measuredAt: z.string().describe('When the figures were measured, ISO 8601 UTC'),
  users: ZAdminDashboardUsers,
  trading: z.array(ZAdminDashboardBook).describe('One entry per book: live, demo'),
  accounts: z.array(ZAdminDashboardAccount).describe("The system accounts' balances per book, asset and kind"),
  queues: ZReviewQueuesResponse.describe('Pending items per review queue kind'),
  feeds: z.array(ZAdminDashboardFeed).describe('Every instrument, in catalogue order'),
  health: ZAdminDashboardHealth,
  jobs: ZAdminDashboardJobs.describe('Background work in the whole deployment'),
  alerts: z.array(ZAdminDashboardAlert).describe('Open operator alerts, newest first'),
  support: ZSupportDashboardFigures.describe("The support chat's queues now and its times and ratings over 30 days"),
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboardResponse>;
export type TAdminDashboardAccount = z.infer<typeof ZAdminDashboardAccount>;
export type TAdminDashboardBook = z.infer<typeof ZAdminDashboardBook>;
export type TAdminDashboardFeed = z.infer<typeof ZAdminDashboardFeed>;
export type TAdminDashboardHealth = z.infer<typeof ZAdminDashboardHealth>;
export type TAdminDashboardUsers = z.infer<typeof ZAdminDashboardUsers>;
export type TAdminDashboardJobs = z.infer<typeof ZAdminDashboardJobs>;
export type TAdminDashboardFailedJob = z.infer<typeof ZAdminDashboardFailedJob>;
export type TAdminDashboardAlert = z.infer<typeof ZAdminDashboardAlert>;
