import { declareRoute } from '../http/route-declaration.js';
import { ZInviteResponse, ZInviteRewardSettings, ZInviteRewardSettingsRequest } from './referral.contracts.js';
import { referralAdminEndpoints, referralEndpoints } from './referral.endpoints.js';

/** The invite programme's routes as the server declares them (issue 20). */
export const referralRoutes = {
  invite: declareRoute(referralEndpoints.invite, {
    summary:
      "The caller's invite code and link, the users they invited (masked) with the date of each step (register, fund, trade) and the reward it paid, totals, and what the programme pays now (or that its budget is spent)",
    tags: ['referral'],
    owner: 'caller',
    response: ZInviteResponse,
  }),
};

export const referralAdminRoutes = {
  inviteRewards: declareRoute(referralAdminEndpoints.inviteRewards, {
    summary: "The invite programme's rewards per step, its budget, what was paid and what remains reserved",
    tags: ['admin', 'referral'],
    owner: 'operator',
    response: ZInviteRewardSettings,
  }),
  setInviteRewards: declareRoute(referralAdminEndpoints.setInviteRewards, {
    summary:
      'Set the rewards per step and the budget: the budget is reserved from the live treasury when set (10201 when treasury cannot; nothing moves), 10234 below what was paid, 10235 when changed meanwhile; audited. Rewards are paid once per invitee and step while the budget lasts',
    tags: ['admin', 'referral'],
    owner: 'operator',
    body: ZInviteRewardSettingsRequest,
    response: ZInviteRewardSettings,
  }),
};
