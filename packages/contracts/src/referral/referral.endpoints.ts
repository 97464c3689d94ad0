import { endpoint, type InputOf, type NoInput, type OutputOf } from '../http/endpoint.js';
import type { ZInviteResponse, ZInviteRewardSettings, ZInviteRewardSettingsRequest } from './referral.contracts.js';

/** The invite programme (issue 20), types only; the server's declarations add the schemas. */
export const referralEndpoints = {
  invite: endpoint<NoInput, OutputOf<typeof ZInviteResponse>, 'user'>('GET', '/swx/customer/user/invite', 'user'),
};

/** The back office's invite rewards (admin). */
export const referralAdminEndpoints = {
  inviteRewards: endpoint<NoInput, OutputOf<typeof ZInviteRewardSettings>, 'admin'>(
    'GET',
    '/swx/admin/invite-rewards',
    'admin',
  ),
  setInviteRewards: endpoint<
    { body: InputOf<typeof ZInviteRewardSettingsRequest> },
    OutputOf<typeof ZInviteRewardSettings>,
    'admin'
  >('POST', '/swx/admin/invite-rewards', 'admin'),
};
