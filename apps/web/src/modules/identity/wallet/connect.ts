import type { TWalletLoginRequest, TWalletNonceRequest, TWalletNonceResponse } from '@openbourse/contracts';
import { stringToHex } from 'viem';
import { ApiError } from '../../../shared/api/client';
import { type Eip1193Provider, firstAccount, injectedEthereum, type WalletScope } from './provider';
import { WalletError } from './wallet-error';

/**
 * Wallet sign-in without wagmi (SPEC §4 "Wallet connection"). Loaded on demand from the
 * button, so the first page never carries it.
 */

export const MAINNET_CHAIN_ID = 1;
export const SEPOLIA_CHAIN_ID = 11155111;
/** SPEC §9: TronLink injects itself late; wait up to 3 s, looking every 100 ms. */
export const TRONLINK_WAIT_MS = 3000;
export const TRONLINK_POLL_MS = 100;
/** A prompt the user must answer: as long as a sign-in message lives (5 minutes on the server). */
export const WALLET_PROMPT_TIMEOUT_MS = 5 * 60_000;
/** A question the wallet answers by itself (eth_chainId). */
export const WALLET_QUERY_TIMEOUT_MS = 10_000;

type SupportedChainId = typeof MAINNET_CHAIN_ID | typeof SEPOLIA_CHAIN_ID;

export type ConnectedWallet =
  | { walletType: 'ethereum'; address: string; chainId: SupportedChainId; sign: (message: string) => Promise<string> }
  | { walletType: 'tronlink'; address: string; sign: (message: string) => Promise<string> };

type TronWebLike = {
  defaultAddress?: { base58?: unknown };
  trx: { signMessageV2(message: string): Promise<unknown> };
};
type TronLinkLike = {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  tronWeb?: unknown;
};

export type ConnectOptions = {
  scope?: WalletScope;
  tronWaitMs?: number;
  tronPollMs?: number;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WalletError('timeout')), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

/**
 * The specific failure behind a wallet's error: EIP-1193 codes (4001 rejected, 4100 not
 * authorised, -32002 a prompt already open), TronLink's "Confirmation declined by user".
 * Anything else is passed on unchanged and shown as a generic failure.
 */
export function walletFailure(error: unknown): unknown {
  if (error instanceof WalletError || error instanceof ApiError) return error;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === 4001) return new WalletError('rejected');
  if (code === 4100) return new WalletError('noAccounts');
  if (code === -32002) return new WalletError('pending');
  const text =
    typeof error === 'string'
      ? error
      : error instanceof Error
        ? error.message
        : String((error as { message?: unknown })?.message ?? '');
  if (/declined|rejected|denied/i.test(text)) return new WalletError('rejected');
  return error;
}

async function ask<T>(promise: Promise<T>, ms: number): Promise<T> {
  try {
    return await withTimeout(promise, ms);
  } catch (error) {
    throw walletFailure(error);
  }
}

function asSignature(value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new Error('the wallet returned no signature');
  return value;
}

async function connectEthereum(provider: Eip1193Provider): Promise<ConnectedWallet> {
  const accounts = await ask(provider.request({ method: 'eth_requestAccounts' }), WALLET_PROMPT_TIMEOUT_MS);
  const address = firstAccount(accounts);
  if (!address) throw new WalletError('noAccounts');
  const chainHex = await ask(provider.request({ method: 'eth_chainId' }), WALLET_QUERY_TIMEOUT_MS);
  const chainId = typeof chainHex === 'string' ? Number.parseInt(chainHex, 16) : Number.NaN;
  // Sepolia is offered to the server, which refuses it unless the deployment allows test networks.
  if (chainId !== MAINNET_CHAIN_ID && chainId !== SEPOLIA_CHAIN_ID) throw new WalletError('unsupportedNetwork');
  return {
    walletType: 'ethereum',
    address,
    chainId,
    // personal_sign takes the message as hex bytes, then the account (EIP-4361 wallets show it as text).
    sign: async (message) =>
      asSignature(
        await ask(
          provider.request({ method: 'personal_sign', params: [stringToHex(message), address] }),
          WALLET_PROMPT_TIMEOUT_MS,
        ),
      ),
  };
}

function isTronWeb(value: unknown): value is TronWebLike {
  if (typeof value !== 'object' || value === null) return false;
  const trx = (value as { trx?: unknown }).trx;
  return (
    typeof trx === 'object' && trx !== null && typeof (trx as { signMessageV2?: unknown }).signMessageV2 === 'function'
  );
}

function tronLinkOf(scope: WalletScope): TronLinkLike | null {
  const candidate = (scope as { tronLink?: unknown }).tronLink;
  if (typeof candidate !== 'object' || candidate === null) return null;
  return typeof (candidate as { request?: unknown }).request === 'function' ? (candidate as TronLinkLike) : null;
}

/** TronLink replaces its tronWeb once the site is connected: always read the current one. */
function tronWebOf(scope: WalletScope): TronWebLike | null {
  const fromTronLink = tronLinkOf(scope)?.tronWeb;
  if (isTronWeb(fromTronLink)) return fromTronLink;
  const global = (scope as { tronWeb?: unknown }).tronWeb;
  return isTronWeb(global) ? global : null;
}

async function waitForTron(scope: WalletScope, waitMs: number, pollMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (tronLinkOf(scope) || tronWebOf(scope)) return true;
    if (Date.now() >= deadline) return false;
    await sleep(pollMs);
  }
}

async function connectTron(scope: WalletScope): Promise<ConnectedWallet> {
  const tronLink = tronLinkOf(scope);
  if (tronLink) {
    const answer = await ask(tronLink.request({ method: 'tron_requestAccounts' }), WALLET_PROMPT_TIMEOUT_MS);
    // { code: 200 } connected; 4001 rejected; 4000 a prompt already open; '' or nothing: locked.
    const code = typeof answer === 'object' && answer !== null ? (answer as { code?: unknown }).code : undefined;
    if (code === 4001) throw new WalletError('rejected');
    if (code === 4000) throw new WalletError('pending');
    if (code !== 200 && !firstAccount(answer)) throw new WalletError('noAccounts');
  }
  const tronWeb = tronWebOf(scope);
  const address = tronWeb?.defaultAddress?.base58;
  if (!tronWeb || typeof address !== 'string' || address === '') throw new WalletError('noAccounts');
  return {
    walletType: 'tronlink',
    address,
    sign: async (message) => asSignature(await ask(tronWeb.trx.signMessageV2(message), WALLET_PROMPT_TIMEOUT_MS)),
  };
}

/** The first available wallet: an injected EIP-1193 provider, else TronLink (SPEC §4). */
export async function connectWallet(options: ConnectOptions = {}): Promise<ConnectedWallet> {
  const scope = options.scope ?? window;
  const ethereum = injectedEthereum(scope);
  if (ethereum) return connectEthereum(ethereum);
  const hasTron = await waitForTron(
    scope,
    options.tronWaitMs ?? TRONLINK_WAIT_MS,
    options.tronPollMs ?? TRONLINK_POLL_MS,
  );
  if (!hasTron) throw new WalletError('noWallet');
  return connectTron(scope);
}

export type WalletSignInStep = 'connecting' | 'signing' | 'signingIn';

export type WalletSignInDeps = ConnectOptions & {
  onStep: (step: WalletSignInStep) => void;
  requestNonce: (body: TWalletNonceRequest) => Promise<TWalletNonceResponse>;
  login: (body: TWalletLoginRequest) => Promise<unknown>;
};

/** The server's refusal of a test network: INVALID_INPUT (10100) naming body.chainId. */
function isChainRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.code !== 10100) return false;
  const issues = (error.data as { issues?: unknown } | null)?.issues;
  return Array.isArray(issues) && issues.some((issue) => (issue as { path?: unknown })?.path === 'body.chainId');
}

/**
 * Connect, ask the server for a nonce and the exact message, have the wallet sign that text
 * unchanged, and post it. Wallet failures throw WalletError; server failures ApiError.
 */
export async function signInWithWallet(deps: WalletSignInDeps): Promise<void> {
  deps.onStep('connecting');
  const wallet = await connectWallet(deps);
  const request: TWalletNonceRequest =
    wallet.walletType === 'ethereum'
      ? { walletType: 'ethereum', address: wallet.address, chainId: wallet.chainId }
      : { walletType: 'tronlink', address: wallet.address };
  let challenge: TWalletNonceResponse;
  try {
    challenge = await deps.requestNonce(request);
  } catch (error) {
    if (wallet.walletType === 'ethereum' && wallet.chainId === SEPOLIA_CHAIN_ID && isChainRefusal(error)) {
      throw new WalletError('testnetDisabled');
    }
    throw error;
  }
  deps.onStep('signing');
  const signature = await wallet.sign(challenge.message);
  deps.onStep('signingIn');
  const signed = { address: wallet.address, message: challenge.message, signature };
  await deps.login(
    wallet.walletType === 'ethereum' ? { walletType: 'ethereum', ...signed } : { walletType: 'tronlink', ...signed },
  );
}
