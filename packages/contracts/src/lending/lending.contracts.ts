import { z } from 'zod';
import {
  LOAN_COLLATERAL_ASSETS_MAX,
  LOAN_INTEREST_FREE_DAYS_MAX,
  LOAN_KINDS,
  LOAN_TERM_MAX_DAYS,
  LOAN_TERMS_MAX,
  LOAN_VERIFICATION_LEVELS,
} from './lending.constants.js';

/**
 * Loan settings (products) of issue 17: the public list (`GET /index/listLoanSettings`) and the
 * back office's list, create, update and enable/disable. Every amount, rate and LTV is an exact
 * decimal string, never a number. Rules the shapes cannot hold (minimum not above maximum, the LTV
 * order, the limits a kind allows, known assets) are the server's, answered with INVALID_INPUT or
 * UNKNOWN_ASSET naming the field in `data.issues[].path`.
 */

const ZAssetCode = z
  .string()
  .regex(/^[A-Z0-9]{2,12}$/, 'an asset code')
  .describe('Asset code, e.g. USDT');

const ZAmount = z
  .string()
  .regex(/^\d{1,20}(\.\d{1,18})?$/, 'a decimal number from 0, at most 18 decimals')
  .describe("An amount of the loan's asset, a decimal string (at most the asset's decimals)");

const ZRatio = z
  .string()
  .regex(/^0(\.\d{1,10})?$/, 'a decimal from 0 to below 1, at most 10 decimals')
  .describe('A ratio, a decimal string from 0 to below 1');

export const ZLoanKind = z
  .enum(LOAN_KINDS)
  .describe('unsecured (KYC verified users only) or crypto_backed (collateral locked in the ledger)');
export const ZLoanVerificationLevel = z
  .enum(LOAN_VERIFICATION_LEVELS)
  .describe("The borrower's identity verification (KYC): unverified or verified");

export const ZLoanLimit = z.object({
  verification: ZLoanVerificationLevel,
  minAmount: ZAmount.describe('The smallest amount a borrower at this level may borrow'),
  maxAmount: ZAmount.describe('The largest amount a borrower at this level may borrow; not below minAmount'),
});
export type TLoanLimit = z.infer<typeof ZLoanLimit>;

/** One product as borrowers see it. */
export const ZLoanSetting = z.object({
  id: z.string().describe('The loan setting id'),
  kind: ZLoanKind,
  asset: ZAssetCode.describe('The asset lent, e.g. USDT'),
  terms: z.array(z.number().int()).describe('The terms offered, in days, ascending'),
  dailyRate: z.string().describe('Interest per day on the outstanding principal, a ratio (0.0005 = 0.05% a day)'),
  interestFreeDays: z.number().int().describe('The first days of a loan bear no interest'),
  limits: z
    .array(ZLoanLimit)
    .describe(
      'Minimum and maximum per verification level; a level missing cannot borrow (an unsecured product has no unverified limit: it needs KYC)',
    ),
  collateralAssets: z.array(z.string()).describe('Crypto-backed: the assets accepted as collateral; unsecured: empty'),
  initialLtv: z
    .string()
    .nullable()
    .describe('Crypto-backed: the highest loan-to-value at which a loan is granted; unsecured: null'),
  marginCallLtv: z
    .string()
    .nullable()
    .describe('Crypto-backed: the LTV at which the borrower is warned; unsecured: null'),
  liquidationLtv: z.string().nullable().describe('Crypto-backed: the LTV at which collateral is sold; unsecured: null'),
});
export type TLoanSetting = z.infer<typeof ZLoanSetting>;

export const ZLoanSettingsResponse = z.object({
  items: z.array(ZLoanSetting).describe('The enabled loan products, unsecured first, oldest first'),
});
export type TLoanSettingsResponse = z.infer<typeof ZLoanSettingsResponse>;

/** One product as the back office sees it: what borrowers see, and its state. */
export const ZAdminLoanSetting = ZLoanSetting.extend({
  enabled: z.boolean().describe('Offered to borrowers (listed by /index/listLoanSettings)'),
  version: z.number().int().describe('Grows by one with every change; an update names the version it started from'),
  createdAt: z.string().describe('ISO 8601 UTC'),
  updatedAt: z.string().describe('ISO 8601 UTC'),
});
export type TAdminLoanSetting = z.infer<typeof ZAdminLoanSetting>;

export const ZAdminLoanSettingsResponse = z.object({
  items: z.array(ZAdminLoanSetting).describe('Every loan product, enabled or not, unsecured first, oldest first'),
});
export type TAdminLoanSettingsResponse = z.infer<typeof ZAdminLoanSettingsResponse>;

const ZReason = z.string().trim().min(1).max(500).describe("The operator's reason, kept in the audit log");

/** What an operator sets on a product (the kind is chosen once, at creation). */
const loanSettingFields = {
  asset: ZAssetCode.describe('The asset lent; a ledger asset (USDT for now)'),
  terms: z
    .array(z.number().int().min(1).max(LOAN_TERM_MAX_DAYS))
    .min(1)
    .max(LOAN_TERMS_MAX)
    .describe(`The terms offered in days, 1 to ${LOAN_TERM_MAX_DAYS}, no repeats, at most ${LOAN_TERMS_MAX}`),
  dailyRate: ZRatio.describe('Interest per day, a ratio from 0 to below 0.1 (0.0005 = 0.05% a day)'),
  interestFreeDays: z
    .number()
    .int()
    .min(0)
    .max(LOAN_INTEREST_FREE_DAYS_MAX)
    .describe('Days without interest at the start of a loan, below the shortest term'),
  limits: z
    .array(ZLoanLimit)
    .min(1)
    .max(LOAN_VERIFICATION_LEVELS.length)
    .describe(
      'One entry per verification level, each at most once; verified is required; unverified is refused on an unsecured product',
    ),
  collateralAssets: z
    .array(ZAssetCode)
    .max(LOAN_COLLATERAL_ASSETS_MAX)
    .describe('Crypto-backed: 1 or more ledger assets other than the loan asset; unsecured: empty'),
  initialLtv: ZRatio.nullable().describe('Crypto-backed: 0 < initial < marginCall < liquidation < 1; unsecured: null'),
  marginCallLtv: ZRatio.nullable().describe('Crypto-backed, see initialLtv; unsecured: null'),
  liquidationLtv: ZRatio.nullable().describe('Crypto-backed, see initialLtv; unsecured: null'),
  reason: ZReason,
};

export const ZLoanSettingCreateRequest = z.object({ kind: ZLoanKind, ...loanSettingFields });
export type TLoanSettingCreateRequest = z.infer<typeof ZLoanSettingCreateRequest>;

const ZVersion = z
  .number()
  .int()
  .min(1)
  .describe('The version the change starts from; another version answers 10200 and changes nothing');

export const ZLoanSettingUpdateRequest = z.object({ ...loanSettingFields, version: ZVersion });
export type TLoanSettingUpdateRequest = z.infer<typeof ZLoanSettingUpdateRequest>;

export const ZLoanSettingEnabledRequest = z.object({
  enabled: z.boolean().describe('true offers the product to borrowers, false withdraws it (loans taken stay)'),
  version: ZVersion,
  reason: ZReason,
});
export type TLoanSettingEnabledRequest = z.infer<typeof ZLoanSettingEnabledRequest>;

export const ZLoanSettingParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, 'a loan setting id')
    .describe('The loan setting id'),
});
export type TLoanSettingParams = z.infer<typeof ZLoanSettingParams>;
