import { z } from 'zod';
import { ZPassword, ZTotpCode } from './identity.contracts.js';

/** The security centre (#16): the user's own sessions, sign-in history and recovery codes. */

export const ZRecoveryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9 -]{10,16}$/, 'a recovery code is 10 letters and digits (dashes and spaces allowed)')
  .describe('One of the ten two-factor recovery codes (ABCDE-FGHJK; any case, dashes optional); each works once');

export const ZSecuritySession = z.object({
  id: z.string().describe('Session id (never its token)'),
  createdAt: z.string().describe('Signed in at, ISO 8601 UTC'),
  lastUsedAt: z.string().describe('Last used (recorded at most once a minute), ISO 8601 UTC'),
  browser: z.string().nullable().describe('Browser and major version read from the user agent, e.g. "Chrome 131"'),
  os: z.string().nullable().describe('Operating system read from the user agent, e.g. "Windows"'),
  ip: z.string().nullable().describe('Client address, masked: 203.0.113.x, 2001:db8:1:…'),
  current: z.boolean().describe('The session making this request'),
});
export type TSecuritySession = z.infer<typeof ZSecuritySession>;
export const ZSecuritySessions = z.array(ZSecuritySession).describe('Sessions in use, newest first (at most 100)');

export const ZSessionRevokeRequest = z.object({
  sessionId: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, 'must be a positive whole number')
    .describe('A session id as the listing gives it'),
});

export const ZSignInHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1).describe('From 1; 20 sign-ins a page'),
});

export const ZSignInEvent = z.object({
  id: z.string(),
  at: z.string().describe('ISO 8601 UTC'),
  succeeded: z.boolean(),
  method: z.enum(['password', 'google', 'wallet', 'register']),
  secondFactor: z.enum(['totp', 'recovery_code']).nullable().describe('The second factor an admitted sign-in used'),
  failure: z
    .enum(['password', 'totp', 'recovery_code', 'locked'])
    .nullable()
    .describe('What was wrong in a refused sign-in'),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ip: z.string().nullable().describe('Client address, masked'),
});
export const ZSignInHistoryPage = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  items: z.array(ZSignInEvent).describe('Newest first'),
});
export type TSignInHistoryPage = z.infer<typeof ZSignInHistoryPage>;

/** Proving the person again before new codes: the password, or (accounts without one, or by choice) a fresh authenticator code. */
export const ZRecoveryCodesRequest = z.object({
  password: ZPassword.optional(),
  code: ZTotpCode.optional(),
});
export type TRecoveryCodesRequest = z.infer<typeof ZRecoveryCodesRequest>;
export const ZRecoveryCodesResponse = z.object({
  codes: z.array(z.string()).describe('Ten one-time codes, shown this once (only their hashes are kept)'),
});
export const ZRecoveryCodesStatus = z.object({
  remaining: z.number().int().describe('Codes not used yet'),
  generatedAt: z.string().nullable().describe('When the current set was made; null: never'),
});
