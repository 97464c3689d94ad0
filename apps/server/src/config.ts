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
  return result.data;
}
