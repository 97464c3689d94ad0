import type { TWalletLoginRequest, TWalletNonceRequest } from '@openbourse/contracts';
import { hexToString } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/client';
import { connectWallet, signInWithWallet, WALLET_PROMPT_TIMEOUT_MS, type WalletSignInStep } from './connect';
import { isOtherAccount } from './provider';
import { WalletError } from './wallet-error';

const ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const TRON_ADDRESS = 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC';
const SIGNATURE = `0x${'ab'.repeat(65)}`;
const fast = { tronWaitMs: 40, tronPollMs: 5 };

type Handler = (params: readonly unknown[] | undefined) => unknown;

function ethereum(handlers: Record<string, Handler>) {
  const calls: { method: string; params?: readonly unknown[] }[] = [];
  const provider = {
    request: async ({ method, params }: { method: string; params?: readonly unknown[] }) => {
      calls.push({ method, params });
      const handler = handlers[method];
      if (!handler) throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
      return handler(params);
    },
  };
  return { scope: { ethereum: provider }, calls };
}

const mainnet = (extra: Record<string, Handler> = {}) =>
  ethereum({ eth_requestAccounts: () => [ADDRESS], eth_chainId: () => '0x1', ...extra });

async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return error instanceof WalletError ? error.key : `other: ${String(error)}`;
  }
  return 'no failure';
}

afterEach(() => {
  vi.useRealTimers();
});

describe('connectWallet with an EIP-1193 provider', () => {
  it('uses the first account and signs the exact message with personal_sign as hex', async () => {
    const { scope, calls } = mainnet({ personal_sign: () => SIGNATURE });
    const wallet = await connectWallet({ scope, ...fast });
    expect(wallet).toMatchObject({ walletType: 'ethereum', address: ADDRESS, chainId: 1 });
    const message = 'host wants you to sign in with your Ethereum account:\nline two ✓';
    expect(await wallet.sign(message)).toBe(SIGNATURE);
    const sign = calls.find((call) => call.method === 'personal_sign');
    expect(sign?.params?.[1]).toBe(ADDRESS);
    expect(hexToString(sign?.params?.[0] as `0x${string}`)).toBe(message);
  });

  it('maps code 4001 to rejected, -32002 to pending and an empty account list to noAccounts', async () => {
    const reject = () => Promise.reject({ code: 4001, message: 'User rejected the request.' });
    expect(await failureOf(connectWallet({ scope: mainnet({ eth_requestAccounts: reject }).scope }))).toBe('rejected');
    const busy = () => Promise.reject({ code: -32002, message: 'already pending' });
    expect(await failureOf(connectWallet({ scope: mainnet({ eth_requestAccounts: busy }).scope }))).toBe('pending');
    expect(await failureOf(connectWallet({ scope: mainnet({ eth_requestAccounts: () => [] }).scope }))).toBe(
      'noAccounts',
    );
    const wallet = await connectWallet({ scope: mainnet({ personal_sign: reject }).scope });
    expect(await failureOf(wallet.sign('text'))).toBe('rejected');
  });

  it('accepts Ethereum and Sepolia, refuses any other chain', async () => {
    const sepolia = await connectWallet({ scope: mainnet({ eth_chainId: () => '0xaa36a7' }).scope });
    expect(sepolia).toMatchObject({ chainId: 11155111 });
    expect(await failureOf(connectWallet({ scope: mainnet({ eth_chainId: () => '0x89' }).scope }))).toBe(
      'unsupportedNetwork',
    );
  });

  it('gives up with timeout when the wallet never answers the signing prompt', async () => {
    vi.useFakeTimers();
    const wallet = await connectWallet({ scope: mainnet({ personal_sign: () => new Promise(() => undefined) }).scope });
    const result = failureOf(wallet.sign('text'));
    await vi.advanceTimersByTimeAsync(WALLET_PROMPT_TIMEOUT_MS);
    expect(await result).toBe('timeout');
  });

  it('passes an unknown wallet failure on unchanged', async () => {
    const broken = () => Promise.reject(new Error('internal JSON-RPC error'));
    expect(await failureOf(connectWallet({ scope: mainnet({ eth_requestAccounts: broken }).scope }))).toContain(
      'other: Error: internal JSON-RPC error',
    );
  });
});

describe('connectWallet with TronLink', () => {
  function tron(answer: unknown, signMessageV2: (message: string) => Promise<unknown> = async () => SIGNATURE) {
    const tronWeb = { defaultAddress: { base58: TRON_ADDRESS }, trx: { signMessageV2 } };
    return { tronLink: { request: async () => answer, tronWeb }, tronWeb };
  }

  it('says noWallet when neither kind of wallet shows up within the wait', async () => {
    expect(await failureOf(connectWallet({ scope: {}, ...fast }))).toBe('noWallet');
  });

  it('waits for a TronLink injected late, then signs with signMessageV2', async () => {
    const scope: Record<string, unknown> = {};
    setTimeout(() => Object.assign(scope, tron({ code: 200, message: 'ok' })), 10);
    const wallet = await connectWallet({ scope, ...fast });
    expect(wallet).toMatchObject({ walletType: 'tronlink', address: TRON_ADDRESS });
    expect(await wallet.sign('text')).toBe(SIGNATURE);
  });

  it('maps the answers of tron_requestAccounts and a declined signature', async () => {
    expect(await failureOf(connectWallet({ scope: tron({ code: 4001 }), ...fast }))).toBe('rejected');
    expect(await failureOf(connectWallet({ scope: tron({ code: 4000 }), ...fast }))).toBe('pending');
    expect(await failureOf(connectWallet({ scope: tron(''), ...fast }))).toBe('noAccounts');
    const declined = tron({ code: 200 }, () => Promise.reject('Confirmation declined by user'));
    const wallet = await connectWallet({ scope: declined, ...fast });
    expect(await failureOf(wallet.sign('text'))).toBe('rejected');
  });

  it('prefers an Ethereum wallet when both are present', async () => {
    const scope = { ...tron({ code: 200 }), ...mainnet().scope };
    expect(await connectWallet({ scope, ...fast })).toMatchObject({ walletType: 'ethereum' });
  });
});

describe('signInWithWallet', () => {
  const MESSAGE = 'example.test wants you to sign in with your Ethereum account:\n...';

  it('asks a nonce for the address and network, signs that message unchanged and posts it', async () => {
    const steps: WalletSignInStep[] = [];
    const nonces: TWalletNonceRequest[] = [];
    const logins: TWalletLoginRequest[] = [];
    await signInWithWallet({
      scope: mainnet({ personal_sign: () => SIGNATURE }).scope,
      onStep: (step) => steps.push(step),
      requestNonce: async (body) => {
        nonces.push(body);
        return { nonce: 'abcdefgh12', message: MESSAGE, expiresAt: new Date().toISOString() };
      },
      login: async (body) => {
        logins.push(body);
      },
    });
    expect(steps).toEqual(['connecting', 'signing', 'signingIn']);
    expect(nonces).toEqual([{ walletType: 'ethereum', address: ADDRESS, chainId: 1 }]);
    expect(logins).toEqual([{ walletType: 'ethereum', address: ADDRESS, message: MESSAGE, signature: SIGNATURE }]);
  });

  it("turns the server's refusal of Sepolia into testnetDisabled; other server errors stay ApiErrors", async () => {
    const refusal = new ApiError(10100, 'invalid', { issues: [{ path: 'body.chainId', message: 'no test networks' }] });
    const run = (chainId: string, error: ApiError) =>
      signInWithWallet({
        scope: mainnet({ eth_chainId: () => chainId }).scope,
        onStep: () => undefined,
        requestNonce: () => Promise.reject(error),
        login: async () => undefined,
      });
    expect(await failureOf(run('0xaa36a7', refusal))).toBe('testnetDisabled');
    const limited = new ApiError(10111, 'too many');
    await expect(run('0xaa36a7', limited)).rejects.toBe(limited);
    await expect(run('0x1', refusal)).rejects.toBe(refusal);
  });
});

describe('isOtherAccount', () => {
  it('compares case-insensitively and ignores an empty account list', () => {
    expect(isOtherAccount(ADDRESS, [ADDRESS.toLowerCase()])).toBe(false);
    expect(isOtherAccount(ADDRESS, ['0x0000000000000000000000000000000000000001'])).toBe(true);
    expect(isOtherAccount(ADDRESS, [])).toBe(false);
    expect(isOtherAccount(ADDRESS, 'nonsense')).toBe(false);
  });
});
