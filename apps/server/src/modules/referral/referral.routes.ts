import { referralAdminRoutes, referralRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import { invitePage } from './invite-page.js';
import type { ReferralContext } from './referral.context.js';
import { inviteRewardSettings, setInviteRewards } from './set-invite-rewards.js';

type Options = { ctx: ReferralContext; paySoon: () => void };

/** The inviter's page (issue 20), under the API prefix. */
export async function referralPlugin(app: FastifyInstance, options: Options): Promise<void> {
  defineRoute(app, referralRoutes.invite, ({ caller }) => invitePage(options.ctx, caller.id));
}

/** The back office's invite rewards (issue 20), under the admin prefix. */
export async function referralAdminPlugin(app: FastifyInstance, options: Options): Promise<void> {
  const { ctx, paySoon } = options;
  defineRoute(app, referralAdminRoutes.inviteRewards, () => inviteRewardSettings(ctx));
  defineRoute(app, referralAdminRoutes.setInviteRewards, async ({ body, caller, request }) => {
    const settings = await setInviteRewards(
      ctx,
      { operatorId: caller.id, requestId: request.id, ip: request.ip },
      body,
    );
    paySoon();
    return settings;
  });
}
