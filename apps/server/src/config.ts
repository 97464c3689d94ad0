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

const evmAddressFromEnv = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'an EVM address (0x + 40 hex digits)')
  .transform((value) => value as `0x${string}`);

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
   * A folder of recorded market data in the shared market-data layout (`<class>/<CODE>_1m.csv`):
   * smart plan products backtest over an instrument's recorded file there (historical) rather
   * than over the platform's stored candles (issue 18). `npm start` uses ../shared/market-data
   * when it exists.
   */
  BACKTEST_DATA_DIR: z.string().min(1).optional(),
  /** How often running smart plans are looked at (a closed bar decided, an end wound up). */
  PLANS_RUN_EVERY_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  // How often each instance asks for the options upkeep (listing scheduled expiries, settling due ones).
  OPTIONS_UPKEEP_EVERY_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** How often each instance asks for the invite programme's payer (issue 20). */
  INVITE_REWARDS_EVERY_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
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
  /**
   * Test deployments only (NODE_ENV=test): the savings module's clock can be moved forward with
   * `POST /__test/clock/advance {ms}` (the browser journeys watch an order earn over days). The rest
   * of the platform (sessions, two-factor codes, the jobs' schedule) keeps the real time.
   */
  TEST_CLOCK: booleanFromEnv.default(false),
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
  /**
   * Chains (issue 15). An EVM network is offered when its JSON-RPC URL is set (Sepolia only with
   * WALLET_ALLOW_TESTNETS); its token contracts come from CHAIN_TOKEN_<USDT|USDC>_<NETWORK>
   * (Ethereum defaults to the mainnet USDT / USDC contracts).
   */
  CHAIN_RPC_URL_ETHEREUM: z.url({ protocol: /^(https?|wss?)$/ }).optional(),
  CHAIN_RPC_URL_SEPOLIA: z.url({ protocol: /^(https?|wss?)$/ }).optional(),
  CHAIN_RPC_URL_LOCAL: z.url({ protocol: /^(https?|wss?)$/ }).optional(),
  CHAIN_TOKEN_USDT_ETHEREUM: evmAddressFromEnv.optional(),
  CHAIN_TOKEN_USDC_ETHEREUM: evmAddressFromEnv.optional(),
  CHAIN_TOKEN_USDT_SEPOLIA: evmAddressFromEnv.optional(),
  CHAIN_TOKEN_USDC_SEPOLIA: evmAddressFromEnv.optional(),
  CHAIN_TOKEN_USDT_LOCAL: evmAddressFromEnv.optional(),
  CHAIN_TOKEN_USDC_LOCAL: evmAddressFromEnv.optional(),
  /** Blocks on top of a transfer's block before a deposit counts. */
  CONFIRMATIONS_ETHEREUM: z.coerce.number().int().min(1).max(1000).default(12),
  CONFIRMATIONS_SEPOLIA: z.coerce.number().int().min(1).max(1000).default(12),
  CONFIRMATIONS_LOCAL: z.coerce.number().int().min(1).max(1000).default(2),
  /**
   * Start a local sandbox chain (a Hardhat node with test USDT / USDC) after listening. Default:
   * on with DEPLOYMENT_MODE=sandbox when no CHAIN_RPC_URL_* is set; never with production.
   */
  CHAIN_LOCAL_NODE: booleanFromEnv.optional(),
  /** The local chain's block time (interval mining); 0: a block per transaction only. */
  CHAIN_LOCAL_BLOCK_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** A TronGrid-compatible API (https://api.trongrid.io): watching TRC-20 deposits is on only with it. */
  TRON_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** TronGrid's TRON-PRO-API-KEY header, when the API asks for one. */
  TRON_API_KEY: z.string().min(1).max(200).optional(),
  /** The TRC-20 USDT contract (mainnet default). */
  CHAIN_TOKEN_USDT_TRON: z
    .string()
    .regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, 'a Tron address (T…)')
    .default('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'),
  /** The deposit tree's account-level extended public key (m/44'/60'/0'); addresses are child 0/index. */
  DEPOSIT_XPUB: z
    .string()
    .regex(/^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'an extended public key (xpub…)')
    .optional(),
  /** Its private counterpart (sweeping); read only where SERVER_ROLE includes the worker. */
  DEPOSIT_XPRV: z
    .string()
    .regex(/^[xt]prv[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'an extended private key (xprv…)')
    .optional(),
  /** The hot wallet key that signs withdrawals; read only where SERVER_ROLE includes the worker. */
  WITHDRAWAL_SIGNER_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'a 32-byte private key as 0x + 64 hex digits')
    .optional(),
  /** What this instance runs: the API, the background worker (chain watching, signing), or both. */
  SERVER_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  /**
   * The key of the encrypted file store (uploads, issue 15): 32 bytes as 64 hex characters or
   * base64. Required with DEPLOYMENT_MODE=production; a sandbox without one generates it once and
   * keeps it in DATA_DIR/files/store-key (mode 0600).
   */
  FILE_STORE_KEY: z
    .string()
    .regex(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, 'must be 32 bytes: 64 hex characters or base64')
    .optional(),
  /**
   * The published BTC deposit address (issue 15): BTC deposits are claimed by hand to it and
   * reviewed; without it BTC deposits say they are unavailable.
   */
  DEPOSIT_ADDRESS_BTC: z.string().trim().min(26).max(90).optional(),
  /** The largest image a user may upload, in bytes (after the browser's own downsizing). */
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).max(50_000_000).default(2_097_152),
  /**
   * Identity verification (issue 17): a refused submission's personal fields and photos are
   * deleted this many days after the decision (time to read the reason and resubmit). SPEC §9
   * names no period; 30 days is ours. Verified and pending submissions are kept.
   */
  KYC_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Withdrawals (issue 15): a confirmed address-book entry is usable this many hours later. */
  WITHDRAWAL_ADDRESS_COOLING_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  /** The smallest withdrawal of a USD stablecoin (with the asset settings' minimum, the higher counts). */
  WITHDRAWAL_MIN_USDT: z
    .string()
    .regex(/^\d{1,20}(\.\d{1,6})?$/, 'a non-negative decimal number')
    .default('10'),
  /** A broadcast withdrawal not mined after this long is dropped: the hold released, an alert raised. */
  WITHDRAWAL_DROP_AFTER_MS: z.coerce.number().int().min(1000).default(3_600_000),
  /** How often the withdrawal signer looks for work. */
  WITHDRAWAL_SIGNER_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
  /** The hot wallet's ETH (wei) below which an operator alert says it is low on gas. */
  WITHDRAWAL_LOW_GAS_WEI: z.coerce.bigint().min(0n).default(10_000_000_000_000_000n),
});

/** CHAIN_LOCAL_NODE is resolved (its default depends on other settings) by loadConfig. */
export type AppConfig = Omit<z.infer<typeof ConfigSchema>, 'CHAIN_LOCAL_NODE'> & { CHAIN_LOCAL_NODE: boolean };

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
  if (result.data.TEST_CLOCK && result.data.NODE_ENV !== 'test') {
    throw new ConfigError(['TEST_CLOCK: the movable clock runs only with NODE_ENV=test']);
  }
  // Without SMTP, mails (with live codes) wait in a table: a development convenience only.
  if (result.data.NODE_ENV === 'production' && !result.data.SMTP_URL) {
    throw new ConfigError([
      'SMTP_URL: required with NODE_ENV=production (set an smtp:// or smtps:// URL so verification mails are delivered)',
    ]);
  }
  // Uploaded documents (KYC, payment proofs) are sealed with FILE_STORE_KEY: a production
  // deployment must bring its own, kept apart from the data directory it protects.
  if (result.data.DEPLOYMENT_MODE === 'production' && !result.data.FILE_STORE_KEY) {
    throw new ConfigError([
      'FILE_STORE_KEY: required with DEPLOYMENT_MODE=production (32 random bytes as hex or base64, e.g. `openssl rand -hex 32`)',
    ]);
  }
  return resolveChainSettings(result.data);
}

/** The chain settings that depend on each other (issue 15). */
function resolveChainSettings(data: z.infer<typeof ConfigSchema>): AppConfig {
  const isSandbox = data.DEPLOYMENT_MODE === 'sandbox';
  const hasRpcUrl = Boolean(data.CHAIN_RPC_URL_ETHEREUM || data.CHAIN_RPC_URL_SEPOLIA || data.CHAIN_RPC_URL_LOCAL);
  const localNode = data.CHAIN_LOCAL_NODE ?? (isSandbox && !hasRpcUrl);
  // The sandbox chain's coins are free: a production deployment must never accept them as money.
  if (!isSandbox && (localNode || data.CHAIN_RPC_URL_LOCAL)) {
    throw new ConfigError([
      'CHAIN_LOCAL_NODE / CHAIN_RPC_URL_LOCAL: the sandbox chain runs only with DEPLOYMENT_MODE=sandbox',
    ]);
  }
  if (localNode && data.CHAIN_RPC_URL_LOCAL) {
    throw new ConfigError(['CHAIN_RPC_URL_LOCAL: set it or CHAIN_LOCAL_NODE=true, not both']);
  }
  const isWorker = data.SERVER_ROLE !== 'api';
  return {
    ...data,
    CHAIN_LOCAL_NODE: localNode,
    // Private keys stay out of API-only instances even when the environment carries them.
    DEPOSIT_XPRV: isWorker ? data.DEPOSIT_XPRV : undefined,
    WITHDRAWAL_SIGNER_KEY: isWorker ? data.WITHDRAWAL_SIGNER_KEY : undefined,
  };
}
