import { depositsRoutes, type TWalletPublicConfig } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { CodedAnswer, defineRoute } from '../../platform/http/route.js';
import { depositAddressFor } from './deposit-addresses.js';
import { listRecharge } from './deposit-wire.js';
import type { DepositsContext } from './deposits.context.js';
import { claimDeposit } from './manual-claim.js';
import { findAssetSettings } from './payments.repository.js';
import { treasuryChain } from './treasury-chain.js';
import { TRON_CONFIRMATIONS, TRON_EXPLORER_TX_URL, TRON_NETWORK } from './tron-watcher.js';
import { linkWallet, trackDeposit, walletAuthStatus, walletLinkMessage } from './wallet-link.js';

async function walletConfig(context: DepositsContext): Promise<TWalletPublicConfig> {
  const networks: TWalletPublicConfig['networks'] = (context.chains?.evmNetworks() ?? []).map((network) => ({
    network: network.id,
    label: network.label,
    chainId: network.chainId,
    confirmations: network.confirmations,
    explorerTxUrl: network.explorerTxUrl,
    tokens: {
      ...(network.tokens.USDT ? { usdt: network.tokens.USDT } : {}),
      ...(network.tokens.USDC ? { usdc: network.tokens.USDC } : {}),
    },
    native: 'ETH',
    watched: true,
    manualOnly: false,
  }));
  // USDT on Tron, to each user's own Tron address: watched through the Tron API when one is set,
  // else claimed by hand after sending (an operator checks the transfer).
  networks.push({
    network: TRON_NETWORK,
    label: 'Tron',
    chainId: null,
    confirmations: context.tronWatched ? TRON_CONFIRMATIONS : 0,
    explorerTxUrl: TRON_EXPLORER_TX_URL,
    tokens: { usdt: { address: context.tronUsdtContract, decimals: 6 } },
    native: null,
    watched: context.tronWatched,
    manualOnly: !context.tronWatched,
  });
  if (context.btcAddress) {
    networks.push({
      network: 'bitcoin',
      label: 'Bitcoin',
      chainId: null,
      confirmations: 0,
      explorerTxUrl: null,
      tokens: {},
      native: null,
      watched: false,
      manualOnly: true,
    });
  }
  const minimum = async (asset: string) => (await findAssetSettings(context.db, asset))?.depositMinimum ?? '0';
  const preferred =
    networks.find((network) => network.network === 'ethereum') ?? networks.find((network) => network.watched);
  return {
    networks,
    defaultNetwork: preferred?.network ?? null,
    minimums: {
      USDT: await minimum('USDT'),
      USDC: await minimum('USDC'),
      ETH: await minimum('ETH'),
      BTC: await minimum('BTC'),
    },
    sandbox: context.sandbox,
  };
}

/** The deposit routes (issue 15): user routes under the API prefix, the treasury view under the admin prefix. */
export async function depositsUserPlugin(app: FastifyInstance, options: { context: DepositsContext }): Promise<void> {
  const { context } = options;
  defineRoute(app, depositsRoutes.walletConfig, () => walletConfig(context));
  defineRoute(app, depositsRoutes.depositAddress, ({ query, caller }) => depositAddressFor(context, caller.id, query));
  defineRoute(app, depositsRoutes.walletLinkMessage, ({ query, caller }) =>
    walletLinkMessage(context, caller.id, query),
  );
  defineRoute(app, depositsRoutes.walletAuth, ({ body, caller }) => linkWallet(context, caller.id, body));
  defineRoute(app, depositsRoutes.walletAuthStatus, ({ caller }) => walletAuthStatus(context, caller.id));
  defineRoute(app, depositsRoutes.trackDeposit, ({ body, caller }) => trackDeposit(context, caller.id, body));
  defineRoute(app, depositsRoutes.manualDeposit, async ({ body, caller, request }) => {
    const deposit = await claimDeposit(context, { userId: caller.id, requestId: request.id, ip: request.ip }, body);
    return new CodedAnswer('DEPOSIT_SUBMITTED', deposit);
  });
  defineRoute(app, depositsRoutes.listRecharge, ({ query, caller }) => listRecharge(context, caller.id, query));
}

export async function depositsAdminPlugin(
  app: FastifyInstance,
  options: { context: DepositsContext; hotWalletAddress: string | null },
): Promise<void> {
  defineRoute(app, depositsRoutes.treasuryChain, () => treasuryChain(options.context, options.hotWalletAddress));
}
