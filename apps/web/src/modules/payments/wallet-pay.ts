import type { TDeposit, TWalletAuthRequest, TWalletNetworkConfig } from '@openbourse/contracts';
import { ERC20_ABI } from '@openbourse/contracts/constants';
import {
  type Address,
  createClient,
  custom,
  decodeFunctionResult,
  defineChain,
  encodeFunctionData,
  getAddress,
  type Hex,
  hexToBigInt,
  numberToHex,
  parseUnits,
  stringToHex,
} from 'viem';
// Only a bare client and plain JSON-RPC requests: viem's decorated clients and its send/estimate
// actions bring lazily imported modules (CCIP, signature recovery) that split a shared chunk off the
// first page (bench/bundle-size.mjs). Receipt polling is the one action used.
import { waitForTransactionReceipt } from 'viem/actions';
import { ApiError } from '../../shared/api/client';
import { firstAccount, injectedEthereum, type WalletScope } from '../identity/wallet/provider';
import { DepositWalletError, depositWalletFailure } from './wallet-errors';

/**
 * "Pay from connected wallet" (SPEC §4 "Wallet link and deposit"): connect the injected
 * EIP-1193 wallet, put it on the deposit's network, link it once by signing the server's
 * message, check the balance and the gas, then send ONE `transfer(depositAddress, amount)`
 * (or a plain ETH payment) and hand the hash to the server to follow. Never an allowance:
 * the shared ERC20_ABI holds no allowance function of any kind (SPEC §0 rule 3), so none can be called.
 * Loaded on demand from the deposit screen: viem never enters the first page.
 */

/** A prompt the user must answer in the wallet. */
export const WALLET_PROMPT_TIMEOUT_MS = 5 * 60_000;
/** How long the screen waits for the transaction to be mined before saying so. */
export const RECEIPT_TIMEOUT_MS = 3 * 60_000;
/** Chain ids of test networks, to tell "testnets are off here" from "unknown network". */
const TESTNET_CHAIN_IDS = new Set([11155111]);

export type WalletDepositStep =
  | 'connecting'
  | 'switching'
  | 'linking'
  | 'checking'
  | 'confirming'
  | 'mining'
  | 'tracking';

export type WalletDepositAsset = 'USDT' | 'USDC' | 'ETH';

export type WalletDepositInput = {
  network: Pick<TWalletNetworkConfig, 'network' | 'label' | 'chainId' | 'tokens' | 'native'>;
  /** Every chain id the deployment offers (a wallet on another test network is told testnets are off). */
  offeredChainIds: readonly number[];
  asset: WalletDepositAsset;
  depositAddress: string;
  amount: string;
};

export type WalletDepositDeps = {
  scope?: WalletScope;
  onStep: (step: WalletDepositStep) => void;
  isLinked: (network: string, address: string) => Promise<boolean>;
  linkMessage: (network: TWalletAuthRequest['network'], address: string) => Promise<string>;
  link: (body: TWalletAuthRequest) => Promise<unknown>;
  track: (body: { network: TWalletAuthRequest['network']; txHash: string }) => Promise<TDeposit>;
  receiptTimeoutMs?: number;
  pollingIntervalMs?: number;
};

export type WalletDepositResult = { txHash: Hex; from: Address; deposit: TDeposit };

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DepositWalletError('timeout')), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

type Token = { kind: 'token'; address: Address; decimals: number } | { kind: 'native'; decimals: 18 };

/** The token contract (or native ETH) of the asset on the network; tokenNotSupported when it has none. */
export function tokenFor(network: WalletDepositInput['network'], asset: WalletDepositAsset): Token {
  if (asset === 'ETH') {
    if (network.native !== 'ETH') throw new DepositWalletError('tokenNotSupported');
    return { kind: 'native', decimals: 18 };
  }
  const token = asset === 'USDT' ? network.tokens.usdt : network.tokens.usdc;
  if (!token || !/^0x[0-9a-fA-F]{40}$/.test(token.address)) throw new DepositWalletError('tokenNotSupported');
  return { kind: 'token', address: getAddress(token.address), decimals: token.decimals };
}

function isEvmNetwork(network: string): network is TWalletAuthRequest['network'] {
  return network === 'ethereum' || network === 'sepolia' || network === 'local';
}

/** Runs the whole payment; failures are DepositWalletError (a known wallet failure), ApiError (the server) or other. */
export async function payFromWallet(input: WalletDepositInput, deps: WalletDepositDeps): Promise<WalletDepositResult> {
  try {
    return await pay(input, deps);
  } catch (error) {
    if (error instanceof ApiError || error instanceof DepositWalletError) throw error;
    const key = depositWalletFailure(error);
    throw key ? new DepositWalletError(key) : error;
  }
}

async function pay(input: WalletDepositInput, deps: WalletDepositDeps): Promise<WalletDepositResult> {
  const { network } = input;
  if (network.chainId === null || !isEvmNetwork(network.network)) {
    throw new DepositWalletError('unsupportedNetwork');
  }
  const networkName = network.network;
  const token = tokenFor(network, input.asset);
  const units = parseUnits(input.amount.trim(), token.decimals);
  const to = getAddress(input.depositAddress);

  deps.onStep('connecting');
  const provider = injectedEthereum(deps.scope ?? window);
  if (!provider) throw new DepositWalletError('noWallet');
  const accounts = await withTimeout(provider.request({ method: 'eth_requestAccounts' }), WALLET_PROMPT_TIMEOUT_MS);
  const account = firstAccount(accounts);
  if (!account) throw new DepositWalletError('noAccounts');
  const from = getAddress(account);

  const readChainId = async () => {
    const hex = await withTimeout(provider.request({ method: 'eth_chainId' }), 10_000);
    return typeof hex === 'string' ? Number.parseInt(hex, 16) : Number.NaN;
  };
  const walletChainId = await readChainId();
  if (walletChainId !== network.chainId) {
    deps.onStep('switching');
    try {
      await withTimeout(
        provider.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: `0x${network.chainId.toString(16)}` }],
        }),
        WALLET_PROMPT_TIMEOUT_MS,
      );
    } catch (error) {
      const key = depositWalletFailure(error);
      if (key === 'rejected' || key === 'timeout' || key === 'pending') throw new DepositWalletError(key);
      const isOffTestnet = TESTNET_CHAIN_IDS.has(walletChainId) && !input.offeredChainIds.includes(walletChainId);
      throw new DepositWalletError(isOffTestnet ? 'testnetDisabled' : 'unsupportedNetwork');
    }
    if ((await readChainId()) !== network.chainId) throw new DepositWalletError('unsupportedNetwork');
  }

  if (!(await deps.isLinked(networkName, from))) {
    deps.onStep('linking');
    const message = await deps.linkMessage(networkName, from);
    const signature = await withTimeout(
      provider.request({ method: 'personal_sign', params: [stringToHex(message), from] }),
      WALLET_PROMPT_TIMEOUT_MS,
    );
    if (typeof signature !== 'string') throw new DepositWalletError('rejected');
    await deps.link({ network: networkName, address: from, message, signature });
  }

  deps.onStep('checking');
  const chain = defineChain({
    id: network.chainId,
    name: network.label,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  });
  const pollingInterval = deps.pollingIntervalMs ?? 1000;
  const client = createClient({ chain, transport: custom(provider), account: from, pollingInterval });

  // A plain eth_getBalance: viem's getBalance brings its `call` along (see the imports).
  const ethBalance = hexToBigInt(await client.request({ method: 'eth_getBalance', params: [from, 'latest'] }));
  const gasPrice = hexToBigInt(await client.request({ method: 'eth_gasPrice' }));
  // The one transaction: transfer(depositAddress, amount) on the token, or a plain ETH payment.
  const transaction =
    token.kind === 'token'
      ? {
          from,
          to: token.address,
          data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'transfer', args: [to, units] }),
        }
      : { from, to, value: numberToHex(units) };
  if (token.kind === 'token') {
    const answer = await client.request({
      method: 'eth_call',
      params: [
        {
          to: token.address,
          data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'balanceOf', args: [from] }),
        },
        'latest',
      ],
    });
    const balance = decodeFunctionResult({ abi: ERC20_ABI, functionName: 'balanceOf', data: answer });
    if (balance < units) throw new DepositWalletError('insufficientBalance');
  } else if (ethBalance < units) {
    throw new DepositWalletError('insufficientBalance');
  }
  const gas = hexToBigInt(await client.request({ method: 'eth_estimateGas', params: [transaction] }));
  const value = token.kind === 'native' ? units : 0n;
  if (ethBalance < value + gas * gasPrice) throw new DepositWalletError('insufficientGas');

  deps.onStep('confirming');
  const txHash = await withTimeout(
    client.request({ method: 'eth_sendTransaction', params: [{ ...transaction, gas: numberToHex(gas) }] }),
    WALLET_PROMPT_TIMEOUT_MS,
  );

  deps.onStep('mining');
  const receipt = await waitForTransactionReceipt(client, {
    hash: txHash,
    timeout: deps.receiptTimeoutMs ?? RECEIPT_TIMEOUT_MS,
    pollingInterval,
  });
  if (receipt.status !== 'success') throw new DepositWalletError('transactionFailed');

  deps.onStep('tracking');
  const deposit = await deps.track({ network: networkName, txHash });
  return { txHash, from, deposit };
}
