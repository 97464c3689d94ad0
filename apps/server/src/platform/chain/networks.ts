/**
 * The chains the platform knows (issue 15). Pure data: which networks exist, their chain ids and
 * default explorer links. What is configured and usable at run time is the chain runtime's
 * business (chain-runtime.ts).
 */

export type EvmNetworkId = 'ethereum' | 'sepolia' | 'local';
export type ChainNetworkId = EvmNetworkId | 'tron' | 'bitcoin';
export type TokenSymbol = 'USDT' | 'USDC';

export const EVM_NETWORK_IDS: readonly EvmNetworkId[] = ['ethereum', 'sepolia', 'local'];
export const TOKEN_SYMBOLS: readonly TokenSymbol[] = ['USDT', 'USDC'];

export type EvmNetwork = {
  id: EvmNetworkId;
  /** 1, 11155111, 31337 */
  chainId: number;
  /** 'Ethereum', 'Sepolia', 'Sandbox chain' */
  label: string;
  rpcUrl: string;
  /** Blocks on top of a transfer's block before it counts (CONFIRMATIONS_<NETWORK>). */
  confirmations: number;
  tokens: Partial<Record<TokenSymbol, { address: `0x${string}`; decimals: number }>>;
  /** Prefix of a transaction's explorer page ('https://etherscan.io/tx/'); null for the local chain. */
  explorerTxUrl: string | null;
};

/** What does not depend on configuration. */
export const EVM_NETWORK_DEFAULTS: Record<
  EvmNetworkId,
  { chainId: number; label: string; confirmations: number; explorerTxUrl: string | null }
> = {
  ethereum: { chainId: 1, label: 'Ethereum', confirmations: 12, explorerTxUrl: 'https://etherscan.io/tx/' },
  sepolia: {
    chainId: 11_155_111,
    label: 'Sepolia',
    confirmations: 12,
    explorerTxUrl: 'https://sepolia.etherscan.io/tx/',
  },
  local: { chainId: 31_337, label: 'Sandbox chain', confirmations: 2, explorerTxUrl: null },
};

/** Mainnet token contracts (Tether USD and Circle USD Coin), both 6 decimals. */
export const MAINNET_TOKENS: Record<TokenSymbol, { address: `0x${string}`; decimals: number }> = {
  USDT: { address: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 },
  USDC: { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6 },
};
