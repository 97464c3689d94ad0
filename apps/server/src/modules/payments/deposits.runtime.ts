import type { Hex } from 'viem';
import { sweepGasPrivateKey } from '../../platform/chain/hd-keys.js';
import type { EvmNetworkId } from '../../platform/chain/networks.js';
import type { TronApi } from '../../platform/chain/tron-api.js';
import type { Clock } from '../../platform/clock.js';
import { runSingleton, type Singleton, type SingletonOptions } from '../../platform/jobs/singleton.js';
import type { ReviewKindHandler, ReviewQueue } from '../review/index.js';
import { type ChainWatcher, createChainWatcher } from './chain-watcher.js';
import { createDepositReviewHandler } from './deposit-review.js';
import {
  type DepositChains,
  type DepositLog,
  type DepositsContext,
  type DepositsDb,
  isEvmNetworkId,
} from './deposits.context.js';
import { createSweeper, type Sweeper } from './sweeper.js';
import { createTronWatcher, TRON_NETWORK } from './tron-watcher.js';
import { walletAuthorizations } from './wallet-link.js';

export type DepositsModuleDeps = {
  db: DepositsDb;
  apiPrefix: string;
  clock: Clock;
  log: DepositLog;
  /** The chain runtime (null: no EVM deposits). */
  chains: DepositChains | null;
  /** DEPOSIT_XPUB: addresses are derived from it (null: no deposit addresses). */
  depositXpub: string | null;
  /** DEPOSIT_XPRV, only where the role includes the worker (the sweeper signs with it). */
  depositXprv: string | null;
  /** The hot wallet's address for the treasury view (null where unknown). */
  hotWalletAddress: string | null;
  /** DEPOSIT_ADDRESS_BTC */
  btcAddress: string | null;
  /** The Tron API (TRON_API_URL), or null: Tron deposits then take the manual claim. */
  tron: TronApi | null;
  /** CHAIN_TOKEN_USDT_TRON */
  tronUsdtContract: string;
  sandbox: boolean;
  reviews: Pick<ReviewQueue, 'submit' | 'findBySource'>;
  alerts: DepositsContext['alerts'];
  /** Where the singletons hold their advisory locks (the database URL, or a pg pool). */
  lockConnection: SingletonOptions['connection'];
  /** SERVER_ROLE includes the worker: run the watchers (and, with the keys, the sweepers). */
  worker: boolean;
  pollMs?: number;
  /** How often the Tron watcher asks its API (default 15 s). */
  tronPollMs?: number;
  sweepIntervalMs?: number;
};

export type DepositsRuntime = {
  context: DepositsContext;
  /** The `deposit` review kind, for the review framework. */
  depositReview: ReviewKindHandler;
  /** getUserInfo's usdtAllowed / usdcAllowed (identity asks through its port). */
  walletAuthorizations(userId: string): Promise<{ usdtAllowed: boolean; usdcAllowed: boolean }>;
  /** Watchers and sweepers of this process (worker role), once the chains are ready. */
  watchers: Map<EvmNetworkId, ChainWatcher>;
  sweepers: Map<EvmNetworkId, Sweeper>;
  start(): void;
  stop(): Promise<void>;
};

/**
 * The deposit side of payments (issue 15): its context, review kind, and, in the worker role, a
 * chain watcher and a sweeper per EVM network, each a singleton (advisory lock
 * `payments-watcher:<network>` / `payments-sweeper:<network>`), started once the chain runtime is
 * ready (the sandbox node starts after the server listens); with a Tron API, the Tron watcher
 * too (`payments-watcher:tron`).
 */
export function createDepositsRuntime(deps: DepositsModuleDeps): DepositsRuntime {
  const watchers = new Map<EvmNetworkId, ChainWatcher>();
  const sweepers = new Map<EvmNetworkId, Sweeper>();
  const singletons: Singleton[] = [];
  let isStopped = false;
  const context: DepositsContext = {
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    chains: deps.chains,
    depositXpub: deps.depositXpub,
    btcAddress: deps.btcAddress,
    tronWatched: deps.tron !== null,
    tronUsdtContract: deps.tronUsdtContract,
    sandbox: deps.sandbox,
    reviews: deps.reviews,
    alerts: deps.alerts,
    onAddressCreated: (network) => {
      if (isEvmNetworkId(network)) watchers.get(network)?.refreshAddresses();
    },
  };

  const launch = () => {
    const chains = deps.chains;
    if (isStopped || !chains) return;
    for (const network of chains.evmNetworks()) {
      const client = chains.publicClient(network.id);
      const watcher = createChainWatcher({ context, network, client, pollMs: deps.pollMs });
      watchers.set(network.id, watcher);
      singletons.push(
        runSingleton({
          connection: deps.lockConnection,
          lockKey: `payments-watcher:${network.id}`,
          name: `payments-watcher:${network.id}`,
          log: deps.log,
          loop: watcher.loop,
          retryMs: 2000,
        }),
      );
      if (deps.depositXprv && deps.hotWalletAddress) {
        const sweeper = createSweeper({
          context,
          network,
          client,
          depositXprv: deps.depositXprv,
          hotWalletAddress: deps.hotWalletAddress as Hex,
          gasKey: sweepGasPrivateKey(deps.depositXprv),
          intervalMs: deps.sweepIntervalMs,
        });
        sweepers.set(network.id, sweeper);
        singletons.push(
          runSingleton({
            connection: deps.lockConnection,
            lockKey: `payments-sweeper:${network.id}`,
            name: `payments-sweeper:${network.id}`,
            log: deps.log,
            loop: sweeper.loop,
            retryMs: 5000,
          }),
        );
      }
    }
  };

  return {
    context,
    depositReview: createDepositReviewHandler(context),
    walletAuthorizations: (userId) => walletAuthorizations(context, userId),
    watchers,
    sweepers,
    start: () => {
      if (!deps.worker || !deps.depositXpub) return;
      if (deps.tron) {
        const tronWatcher = createTronWatcher({ context, api: deps.tron, pollMs: deps.tronPollMs });
        singletons.push(
          runSingleton({
            connection: deps.lockConnection,
            lockKey: `payments-watcher:${TRON_NETWORK}`,
            name: `payments-watcher:${TRON_NETWORK}`,
            log: deps.log,
            loop: tronWatcher.loop,
            retryMs: 5000,
          }),
        );
      }
      if (!deps.chains) return;
      deps.chains
        .ready()
        .then(launch, (error: unknown) =>
          deps.log.error({ err: error }, 'deposits: the chains did not start; no watcher runs'),
        );
    },
    stop: async () => {
      isStopped = true;
      await Promise.all(singletons.map((singleton) => singleton.stop()));
    },
  };
}
