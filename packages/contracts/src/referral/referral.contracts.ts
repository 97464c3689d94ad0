import { z } from 'zod';
import { REFERRAL_STEPS } from './referral.constants.js';

/**
 * The invite programme (issue 20): the inviter's page (code, link, invitees and their steps, the
 * rewards paid) and the back office's reward settings. Rewards are paid only when an operator
 * configures them, from a budget reserved from treasury when configured; when it is spent they stop.
 * Money is exact decimal strings; times ISO 8601 UTC.
 */

const ZDecimal = z.string().regex(/^\d{1,20}(\.\d{1,12})?$/, 'a decimal number from 0');
const ZTime = z.string().describe('ISO 8601 UTC');

export const ZReferralStep = z
  .enum(REFERRAL_STEPS)
  .describe('register, fund (first deposit credited), trade (first position opened)');

export const ZInviteeStep = z.object({
  step: ZReferralStep,
  at: ZTime.nullable().describe('When the invitee reached it; null while not yet'),
  reward: z
    .object({ amount: z.string(), asset: z.string(), paidAt: ZTime })
    .nullable()
    .describe('The reward this step paid the inviter, if any'),
});

export const ZInvitee = z.object({
  name: z.string().describe("The invitee's user name or e-mail, masked (e.g. a***e@e***.com)"),
  joinedAt: ZTime,
  steps: z.array(ZInviteeStep).describe('register, fund, trade in that order'),
});
export type TInvitee = z.infer<typeof ZInvitee>;

export const ZInviteReward = z.object({ step: ZReferralStep, amount: z.string(), asset: z.string() });

export const ZInviteResponse = z.object({
  code: z.string().describe("The caller's invite code"),
  link: z.string().describe('The landing link: /pass/register?invite=CODE on this deployment'),
  invitees: z.array(ZInvitee).describe('Newest first, at most 200'),
  totals: z.object({
    invitees: z.number().int().min(0),
    funded: z.number().int().min(0),
    traded: z.number().int().min(0),
    rewards: z.array(z.object({ asset: z.string(), amount: z.string() })).describe('Paid to the caller, per asset'),
  }),
  programme: z.object({
    rewards: z.array(ZInviteReward).describe('What each step pays now; empty when no reward is configured'),
    status: z
      .enum(['none', 'active', 'budget_spent'])
      .describe('none: no rewards configured; active: paying; budget_spent: rewards stopped, the budget is used up'),
  }),
});
export type TInviteResponse = z.infer<typeof ZInviteResponse>;

/** The back office's reward settings. */
export const ZInviteRewardSettings = z.object({
  asset: z.string().describe('The asset rewards are paid in (the budget is reserved from its live treasury)'),
  rewards: z.array(z.object({ step: ZReferralStep, amount: z.string() })).describe('A step absent or 0 pays nothing'),
  budget: z.string().describe('The whole budget ever reserved'),
  paid: z.string().describe('Rewards paid from it so far'),
  remaining: z.string().describe('Still reserved (budget − paid)'),
  status: z.enum(['none', 'active', 'budget_spent']),
  version: z.number().int().min(0).describe('Sent back with a change (10235 when someone changed it first)'),
  updatedAt: ZTime.nullable(),
});
export type TInviteRewardSettings = z.infer<typeof ZInviteRewardSettings>;

export const ZInviteRewardSettingsRequest = z.object({
  asset: z.string().regex(/^[A-Z0-9]{2,10}$/, 'an asset code'),
  rewards: z.array(z.object({ step: ZReferralStep, amount: ZDecimal })).max(3),
  budget: ZDecimal.describe(
    'The whole budget: raising it reserves the difference from treasury (10201 when treasury cannot), lowering it returns the difference (10234 below what was paid)',
  ),
  version: z.number().int().min(0),
  reason: z.string().trim().min(3).max(500).describe('Why (in the audit log)'),
});
export type TInviteRewardSettingsRequest = z.infer<typeof ZInviteRewardSettingsRequest>;
