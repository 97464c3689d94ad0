import { declareRoute } from '../http/route-declaration.js';
import {
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
import { depositsEndpoints } from './deposits.endpoints.js';

/** The deposit routes as the server declares them (issue 15). */
export const depositsRoutes = {
  walletConfig: declareRoute(depositsEndpoints.walletConfig, {
    summary: 'Deposit networks (label, chain id, confirmations, tokens, explorer), minimums and sandbox flag',
    tags: ['deposits'],
    response: ZWalletPublicConfig,
  }),
  depositAddress: declareRoute(depositsEndpoints.depositAddress, {
    summary: "The caller's own deposit address for an asset on a network, with the minimum and confirmations",
    tags: ['deposits'],
    owner: 'caller',
    query: ZDepositAddressQuery,
    response: ZDepositAddressResponse,
  }),
  walletLinkMessage: declareRoute(depositsEndpoints.walletLinkMessage, {
    summary: 'A one-time message to sign with the wallet to link it (expires in 10 minutes)',
    tags: ['deposits'],
    owner: 'caller',
    query: ZWalletLinkMessageQuery,
    response: ZWalletLinkMessageResponse,
    rateLimit: { max: 20, timeWindow: '1 minute' },
  }),
  walletAuth: declareRoute(depositsEndpoints.walletAuth, {
    summary: 'Link a wallet to the caller by its signature of the link message (no allowance, no approve)',
    tags: ['deposits'],
    owner: 'caller',
    body: ZWalletAuthRequest,
    response: ZWalletAuthResponse,
  }),
  walletAuthStatus: declareRoute(depositsEndpoints.walletAuthStatus, {
    summary: "The caller's linked wallets; usdt/usdcAuthorized: linked on a network carrying the token",
    tags: ['deposits'],
    owner: 'caller',
    response: ZWalletAuthStatus,
  }),
  trackDeposit: declareRoute(depositsEndpoints.trackDeposit, {
    summary:
      "Follow a wallet deposit by its hash: the server reads the receipt, checks it pays the caller's deposit address, " +
      'and records it; the credit comes after the confirmations',
    tags: ['deposits'],
    owner: 'caller',
    body: ZTrackDepositRequest,
    response: ZDeposit,
  }),
  manualDeposit: declareRoute(depositsEndpoints.manualDeposit, {
    summary: 'Claim a deposit the watcher cannot see (BTC, Tron without API, a wrong address): queued for review',
    tags: ['deposits'],
    owner: 'caller',
    body: ZManualDepositRequest,
    response: ZDeposit,
    successCode: 'DEPOSIT_SUBMITTED',
    rateLimit: { max: 10, timeWindow: '1 minute' },
  }),
  listRecharge: declareRoute(depositsEndpoints.listRecharge, {
    summary: "The caller's deposits, newest first, with status and confirmations so far",
    tags: ['deposits'],
    owner: 'caller',
    query: ZListRechargeQuery,
    response: ZListRechargeResponse,
  }),
  treasuryChain: declareRoute(depositsEndpoints.treasuryChain, {
    summary: "Admins only: hot-wallet and deposit-address balances read from the chain beside the ledger's liabilities",
    tags: ['admin'],
    owner: 'operator',
    response: ZTreasuryChainResponse,
  }),
};
