import path from 'node:path';
import { type Chain, createPublicClient, http, type PublicClient, webSocket } from 'viem';
import { mainnet, sepolia } from 'viem/chains';
import type { AppConfig } from '../../config.js';
import type { StartupWork } from '../readiness/readiness.js';
import { type LocalChainNode, localChain, startLocalChainNode } from './local-node.js';
import {
  EVM_NETWORK_DEFAULTS,
  type EvmNetwork,
  type EvmNetworkId,
  MAINNET_TOKENS,
  TOKEN_SYMBOLS,
  type TokenSymbol,
} from './networks.js';
import { createTronApi, type TronApi } from './tron-api.js';

/**
 * The chains this instance talks to (issue 15): the configured EVM networks with their token
 * contracts and cached viem clients, the local sandbox node when this process runs one, and the
 * Tron API. No business rules: deposits and withdrawals (modules/payments) decide what to do.
 */

export type ChainLogger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

/** Every token on the configured networks has 6 decimals (USDT, USDC and the sandbox's copies). */
const TOKEN_DECIMALS = 6;

export type ChainConfig = {
  /** The node's config and log go under dataDir/chain. */
  dataDir: string;
  allowTestnets: boolean;
  rpcUrls: Partial<Record<EvmNetworkId, string>>;
  tokens: Partial<Record<EvmNetworkId, Partial<Record<TokenSymbol, `0x${string}`>>>>;
  confirmations: Record<EvmNetworkId, number>;
  /** Start a local Hardhat node after listening (sandbox only). */
  localNode: boolean;
  localBlockMs: number;
  tron: { apiUrl: string; apiKey?: string; usdtContract: string } | null;
};

export type ChainRuntime = {
  /** The EVM networks usable now (the local one only once its node is up and tokens deployed). */
  evmNetworks(): EvmNetwork[];
  evmNetwork(id: EvmNetworkId): EvmNetwork | undefined;
  /** A viem PublicClient for a network (cached); throws for a network not usable now. */
  publicClient(id: EvmNetworkId): PublicClient;
  /** Resolves when the configured networks are usable (local node started & tokens deployed). */
  ready(): Promise<void>;
  /** The local sandbox node, when this process started one (faucet, gas funding in sandbox). */
  localNode(): LocalChainNode | null;
  /** null without TRON_API_URL. */
  tron: TronApi | null;
  stop(): Promise<void>;
};

/** The chain part of the app's configuration. */
export function chainConfigFrom(config: AppConfig): ChainConfig {
  return {
    dataDir: config.DATA_DIR,
    allowTestnets: config.WALLET_ALLOW_TESTNETS,
    rpcUrls: {
      ethereum: config.CHAIN_RPC_URL_ETHEREUM,
      sepolia: config.CHAIN_RPC_URL_SEPOLIA,
      local: config.CHAIN_RPC_URL_LOCAL,
    },
    tokens: {
      ethereum: { USDT: config.CHAIN_TOKEN_USDT_ETHEREUM, USDC: config.CHAIN_TOKEN_USDC_ETHEREUM },
      sepolia: { USDT: config.CHAIN_TOKEN_USDT_SEPOLIA, USDC: config.CHAIN_TOKEN_USDC_SEPOLIA },
      local: { USDT: config.CHAIN_TOKEN_USDT_LOCAL, USDC: config.CHAIN_TOKEN_USDC_LOCAL },
    },
    confirmations: {
      ethereum: config.CONFIRMATIONS_ETHEREUM,
      sepolia: config.CONFIRMATIONS_SEPOLIA,
      local: config.CONFIRMATIONS_LOCAL,
    },
    localNode: config.CHAIN_LOCAL_NODE,
    localBlockMs: config.CHAIN_LOCAL_BLOCK_MS,
    tron: config.TRON_API_URL
      ? { apiUrl: config.TRON_API_URL, apiKey: config.TRON_API_KEY, usdtContract: config.CHAIN_TOKEN_USDT_TRON }
      : null,
  };
}

function tokensOf(
  id: EvmNetworkId,
  configured: Partial<Record<TokenSymbol, `0x${string}`>> | undefined,
): EvmNetwork['tokens'] {
  const tokens: EvmNetwork['tokens'] = {};
  for (const symbol of TOKEN_SYMBOLS) {
    const address = configured?.[symbol] ?? (id === 'ethereum' ? MAINNET_TOKENS[symbol].address : undefined);
    if (address) tokens[symbol] = { address, decimals: TOKEN_DECIMALS };
  }
  return tokens;
}

function networkOf(config: ChainConfig, id: EvmNetworkId, rpcUrl: string, tokens: EvmNetwork['tokens']): EvmNetwork {
  const defaults = EVM_NETWORK_DEFAULTS[id];
  return {
    id,
    chainId: defaults.chainId,
    label: defaults.label,
    rpcUrl,
    confirmations: config.confirmations[id],
    tokens,
    explorerTxUrl: defaults.explorerTxUrl,
  };
}

function alreadyReportedByReadiness(): void {}

export function createChainRuntime(options: {
  config: ChainConfig;
  log: ChainLogger;
  startup: StartupWork;
}): ChainRuntime {
  const { config, log, startup } = options;
  const networks = new Map<EvmNetworkId, EvmNetwork>();
  for (const id of ['ethereum', 'sepolia', 'local'] as const) {
    const rpcUrl = config.rpcUrls[id];
    if (!rpcUrl) continue;
    if (id === 'sepolia' && !config.allowTestnets) continue;
    if (id === 'local' && config.localNode) continue;
    networks.set(id, networkOf(config, id, rpcUrl, tokensOf(id, config.tokens[id])));
  }
  const clients = new Map<EvmNetworkId, PublicClient>();
  let node: LocalChainNode | null = null;
  let isStopping = false;

  let markReady: () => void = () => {};
  let markFailed: (error: unknown) => void = () => {};
  const readyPromise = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    markFailed = reject;
  });
  // A failed start is logged by readiness (afterListen) and answered to whoever awaits ready();
  // with nobody awaiting, it must not become an unhandled rejection.
  readyPromise.catch(alreadyReportedByReadiness);

  if (config.localNode) {
    startup.afterListen('chain', async () => {
      try {
        const started = await startLocalChainNode({
          // Hardhat keeps no state across restarts: this holds only its generated config and log.
          dataDir: path.join(config.dataDir, 'chain', 'local-node'),
          port: 0,
          blockMs: config.localBlockMs,
          onUnexpectedExit: (code, signal) => {
            log.error({ code, signal }, 'the sandbox chain node exited; the local network is gone until a restart');
            node = null;
            networks.delete('local');
            clients.delete('local');
          },
        });
        if (isStopping) {
          await started.stop();
          throw new Error('the chain runtime stopped while the local node started');
        }
        node = started;
        const tokens: EvmNetwork['tokens'] = {};
        for (const symbol of TOKEN_SYMBOLS)
          tokens[symbol] = { address: started.tokens[symbol], decimals: TOKEN_DECIMALS };
        networks.set('local', networkOf(config, 'local', started.rpcUrl, tokens));
        log.info({ rpcUrl: started.rpcUrl, tokens: started.tokens }, 'sandbox chain started');
        markReady();
      } catch (error) {
        markFailed(error);
        throw error;
      }
    });
  } else {
    markReady();
  }

  const viemChain = (network: EvmNetwork): Chain => {
    if (network.id === 'ethereum') return mainnet;
    if (network.id === 'sepolia') return sepolia;
    return localChain(network.rpcUrl);
  };

  return {
    evmNetworks: () => [...networks.values()],
    evmNetwork: (id) => networks.get(id),
    publicClient(id) {
      const cached = clients.get(id);
      if (cached) return cached;
      const network = networks.get(id);
      if (!network) throw new Error(`the ${id} network is not available`);
      const transport = /^wss?:/.test(network.rpcUrl) ? webSocket(network.rpcUrl) : http(network.rpcUrl);
      const client = createPublicClient({
        chain: viemChain(network),
        transport,
        pollingInterval: id === 'local' ? 250 : 4000,
      }) as PublicClient;
      clients.set(id, client);
      return client;
    },
    ready: () => readyPromise,
    localNode: () => node,
    tron: config.tron ? createTronApi(config.tron) : null,
    async stop() {
      isStopping = true;
      const running = node;
      node = null;
      if (config.localNode) networks.delete('local');
      clients.clear();
      await running?.stop();
    },
  };
}
