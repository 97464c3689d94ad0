import { z } from 'zod';

/**
 * The payments settings of each asset (issue 14): deposit minimum, withdrawal minimum, maximum
 * and fee rate. Stored now for the payments issue, which checks deposits and withdrawals against
 * them. Amounts are exact decimal strings in the asset, never numbers.
 */

const ZAmount = z
  .string()
  .regex(/^\d{1,20}(\.\d{1,18})?$/, 'a decimal number from 0, at most 18 decimals')
  .describe('An amount of the asset, a decimal string');
const ZRate = z.string().regex(/^0(\.\d{1,10})?$/, 'a decimal from 0 to below 1, at most 10 decimals');

export const ZPaymentAssetSettings = z.object({
  asset: z.string().describe('Asset code, e.g. USDT'),
  depositMinimum: z.string().describe('The smallest deposit accepted (SPEC §9: USDT 120, BTC 0.015, ETH 0.2)'),
  withdrawalMinimum: z.string().describe('The smallest withdrawal accepted'),
  withdrawalMaximum: z.string().nullable().describe('The largest single withdrawal; null: no cap besides the balance'),
  withdrawalFeeRate: z.string().describe('Withdrawal fee, a ratio of the amount (0.001 = 0.1 %)'),
  updatedAt: z.string().describe('When they last changed, ISO 8601 UTC'),
});
export type TPaymentAssetSettings = z.infer<typeof ZPaymentAssetSettings>;

export const ZPaymentSettingsResponse = z.object({
  items: z.array(ZPaymentAssetSettings).describe('One entry per asset, by code'),
});
export type TPaymentSettingsResponse = z.infer<typeof ZPaymentSettingsResponse>;

export const ZPaymentAssetParams = z.object({
  asset: z
    .string()
    .regex(/^[A-Z0-9]{2,12}$/, 'an asset code')
    .describe('Asset code, e.g. USDT'),
});
export type TPaymentAssetParams = z.infer<typeof ZPaymentAssetParams>;

export const ZPaymentAssetUpdateRequest = z.object({
  depositMinimum: ZAmount.optional(),
  withdrawalMinimum: ZAmount.optional().describe('Not above withdrawalMaximum'),
  withdrawalMaximum: ZAmount.nullable().optional().describe('null removes the cap; not below withdrawalMinimum'),
  withdrawalFeeRate: ZRate.optional().describe('From 0 to below 1, at most 10 decimals'),
  reason: z.string().trim().min(1).max(500).describe("The operator's reason, kept in the audit log"),
});
export type TPaymentAssetUpdateRequest = z.infer<typeof ZPaymentAssetUpdateRequest>;
