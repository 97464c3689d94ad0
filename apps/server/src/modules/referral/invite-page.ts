import {
  INVITE_LANDING_PATH,
  INVITE_QUERY_PARAMETER,
  REFERRAL_STEPS,
  type TInviteResponse,
} from '@openbourse/contracts';
import { AppError } from '../../platform/errors/app-error.js';
import { inviteCodeOf, inviteeIdsOf, inviteesOf } from '../identity/index.js';
import { maskedInvitee } from './invite-mask.js';
import { amountOf, STEPS, statusOf } from './invite-programme.js';
import type { ReferralContext } from './referral.context.js';
import { findSettings, rewardsFor, rewardTotals, stepCounts, stepsOf } from './referral.repository.js';

/** The invitees an inviter's page lists, newest first. */
const LISTED_INVITEES = 200;

/** The landing link of a code: absolute on a deployment that names its public origin. */
export function inviteLink(publicOrigin: string | null, code: string): string {
  const path = `${INVITE_LANDING_PATH}?${INVITE_QUERY_PARAMETER}=${encodeURIComponent(code)}`;
  return publicOrigin ? `${publicOrigin.replace(/\/+$/, '')}${path}` : path;
}

/**
 * `GET /user/invite` (SPEC §2 /profile/invite): the caller's code and link, the users they invited
 * (masked) with the date of each step and the reward it paid, totals over all of them, and what the
 * programme pays now. Identity's users are read through its public face.
 */
export async function invitePage(ctx: ReferralContext, userId: string): Promise<TInviteResponse> {
  const code = await inviteCodeOf(ctx.db, userId);
  if (code === null) throw new AppError('NOT_LOGGED_IN');
  const [{ invitees }, allIds, totals, settings] = await Promise.all([
    inviteesOf(ctx.db, userId, LISTED_INVITEES),
    inviteeIdsOf(ctx.db, userId),
    rewardTotals(ctx.db, userId),
    findSettings(ctx.db),
  ]);
  const ids = invitees.map((invitee) => invitee.id);
  const [steps, rewards, counts] = await Promise.all([
    stepsOf(ctx.db, ids),
    rewardsFor(ctx.db, userId, ids),
    stepCounts(ctx.db, allIds),
  ]);
  const stepAt = new Map(steps.map((step) => [`${step.userId}:${step.step}`, step.at]));
  const rewardOf = new Map(rewards.map((reward) => [`${reward.inviteeId}:${reward.step}`, reward]));
  const status = statusOf(settings);
  return {
    code,
    link: inviteLink(ctx.publicOrigin, code),
    invitees: invitees.map((invitee) => ({
      name: maskedInvitee(invitee),
      joinedAt: invitee.joinedAt.toISOString(),
      steps: REFERRAL_STEPS.map((step) => {
        // Register is the day they joined, recorded or not (users invited before steps were kept).
        const at = stepAt.get(`${invitee.id}:${step}`) ?? (step === 'register' ? invitee.joinedAt : null);
        const reward = rewardOf.get(`${invitee.id}:${step}`);
        return {
          step,
          at: at ? at.toISOString() : null,
          reward: reward ? { amount: reward.amount, asset: reward.asset, paidAt: reward.paidAt.toISOString() } : null,
        };
      }),
    })),
    totals: {
      invitees: allIds.length,
      funded: counts.fund,
      traded: counts.trade,
      rewards: totals,
    },
    programme: {
      rewards:
        status === 'none'
          ? []
          : STEPS.filter((step) => amountOf(settings, step).isPositive()).map((step) => ({
              step,
              amount: amountOf(settings, step).toString(),
              asset: settings.asset,
            })),
      status,
    },
  };
}
