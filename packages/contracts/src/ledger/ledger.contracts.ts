import { z } from 'zod';
import { BOOKS } from '../envelope.js';
import { ZReviewItem } from '../review/review.contracts.js';

/**
 * Why money moved: a closed list shared by the server (which records it on every transfer)
 * and the web (which names each in the user's language). Later modules extend it here.
 */
export const TRANSFER_REASONS = [
  'deposit',
  'withdrawal',
  'withdrawal_fee',
  'trade_margin_hold',
  'trade_margin_release',
  'trade_pnl',
  'trade_fee',
  'negative_balance_protection',
  'interest',
  'principal',
  'loan_disbursement',
  'loan_repayment',
  'loan_interest',
  'loan_collateral',
  'loan_collateral_release',
  'loan_liquidation',
  'loan_liquidation_surplus',
  'loan_repayment_hold',
  'treasury_capital',
  'smart_plan_funding',
  'smart_plan_return',
  'smart_plan_exit_fee',
  // Fixed-term savings (issue 18): the principal and the promised interest (from the treasury) held in
  // escrow; at maturity both to the investor; on early redemption the principal less the penalty to
  // the investor, the penalty and the reserved interest to the treasury.
  'savings_principal',
  'savings_interest_reserve',
  'savings_payout',
  'savings_interest',
  'savings_interest_return',
  'savings_penalty',
  // Options (issue 19): the premium into the options escrow and the fee to fees when bought; the
  // maximum payout from treasury into the escrow (the reserve); at expiry the payout to the holder,
  // or the sale's proceeds when sold back; what the reserve did not pay and the premium to treasury.
  'option_premium',
  'option_fee',
  'option_reserve',
  'option_payout',
  'option_sale',
  'option_reserve_return',
  'option_premium_earned',
  // The invite programme (issue 20): its budget reserved from treasury into its escrow, returned
  // when lowered, and each reward from the escrow to the inviter.
  'invite_reward_budget',
  'invite_reward_budget_return',
  'invite_reward',
  'nft_bid_hold',
  'nft_bid_release',
  'donation',
  'adjustment',
  'demo_funding',
  'demo_reset',
  'hold',
  'release',
  'capture',
] as const;
export type TransferReason = (typeof TRANSFER_REASONS)[number];

/** Decimal strings on the wire; integer minor units inside (packages/money). */
const ZDecimalString = z.string().regex(/^-?\d{1,38}(\.\d{1,18})?$/, 'a decimal number');
const ZAssetCode = z.string().regex(/^[A-Z0-9]{2,12}$/);

export const ZBalance = z.object({
  asset: z.string(),
  decimals: z.number().int(),
  available: z.string(),
  held: z.string(),
  total: z.string(),
});
export const ZBalancesResponse = z.array(ZBalance);
export type TBalance = z.infer<typeof ZBalance>;

export const ZStatementQuery = z.object({
  asset: ZAssetCode.optional(),
  reason: z
    .string()
    .regex(/^[a-z_]{3,40}$/)
    .optional(),
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional().describe('Inclusive start, ISO 8601'),
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional().describe('Exclusive end, ISO 8601'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type TStatementQuery = z.infer<typeof ZStatementQuery>;

export const ZStatementEntry = z.object({
  id: z.string().describe('Transfer id'),
  time: z.string(),
  asset: z.string(),
  account: z.enum(['available', 'held']),
  reason: z.string().describe('Reason code; the client names it in the user language'),
  amount: z.string().describe('Signed from the user side: positive in, negative out'),
  balanceAfter: z.string(),
  reference: z.object({ type: z.string(), id: z.string() }).nullable(),
  note: z.string().nullable().describe("An operator adjustment's written reason"),
});
export type TStatementEntry = z.infer<typeof ZStatementEntry>;
export const ZStatementResponse = z.object({
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  entries: z.array(ZStatementEntry),
});
export type TStatementResponse = z.infer<typeof ZStatementResponse>;

export const ZDemoResetResponse = z.object({ asset: z.literal('USDT'), available: z.string() });

export const ZAdminAdjustRequest = z.object({
  userId: z.coerce.number().int().positive(),
  asset: ZAssetCode,
  book: z.enum(BOOKS),
  amount: ZDecimalString.describe('Signed: positive credits the user from treasury, negative debits to treasury'),
  reason: z.string().trim().min(5).max(500).describe('Written reason, shown in the user statement'),
  idempotencyKey: z.string().min(8).max(100).optional(),
});
export const ZAdminAdjustMoved = z.object({ transferId: z.string(), isNew: z.boolean() });
/**
 * At or below ADJUST_REVIEW_THRESHOLD the transfer (code 200); above it the pending review item of
 * kind `adjustment` (code 20001), and nothing moves until a second admin approves it.
 */
export const ZAdminAdjustResponse = z.union([ZAdminAdjustMoved, ZReviewItem]);
