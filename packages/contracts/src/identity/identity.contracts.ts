import { z } from 'zod';
import { USER_NAME_PATTERN } from './identity.constants.js';

export { USER_NAME_PATTERN };
export const ZUserName = z.string().trim().regex(USER_NAME_PATTERN, 'user name must be 3-32 of A-Z a-z 0-9 . _ -');
export const ZEmail = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((value) => value.toLowerCase());
export const ZPassword = z.string().min(1).max(128);
export const ZEmailCode = z.string().regex(/^\d{6}$/, 'code must be 6 digits');
export const ZTotpCode = z.string().regex(/^\d{6}$/, 'code must be 6 digits');

export const USER_LEVELS = ['Normal', 'VIP1', 'VIP2', 'VIP3', 'VIP4'] as const;
export const ROLES = ['user', 'reviewer', 'support', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A solved proof-of-work challenge, when the captcha setting is on. */
export const ZCaptchaSolution = z.object({ challengeId: z.string().max(64), solution: z.string().max(32) });

export const ZCheckUserNameOrPhoneQuery = z
  .object({
    userName: z.string().trim().min(1).max(254).optional(),
    phone: z
      .string()
      .trim()
      .regex(/^\+?\d{4,20}$/)
      .optional(),
  })
  .refine((query) => query.userName !== undefined || query.phone !== undefined, 'userName or phone is required');
export const ZCheckUserNameOrPhoneResponse = z.object({ exists: z.boolean() });

export const ZSendCodeRequest = z.object({
  email: ZEmail,
  type: z.enum(['register', 'reset']),
  captcha: ZCaptchaSolution.optional(),
});
export const ZSendCodeResponse = z.object({ expiresInSeconds: z.number().int(), resendAfterSeconds: z.number().int() });

export const ZRegisterRequest = z.object({
  userName: ZUserName,
  email: ZEmail,
  password: ZPassword,
  confirmPassword: ZPassword,
  code: ZEmailCode,
  inviteCode: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{6,12}$/)
    .optional(),
  captcha: ZCaptchaSolution.optional(),
});

export const ZLoginRequest = z.object({
  userName: z.string().trim().min(1).max(254).describe('User name or e-mail'),
  password: ZPassword,
  totp: ZTotpCode.optional(),
  recoveryCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 -]{10,16}$/)
    .optional()
    .describe('A two-factor recovery code in place of totp (#16); each works once'),
  captcha: ZCaptchaSolution.optional(),
});

export const ZResetPasswordRequest = z.object({
  email: ZEmail,
  code: ZEmailCode,
  password: ZPassword,
  confirmPassword: ZPassword,
});

export const ZRepasswordRequest = z.object({
  oldPassword: ZPassword,
  password: ZPassword,
  confirmPassword: ZPassword,
});

/** SPEC §3 user info (money fields join with the ledger issue). */
export const ZUserInfo = z.object({
  id: z.number().int(),
  userName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  walletAddress: z.string().nullable(),
  level: z.number().int().min(0).max(4).describe('0 Normal, 1-4 VIP1-VIP4'),
  createTime: z.string().describe('ISO 8601'),
  idefinderStatus: z.number().int().describe('KYC: 0 not verified, 2 pending, 1 verified, 3 not passed'),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  inviteCode: z.string(),
  roles: z.array(z.enum(ROLES)),
  totpEnabled: z.boolean(),
  hasPassword: z.boolean(),
  virtual: z.union([z.literal(0), z.literal(1)]).describe("Account mode of this request's book: 1 live, 0 demo"),
  usdtBalance: z.string().describe('Available USDT in this book (ledger sum)'),
  usdcBalance: z.string().describe('Available USDC in this book (ledger sum)'),
  usdtTodayProfit: z.string().describe('Sum of profit-and-loss entries in USDT since 00:00 UTC'),
  usdcTodayProfit: z.string().describe('Sum of profit-and-loss entries in USDC since 00:00 UTC'),
  usdtAllowed: z.boolean().describe('A wallet is linked on a network that carries USDT (no allowance: SPEC §0 rule 3)'),
  usdcAllowed: z.boolean().describe('A wallet is linked on a network that carries USDC'),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

export const ZLoginResult = ZUserInfo.extend({ token: z.string() });
export type TLoginResult = z.infer<typeof ZLoginResult>;

/**
 * Google and wallet sign-in of an account with two-factor authentication on answer 10116
 * (TOTP_REQUIRED) with this as `data`: the sign-in is finished by `POST /login/secondFactor`
 * with the challenge and the authenticator's code, before it expires.
 */
export const ZSecondFactorChallenge = z.object({
  challenge: z.string().describe('One sign-in waiting for its second factor (256 random bits, base64url)'),
  expiresAt: z.string().describe('ISO 8601; after it the sign-in starts again'),
});
export type TSecondFactorChallenge = z.infer<typeof ZSecondFactorChallenge>;

export const ZSecondFactorRequest = z
  .object({
    challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'challenge must be 43 base64url characters'),
    totp: ZTotpCode.optional(),
    recoveryCode: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9 -]{10,16}$/)
      .optional()
      .describe('A two-factor recovery code in place of totp (#16); each works once'),
  })
  .refine((body) => (body.totp === undefined) !== (body.recoveryCode === undefined), 'send totp or recoveryCode');
export type TSecondFactorRequest = z.infer<typeof ZSecondFactorRequest>;

export const ZCaptchaConfigResponse = z.object({
  required: z.boolean(),
  challenge: z
    .object({
      challengeId: z.string(),
      salt: z.string(),
      difficulty: z.number().int().describe('Leading zero bits required of sha256(salt + solution)'),
      expiresAt: z.string(),
    })
    .nullable(),
});

export const ZTotpSetupResponse = z.object({ secret: z.string(), otpauthUri: z.string() });
export const ZTotpCodeRequest = z.object({ code: ZTotpCode });
/**
 * Turning two-factor off (#13): the code and the account's password. Accounts without a password
 * (wallet or Google only) send the code alone.
 */
export const ZTotpDisableRequest = z.object({
  code: ZTotpCode,
  password: ZPassword.optional().describe(
    "The account's password; required when the account has one, refused (10127) when it has none",
  ),
});

export const ZHeartbeatRequest = z.object({ host: z.string().trim().max(253).optional() });

export const ZAuthSettingsResponse = z.object({
  accessGuard: z.boolean(),
  walletOnly: z.boolean(),
  demoEnabled: z.boolean(),
  googleEnabled: z.boolean(),
  captchaRequired: z.boolean(),
});
export type TAuthSettings = z.infer<typeof ZAuthSettingsResponse>;

export const ZOkResponse = z.object({ ok: z.literal(true) });
