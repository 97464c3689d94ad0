import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@openbourse/contracts';
import { z } from 'zod';

/** apps/server, whether this file runs from src/ (tests) or dist/ (production). */
export const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'var')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEFAULT_LANGUAGE: z.enum(LANGUAGES).default('en'),
  DEPLOYMENT_MODE: z.enum(['sandbox', 'production']).default('sandbox'),
  ABOUT_CONTENT_ID: z.coerce.number().int().positive().optional(),
  SUPPORT_CHAT_URL: z.url({ protocol: /^https?$/ }).optional(),
  SUPPORT_EMAIL: z.email().optional(),
  /** The public origin users reach (scheme://host[:port]); wallet sign-in messages name its host. */
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('OpenBourse <no-reply@openbourse.invalid>'),
  ACCESS_GUARD: booleanFromEnv.default(false),
  WALLET_ONLY: booleanFromEnv.default(false),
  DEMO_ENABLED: booleanFromEnv.default(true),
  CAPTCHA_ENABLED: booleanFromEnv.default(false),
  CAPTCHA_DIFFICULTY: z.coerce.number().int().min(8).max(28).default(18),
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  ADMIN_SESSION_IDLE_MINUTES: z.coerce.number().int().min(2).max(1440).default(30),
  /** Ledger adjustments above this USDT equivalent wait for a second admin's approval (#14). */
  ADJUST_REVIEW_THRESHOLD: z
    .string()
    .regex(/^\d{1,20}(\.\d{1,6})?$/, 'a non-negative decimal number')
    .default('1000'),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Allow test networks (Sepolia) for wallet sign-in. */
  WALLET_ALLOW_TESTNETS: booleanFromEnv.default(false),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Off only in tests that are not about rate limits. */
  RATE_LIMIT_ENABLED: booleanFromEnv.default(true),
  TRUST_PROXY: booleanFromEnv.default(false),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  WEB_DIST_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/dist')),
  /**
   * Redis for what instances share: realtime fan-out, session revocations and rate-limit
   * counters. Without it, all of these stay in this process.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** The prefix of rate-limit counters in Redis (separate deployments sharing a Redis use their own). */
  RATE_LIMIT_REDIS_PREFIX: z.string().min(1).max(200).default('openbourse:rate-limit:'),
  /**
   * The prefix of the Redis pub/sub channels between instances (ticks, user events, session
   * revocations); separate deployments sharing a Redis use their own.
   */
  REDIS_BUS_PREFIX: z.string().min(1).max(200).default('openbourse:bus'),
  /**
   * Market feeds in order of preference, comma-separated: sandbox, replay, binance. Empty: no
   * feed (prices come from another instance through Redis, or there are none). Each instrument
   * takes the first listed feed able to serve it. The sandbox runs only when named here.
   */
  MARKET_FEED: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.enum(['sandbox', 'replay', 'binance', 'test']))
        .refine((list) => new Set(list).size === list.length, 'a feed is named twice'),
    ),
  MARKET_REPLAY_DIR: z.string().min(1).optional(),
  /**
   * Instruments driven by the `test` feed (browser journeys push their prices). The test feed
   * exists only with NODE_ENV=test: a production configuration cannot enable it.
   */
  MARKET_TEST_CODES: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  /** Recorded time per real time for replay: 60 plays one recorded minute per second; 0 as fast as possible. */
  MARKET_REPLAY_SPEED: z.coerce.number().min(0).max(1_000_000).default(60),
  MARKET_SANDBOX_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  MARKET_SANDBOX_BACKFILL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(1440),
  /** A tradable instrument whose feed has been silent this long is flagged stale. */
  MARKET_STALE_AFTER_MS: z.coerce.number().int().min(1000).default(15_000),
  MARKET_CANDLE_FLUSH_MS: z.coerce.number().int().min(50).default(1000),
  BINANCE_WS_URL: z.url({ protocol: /^wss?$/ }).optional(),
  /** Convert USD-quoted P&L to USDT at 1:1 (the UI discloses it); false refuses USD-quoted trades. */
  TRADING_USD_IS_USDT: booleanFromEnv.default(true),
});

export type AppConfig = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The one place that reads process.env. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = ConfigSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  if (result.data.MARKET_FEED.includes('test') && result.data.NODE_ENV !== 'test') {
    throw new ConfigError(['MARKET_FEED: the test feed runs only with NODE_ENV=test']);
  }
  // Without SMTP, mails (with live codes) wait in a table: a development convenience only.
  if (result.data.NODE_ENV === 'production' && !result.data.SMTP_URL) {
    throw new ConfigError([
      'SMTP_URL: required with NODE_ENV=production (set an smtp:// or smtps:// URL so verification mails are delivered)',
    ]);
  }
  return result.data;
}
