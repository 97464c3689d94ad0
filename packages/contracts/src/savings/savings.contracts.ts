import { z } from 'zod';
import {
  SAVINGS_DAILY_RATE_MAX,
  SAVINGS_MIN_LEVEL_MAX,
  SAVINGS_NAME_MAX,
  SAVINGS_ORDER_STATUSES,
  SAVINGS_PAUSE_REASONS,
  SAVINGS_PENALTY_RATE_MAX,
  SAVINGS_PERIOD_MAX_DAYS,
  SAVINGS_PRODUCT_STATUSES,
} from './savings.constants.js';

/**
 * Fixed-term savings (issue 18): the public product list (`GET /index/listFinancialProducts`),
 * subscribing (`POST /financial/invest`), the investor's orders (`GET /financial/myOrders`),
 * early redemption (`POST /financial/redeem`) and the back office's products. Every amount and
 * rate is an exact decimal string, never a number.
 *
 * The subscription's fields are loose on purpose (any string): the SPEC's codes say what is wrong
 * in its order (10211, 10094, 10013, 10095, 10025, 20096, 10011, 10212, 10201), which a schema
 * refusal would hide behind one INVALID_INPUT.
 */

const ZAssetCode = z
  .string()
  .regex(/^[A-Z0-9]{2,12}$/, 'an asset code')
  .describe('Asset code, e.g. USDT');
const ZDecimalText = z.string().describe('A decimal string');
const ZIsoTime = z.string().describe('ISO 8601 UTC');
const ZAmount = z
  .string()
  .regex(/^\d{1,20}(\.\d{1,18})?$/, 'a decimal number from 0, at most 18 decimals')
  .describe("An amount of the product's asset, a decimal string (at most the asset's decimals)");
const ZRatio = z
  .string()
  .regex(/^0(\.\d{1,10})?$/, 'a decimal from 0 to below 1, at most 10 decimals')
  .describe('A ratio, a decimal string from 0 to below 1');
const ZId = z.string().regex(/^[1-9]\d{0,17}$/, 'an id');

export const ZSavingsProductStatus = z
  .enum(SAVINGS_PRODUCT_STATUSES)
  .describe('on_sale: takes subscriptions; paused: takes none (orders taken keep earning)');
export const ZSavingsPauseReason = z
  .enum(SAVINGS_PAUSE_REASONS)
  .describe(
    'operator: paused in the back office; treasury: paused by itself when the treasury could not fund the interest a subscription would promise (an operator resumes it)',
  );
export const ZSavingsOrderStatus = z
  .enum(SAVINGS_ORDER_STATUSES)
  .describe(
    'earning → settled when it matures (principal and interest returned), or redeemed_early (principal minus the penalty returned, accrued interest forfeited)',
  );

/** One product as investors see it. */
export const ZFinancialProduct = z.object({
  id: z.string().describe('The product id'),
  name: z.string().describe("The product's name in the request's language"),
  asset: ZAssetCode.describe('The asset invested and paid, e.g. USDT'),
  decimals: z.number().int().describe("The asset's decimals: an amount has at most this many (USDT: 6)"),
  minAmount: ZDecimalText.describe('The smallest investment (below it: 10013)'),
  maxAmount: ZDecimalText.describe('The largest investment (above it: 10095)'),
  periodDays: z.number().int().describe('Days from subscription to maturity'),
  dailyRate: ZDecimalText.describe(
    'Interest per day on the principal, a ratio (0.0005 = 0.05% a day); simple interest, paid at maturity',
  ),
  remainingCapacity: ZDecimalText.describe(
    'How much more principal the product takes now: its capacity less the principal of orders earning',
  ),
  minLevel: z
    .number()
    .int()
    .min(0)
    .max(SAVINGS_MIN_LEVEL_MAX)
    .describe('The lowest VIP level that may subscribe: 0 Normal, 1–4 VIP1–VIP4 (below it: 10094)'),
  penaltyRate: ZDecimalText.describe(
    'Early redemption: this share of the principal is kept (0.01 = 1%); the accrued interest is forfeited',
  ),
  onSale: z.boolean().describe('Takes subscriptions now'),
  pausedReason: ZSavingsPauseReason.nullable().describe('Why it takes none, when paused'),
  interestAtMax: ZDecimalText.describe(
    'The interest promised at maturity for maxAmount: maxAmount × dailyRate × periodDays, rounded down',
  ),
});
export type TFinancialProduct = z.infer<typeof ZFinancialProduct>;

export const ZFinancialProductsResponse = z.object({
  items: z
    .array(ZFinancialProduct)
    .describe('The products on sale, and those paused because the treasury cannot fund them; oldest first'),
});
export type TFinancialProductsResponse = z.infer<typeof ZFinancialProductsResponse>;

export const ZInvestRequest = z.object({
  productId: z
    .string()
    .max(40)
    .optional()
    .describe('The product (GET /index/listFinancialProducts); unknown or not on sale: 10211'),
  amount: z
    .union([z.string().max(60), z.number()])
    .optional()
    .describe(
      "The principal in the product's asset, at most its decimals; not a valid amount or below the minimum: 10013, above the maximum: 10095",
    ),
});
export type TInvestRequest = z.infer<typeof ZInvestRequest>;

export const ZRedeemRequest = z.object({
  orderId: ZId.describe('One of the caller’s orders, earning (another’s or an unknown id: 10035)'),
});
export type TRedeemRequest = z.infer<typeof ZRedeemRequest>;

/** One of the investor's orders, with its figures as the accrual job last wrote them. */
export const ZSavingsOrder = z.object({
  id: z.string().describe('The order id'),
  productId: z.string(),
  productName: z.string().describe("The product's name in the request's language"),
  asset: ZAssetCode,
  amount: ZDecimalText.describe('The principal invested'),
  dailyRate: ZDecimalText.describe('The daily rate promised when subscribing; a later change of the product keeps it'),
  periodDays: z.number().int(),
  penaltyRate: ZDecimalText.describe(
    'The early-redemption penalty disclosed at subscription, a share of the principal',
  ),
  investTime: ZIsoTime.describe('Subscribed at'),
  maturityTime: ZIsoTime.describe('Matures at: investTime + periodDays days'),
  earnedDays: z.number().int().describe('Whole days earned so far (at most periodDays)'),
  currentEarnings: ZDecimalText.describe(
    'Interest earned so far: reservedInterest × earnedDays ÷ periodDays, rounded down; forfeited on early redemption',
  ),
  reservedInterest: ZDecimalText.describe(
    'The whole interest promised for maturity: principal × dailyRate × periodDays, rounded down; reserved from the treasury when subscribing',
  ),
  status: ZSavingsOrderStatus,
  earlyExitPenalty: ZDecimalText.nullable().describe(
    'Earning: what redeeming now would keep (principal × penaltyRate, rounded down to the asset’s unit: the user’s favour); otherwise null',
  ),
  earlyExitReturn: ZDecimalText.nullable().describe('Earning: what redeeming now would return (amount − penalty)'),
  closedTime: ZIsoTime.nullable().describe('Settled or redeemed at'),
  returned: ZDecimalText.nullable().describe(
    'Settled: principal + interest; redeemed early: principal − penalty; earning: null',
  ),
  penaltyCharged: ZDecimalText.nullable().describe('Redeemed early: the penalty kept; otherwise null'),
});
export type TSavingsOrder = z.infer<typeof ZSavingsOrder>;

export const ZSavingsOrderList = z.object({
  items: z.array(ZSavingsOrder).describe('The caller’s orders, newest first (at most 200)'),
});
export type TSavingsOrderList = z.infer<typeof ZSavingsOrderList>;

const ZName = z.string().trim().min(1).max(SAVINGS_NAME_MAX);

/** A product's name in every language (all ten required). */
export const ZSavingsProductNames = z
  .object({
    en: ZName,
    ja: ZName,
    ko: ZName,
    de: ZName,
    fr: ZName,
    it: ZName,
    es: ZName,
    ar: ZName,
    hk: ZName,
    zh: ZName,
  })
  .describe(`The product's name in each of the ten languages, 1 to ${SAVINGS_NAME_MAX} characters`);
export type TSavingsProductNames = z.infer<typeof ZSavingsProductNames>;

/** One product as the back office sees it. */
export const ZAdminSavingsProduct = z.object({
  id: z.string(),
  names: ZSavingsProductNames,
  asset: ZAssetCode,
  minAmount: ZDecimalText,
  maxAmount: ZDecimalText,
  periodDays: z.number().int(),
  dailyRate: ZDecimalText,
  capacity: ZDecimalText.describe('The most principal the product holds earning at once'),
  principalEarning: ZDecimalText.describe('The principal of its orders earning now'),
  remainingCapacity: ZDecimalText,
  minLevel: z.number().int(),
  penaltyRate: ZDecimalText,
  status: ZSavingsProductStatus,
  pausedReason: ZSavingsPauseReason.nullable(),
  version: z.number().int().describe('Grows by one with every change; a change names the version it started from'),
  createdAt: ZIsoTime,
  updatedAt: ZIsoTime,
});
export type TAdminSavingsProduct = z.infer<typeof ZAdminSavingsProduct>;

export const ZAdminSavingsProductsResponse = z.object({
  items: z.array(ZAdminSavingsProduct).describe('Every savings product, on sale or paused, oldest first'),
});
export type TAdminSavingsProductsResponse = z.infer<typeof ZAdminSavingsProductsResponse>;

const ZReason = z.string().trim().min(1).max(500).describe("The operator's reason, kept in the audit log");

const savingsProductFields = {
  names: ZSavingsProductNames,
  asset: ZAssetCode.describe('The asset invested and paid; a ledger asset'),
  minAmount: ZAmount.describe('The smallest investment, above 0'),
  maxAmount: ZAmount.describe('The largest investment, not below minAmount'),
  periodDays: z.number().int().min(1).max(SAVINGS_PERIOD_MAX_DAYS).describe(`Days, 1 to ${SAVINGS_PERIOD_MAX_DAYS}`),
  dailyRate: ZRatio.describe(`Interest per day, a ratio from 0 to below ${SAVINGS_DAILY_RATE_MAX}`),
  capacity: ZAmount.describe('The most principal earning at once, not below maxAmount'),
  minLevel: z.number().int().min(0).max(SAVINGS_MIN_LEVEL_MAX).describe('0 Normal, 1–4 VIP1–VIP4'),
  penaltyRate: ZRatio.describe(
    `Early redemption: a share of the principal from 0 to below ${SAVINGS_PENALTY_RATE_MAX}`,
  ),
  reason: ZReason,
};

export const ZSavingsProductCreateRequest = z.object(savingsProductFields);
export type TSavingsProductCreateRequest = z.infer<typeof ZSavingsProductCreateRequest>;

const ZVersion = z
  .number()
  .int()
  .min(1)
  .describe('The version the change starts from; another version answers 10214 and changes nothing');

export const ZSavingsProductUpdateRequest = z.object({ ...savingsProductFields, version: ZVersion });
export type TSavingsProductUpdateRequest = z.infer<typeof ZSavingsProductUpdateRequest>;

export const ZSavingsProductStatusRequest = z.object({
  onSale: z.boolean().describe('true puts the product on sale (also after a treasury pause), false pauses it'),
  version: ZVersion,
  reason: ZReason,
});
export type TSavingsProductStatusRequest = z.infer<typeof ZSavingsProductStatusRequest>;

export const ZSavingsProductParams = z.object({ id: ZId.describe('The savings product id') });
export type TSavingsProductParams = z.infer<typeof ZSavingsProductParams>;
