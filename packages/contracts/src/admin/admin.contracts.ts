import { z } from 'zod';

/** The back office (issue 14): what operators ask of the platform. */

/** Action names are `<module>.<verb>` (e.g. `ledger.adjust`). */
const ACTION_PATTERN = /^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)*\.?$/;
/** A user id (digits) or a user name (3-32 of A-Z a-z 0-9 . _ -). */
const OPERATOR_PATTERN = /^[A-Za-z0-9._-]{1,32}$/;
/** `type` or `type:id` (e.g. `user` or `user:42`). */
const TARGET_PATTERN = /^[a-z][a-z0-9_-]{0,39}(:[^\s:][^\s]{0,99})?$/;

export const ZAuditLogQuery = z.object({
  action: z
    .string()
    .trim()
    .max(100)
    .regex(ACTION_PATTERN, 'an action such as ledger.adjust, or a prefix ending in a dot such as ledger.')
    .optional()
    .describe('An exact action (`ledger.adjust`), or a prefix ending in a dot (`ledger.`) for every action under it'),
  operator: z
    .string()
    .trim()
    .regex(OPERATOR_PATTERN, 'a user id or a user name')
    .optional()
    .describe('The operator who acted: a user id, or a user name (case-insensitive); digits match either'),
  target: z
    .string()
    .trim()
    .max(141)
    .regex(TARGET_PATTERN, 'a target type, or type:id')
    .optional()
    .describe('What was acted on: a type (`user`) or a type and id (`user:42`)'),
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe('Page number, from 1'),
  size: z.coerce.number().int().min(1).max(100).default(20).describe('Rows per page, 1 to 100'),
});
export type TAuditLogQuery = z.infer<typeof ZAuditLogQuery>;

export const ZAuditLogItem = z.object({
  id: z.string().describe('Entry id; later entries have larger ids'),
  operatorId: z.string().nullable().describe('User id of the operator who acted; null for the system itself'),
  operatorName: z.string().nullable().describe("The operator's user name; null for the system or a removed user"),
  action: z.string().describe('What was done, `<module>.<verb>` (e.g. `ledger.adjust`)'),
  target: z
    .object({
      type: z.string().nullable().describe('Kind of record acted on (e.g. `user`)'),
      id: z.string().nullable().describe('Its id'),
    })
    .describe('What the action was about'),
  before: z.unknown().describe('The target before the action (JSON); null when there was nothing to show'),
  after: z.unknown().describe('The target as the action left it (JSON); null when there is nothing to show'),
  reason: z.string().nullable().describe("The operator's written reason"),
  details: z.unknown().describe('Further facts about the action (amounts, transfer ids), JSON'),
  requestId: z.string().nullable().describe('The request that did it (the x-request-id answer header)'),
  ip: z.string().nullable().describe('The address the request came from'),
  createdAt: z.string().describe('When it was recorded, ISO 8601 UTC'),
});
export type TAuditLogItem = z.infer<typeof ZAuditLogItem>;

export const ZAuditLogResponse = z.object({
  items: z.array(ZAuditLogItem).describe('One page of entries, newest first'),
  total: z.number().int().describe('How many entries match the filters in all'),
});
export type TAuditLogResponse = z.infer<typeof ZAuditLogResponse>;

/** VIP levels (SPEC §6): 0 Normal, 1–4 VIP1–VIP4, as the user info's `level`. */
export const ZUserLevel = z.number().int().min(0).max(4).describe('VIP level: 0 Normal, 1 VIP1 … 4 VIP4');
export const ZUserStatus = z
  .enum(['active', 'disabled'])
  .describe('`active`, or `disabled`: sessions ended, sign-in refused with 10005');

export const ZAdminUsersQuery = z.object({
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe(
      'Search: an exact user id (digits), a case-insensitive prefix of the user name or e-mail, or an exact wallet address (a 0x address in any case); a user matching any of them is listed. Empty: every user',
    ),
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe('Page number, from 1'),
  size: z.coerce.number().int().min(1).max(100).default(20).describe('Rows per page, 1 to 100'),
});
export type TAdminUsersQuery = z.infer<typeof ZAdminUsersQuery>;

export const ZAdminUserItem = z.object({
  id: z.string().describe('User id'),
  userName: z.string(),
  email: z.string().nullable(),
  walletAddress: z.string().nullable(),
  roles: z.array(z.string()).describe('`user`, and any operator roles (`reviewer`, `support`, `admin`)'),
  status: ZUserStatus,
  level: ZUserLevel,
  createdAt: z.string().describe('Registration time, ISO 8601 UTC'),
  isOnline: z.boolean().describe('Whether a heartbeat keeps the user online now'),
});
export type TAdminUserItem = z.infer<typeof ZAdminUserItem>;

export const ZAdminUsersResponse = z.object({
  items: z.array(ZAdminUserItem).describe('One page of users, newest first'),
  total: z.number().int().describe('How many users match in all'),
});
export type TAdminUsersResponse = z.infer<typeof ZAdminUsersResponse>;

export const ZAdminUserParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, 'must be a positive whole number')
    .describe('User id'),
});

export const ZAdminUserSession = z.object({
  id: z.string().describe('Session id (never its token)'),
  createdAt: z.string().describe('Signed in at, ISO 8601 UTC'),
  lastUsedAt: z.string().describe('Last used (recorded at most once a minute), ISO 8601 UTC'),
  userAgent: z.string().nullable(),
  ip: z.string().nullable().describe('Client address the session was opened from (null before issue 16)'),
  expiresAt: z.string().describe('Ends unless used before, ISO 8601 UTC'),
});

export const ZAdminUserBalance = z.object({
  book: z.enum(['live', 'demo']),
  asset: z.string(),
  available: z.string().describe('Decimal, in the asset'),
  held: z.string().describe('Decimal, in the asset: reserved for margin or pending withdrawals'),
});

export const ZAdminUserDetail = ZAdminUserItem.extend({
  phone: z.string().nullable().describe('+<area code><number>'),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  kycStatus: z
    .number()
    .int()
    .describe('Identity verification (SPEC §3 idefinderStatus): 0 not verified, 2 pending, 1 verified, 3 not passed'),
  totpEnabled: z.boolean(),
  lastSeenAt: z.string().nullable().describe('Last heartbeat, ISO 8601 UTC'),
  sessions: z.array(ZAdminUserSession).describe('Sessions still in use, newest first (at most 100)'),
  balances: z.array(ZAdminUserBalance).describe('Every account the user has, per book and asset'),
});
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetail>;

export const ZAdminUserLevelRequest = z.object({ level: ZUserLevel });
export const ZAdminUserLevelResponse = z.object({ id: z.string(), level: ZUserLevel });

export const ZAdminUserStatusRequest = z.object({
  status: ZUserStatus,
  reason: z.string().trim().min(3).max(500).describe("The operator's reason, kept in the audit log (3-500 characters)"),
});
export const ZAdminUserStatusResponse = z.object({ id: z.string(), status: ZUserStatus });

export const ZAdminUserSessionParams = ZAdminUserParams.extend({
  sessionId: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, 'must be a positive whole number')
    .describe('Session id, as the user page lists it'),
});

export const ZAdminSessionsRevokeResponse = z.object({
  id: z.string().describe('User id'),
  revokedSessionIds: z.array(z.string()).describe('The sessions this request ended (none when none was in use)'),
});
export type TAdminSessionsRevokeResponse = z.infer<typeof ZAdminSessionsRevokeResponse>;
