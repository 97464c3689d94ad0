import { endpoint, type InputOf, type NoInput, type OutputOf } from '../http/endpoint.js';
import type {
  ZDeposit,
  ZDepositAddressQuery,
  ZDepositAddressResponse,
  ZListRechargeQuery,
  ZListRechargeResponse,
  ZManualDepositRequest,
  ZTrackDepositRequest,
  ZTreasuryChainResponse,
  ZWalletAuthRequest,
  ZWalletAuthResponse,
  ZWalletAuthStatus,
  ZWalletLinkMessageQuery,
  ZWalletLinkMessageResponse,
  ZWalletPublicConfig,
} from './deposits.contracts.js';

/**
 * The deposit endpoints (issue 15), types only; the server's declarations add the schemas
 * (`deposits.routes.ts`). User routes serve the live book only.
 */
export const depositsEndpoints = {
  walletConfig: endpoint<NoInput, OutputOf<typeof ZWalletPublicConfig>, 'public'>(
    'GET',
    '/swx/customer/wallet/public/config',
    'public',
  ),
  depositAddress: endpoint<
    { query: InputOf<typeof ZDepositAddressQuery> },
    OutputOf<typeof ZDepositAddressResponse>,
    'live-user'
  >('GET', '/swx/customer/user/depositAddress', 'live-user'),
  walletLinkMessage: endpoint<
    { query: InputOf<typeof ZWalletLinkMessageQuery> },
    OutputOf<typeof ZWalletLinkMessageResponse>,
    'live-user'
  >('GET', '/swx/customer/wallet/link-message', 'live-user'),
  walletAuth: endpoint<{ body: InputOf<typeof ZWalletAuthRequest> }, OutputOf<typeof ZWalletAuthResponse>, 'live-user'>(
    'POST',
    '/swx/customer/wallet/auth',
    'live-user',
  ),
  walletAuthStatus: endpoint<NoInput, OutputOf<typeof ZWalletAuthStatus>, 'live-user'>(
    'GET',
    '/swx/customer/wallet/auth-status',
    'live-user',
  ),
  trackDeposit: endpoint<{ body: InputOf<typeof ZTrackDepositRequest> }, OutputOf<typeof ZDeposit>, 'live-user'>(
    'POST',
    '/swx/customer/user/recharge/track',
    'live-user',
  ),
  manualDeposit: endpoint<{ body: InputOf<typeof ZManualDepositRequest> }, OutputOf<typeof ZDeposit>, 'live-user'>(
    'POST',
    '/swx/customer/user/recharge',
    'live-user',
  ),
  listRecharge: endpoint<
    { query: InputOf<typeof ZListRechargeQuery> },
    OutputOf<typeof ZListRechargeResponse>,
    'live-user'
  >('GET', '/swx/customer/user/listRecharge', 'live-user'),
  treasuryChain: endpoint<NoInput, OutputOf<typeof ZTreasuryChainResponse>, 'admin'>(
    'GET',
    '/swx/admin/treasury/chain',
    'admin',
  ),
};
